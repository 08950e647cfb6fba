// The account's stored decks, with the actions on each: open, rename, export, delete.
import { useEffect, useRef, useState } from "preact/hooks";
import type { DeckSummary } from "../../../gen/spacedock/v1/decks_pb.js";
import { kMaxDecks, nameProblem } from "./deck_limits.js";

export interface DeckActions {
  open: (deck: DeckSummary) => void;
  rename: (deck: DeckSummary, name: string) => Promise<boolean>;
  remove: (deck: DeckSummary) => void;
  exportList: (deck: DeckSummary) => void;
}

function RenameForm(props: { deck: DeckSummary; done: () => void; rename: DeckActions["rename"] }) {
  const [name, setName] = useState(props.deck.name);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  const problem = nameProblem(name);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!problem && (await props.rename(props.deck, name))) props.done();
  };
  return (
    <form class="deck-rename" onSubmit={submit}>
      <input
        aria-label={`New name for ${props.deck.name}`}
        value={name}
        onInput={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => e.key === "Escape" && props.done()}
        ref={field}
      />
      <button type="submit" class="primary" disabled={!!problem}>
        Rename
      </button>
      <button type="button" onClick={props.done}>
        Cancel
      </button>
      {problem && <p class="error small">{problem}</p>}
    </form>
  );
}

const when = (ms: bigint) => new Date(Number(ms)).toLocaleDateString();

export function DeckList(props: { decks: DeckSummary[] | null; openId: bigint; actions: DeckActions }) {
  const [renaming, setRenaming] = useState<bigint | null>(null);
  const { decks, actions } = props;
  return (
    <section class="panel deck-list" aria-label="Your decks">
      <h2>
        Your decks{" "}
        {decks && (
          <span class="muted small">
            {decks.length} / {kMaxDecks}
          </span>
        )}
      </h2>
      {decks === null && <p class="muted">Loading…</p>}
      {decks?.length === 0 && <p class="muted">No decks stored yet. Paste or import a list to make one.</p>}
      <ul>
        {decks?.map((deck) => (
          <li key={String(deck.deckId)} class={deck.deckId === props.openId ? "open" : undefined}>
            {renaming === deck.deckId ? (
              <RenameForm deck={deck} rename={actions.rename} done={() => setRenaming(null)} />
            ) : (
              <>
                <button
                  type="button"
                  class="link deck-name"
                  aria-current={deck.deckId === props.openId ? "true" : undefined}
                  onClick={() => actions.open(deck)}
                >
                  {deck.name}
                </button>
                <span class="muted small">
                  {deck.gameDeckCards} cards · {deck.legal ? "legal" : "not legal"} · {when(deck.updatedAtMs)}
                </span>
                <span class="deck-actions">
                  <button type="button" onClick={() => setRenaming(deck.deckId)} aria-label={`Rename ${deck.name}`}>
                    Rename
                  </button>
                  <button type="button" onClick={() => actions.exportList(deck)} aria-label={`Export ${deck.name}`}>
                    Export
                  </button>
                  <button
                    type="button"
                    class="danger"
                    onClick={() => actions.remove(deck)}
                    aria-label={`Delete ${deck.name}`}
                  >
                    Delete
                  </button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
