// The account's stored decks: the list on one side, the deck being edited and checked on the
// other. Every change goes to the server; the page only mirrors what it answered.
import { useEffect, useState } from "preact/hooks";
import type { DeckSummary, SampleDeck } from "../../../gen/spacedock/v1/decks_pb.js";
import type { Client } from "../../app/client.js";
import { ErrorCode } from "../../../gen/spacedock/v1/envelope_pb.js";
import { describeError, RequestError } from "../../net/connection.js";
import { loadSampleDecks } from "../cards/card_data.js";
import { type Draft, draftOf, fromSample, isDirty, kEmptyDraft, savedAs, sampleTitle } from "./deck_draft.js";
import { downloadText } from "./deck_download.js";
import { DeckEditor } from "./deck_editor.js";
import { DeckList, type DeckActions } from "./deck_list.js";
import * as requests from "./deck_requests.js";
import { useDeckCheck } from "./use_deck_check.js";
import "./decks.css";

export function DecksPage({ client }: { client: Client }) {
  const link = client.connection;
  const [decks, setDecks] = useState<DeckSummary[] | null>(null);
  const [draft, setDraft] = useState<Draft>(kEmptyDraft);
  const [thirty, setThirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [samples, setSamples] = useState<SampleDeck[]>([]);
  const check = useDeckCheck(link, draft.text, thirty);
  useEffect(() => {
    loadSampleDecks(link).then(setSamples, () => {}); // without them, a deck starts empty
  }, []);

  // Runs one request at a time, showing its failure in the server's words.
  const attempt = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      return await work();
    } catch (failure) {
      setError(describeError(failure));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const refresh = () => attempt(async () => setDecks(await requests.listDecks(link)));
  useEffect(() => void refresh(), []);

  const leaveDraft = () => !isDirty(draft) || confirm("Drop the unsaved changes to this deck?");

  const save = (asNew: boolean) =>
    attempt(async () => {
      const sent = draft.text;
      const saved = await requests.saveDeck(link, asNew ? 0n : draft.deckId, draft.name, sent);
      const summary = saved.summary!;
      // Functional updates: the user may have typed on while the request was out.
      setDraft((now) => savedAs(now, summary.deckId, summary.name, sent));
      const problems = saved.validation?.problems.length ?? 0;
      setNotice(
        `Saved “${summary.name}”${problems ? `, with ${problems} problem(s) to fix before playing it` : ": legal"}.`,
      );
      setDecks(await requests.listDecks(link));
    });

  const actions: DeckActions = {
    open: (deck) => {
      if (deck.deckId === draft.deckId || !leaveDraft()) return;
      attempt(async () => setDraft(draftOf(await requests.getDeck(link, deck.deckId))));
    },
    rename: async (deck, name) => {
      const summary = await attempt(() => requests.renameDeck(link, deck.deckId, name));
      if (!summary) return false;
      setDecks((list) => list?.map((d) => (d.deckId === deck.deckId ? summary : d)) ?? null);
      setDraft((now) => (now.deckId === deck.deckId ? { ...now, name: summary.name, savedName: summary.name } : now));
      return true;
    },
    remove: (deck) => {
      if (!confirm(`Delete the deck “${deck.name}”? This cannot be undone.`)) return;
      attempt(async () => {
        await requests.deleteDeck(link, deck.deckId);
        setDecks((list) => list?.filter((d) => d.deckId !== deck.deckId) ?? null);
        // The list stays in the editor, as a new unsaved deck, in case it was deleted by mistake.
        setDraft((now) => (now.deckId === deck.deckId ? { ...now, deckId: 0n, savedName: "", savedText: "" } : now));
        setNotice(`Deleted “${deck.name}”.`);
      });
    },
    exportList: (deck) =>
      attempt(async () => {
        try {
          const exported = await requests.exportDeck(link, deck.deckId);
          downloadText(exported.name || deck.name, exported.deckList);
        } catch (failure) {
          // A list with unreadable lines has no normal form: hand it over as it was saved.
          if (!(failure instanceof RequestError) || failure.code !== ErrorCode.INVALID_OPTIONS) throw failure;
          const stored = await requests.getDeck(link, deck.deckId);
          downloadText(deck.name, stored.deckList);
          setNotice(`“${deck.name}” has lines the server cannot read, so it was downloaded as saved, not normalised.`);
        }
      }),
  };

  return (
    <div class="decks-page">
      <DeckList decks={decks} openId={draft.deckId} actions={actions} />
      <div class="decks-main">
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {notice && <p role="status">{notice}</p>}
        <DeckEditor
          draft={draft}
          change={(patch) => setDraft((now) => ({ ...now, ...patch }))}
          thirty={thirty}
          setThirty={setThirty}
          check={check}
          busy={busy}
          save={save}
          startNew={() => leaveDraft() && setDraft(kEmptyDraft)}
          samples={samples}
          startFrom={(sample) => {
            if (draft.text.trim() && !confirm("Replace the list in the editor with the sample deck's?")) return;
            setDraft((now) => fromSample(now, sample));
            setNotice(`Copied the ${sampleTitle(sample)} sample deck: change it as you like, then save it as yours.`);
          }}
        />
      </div>
    </div>
  );
}
