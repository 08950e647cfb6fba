// The list being edited: its name, the text (typed, pasted, read from a .txt file or, for a new
// deck, copied from a server's sample deck), the deck size reading to check it under, the save
// buttons, and the checked listing.
import { useRef, useState } from "preact/hooks";
import type { SampleDeck } from "../../../gen/spacedock/v1/decks_pb.js";
import { type Draft, isDirty } from "./deck_draft.js";
import { kMaxListBytes, listBytes, nameFromFile, nameProblem } from "./deck_limits.js";
import { DeckListing, type Checked } from "./deck_listing.js";
import { SampleStart } from "./sample_start.js";

export interface DeckCheck {
  checked: Checked | null;
  error: string | null;
  checking: boolean;
  checkNow: () => void;
}

const kPlaceholder =
  "Missions:\n1\tEvacuation\n...\n\nSeed:\n1\tFederation Outpost\n...\n\nDraw:\n1\tJean-Luc Picard\n...";

// Puts the caret on line `number` of the text area and scrolls it into sight.
function selectLine(area: HTMLTextAreaElement, number: number): void {
  const lines = area.value.split("\n");
  const start = lines.slice(0, number - 1).reduce((sum, line) => sum + line.length + 1, 0);
  area.focus();
  area.setSelectionRange(start, start + (lines[number - 1]?.length ?? 0));
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
  area.scrollTop = Math.max(0, (number - 3) * lineHeight);
}

export function DeckEditor(props: {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  thirty: boolean;
  setThirty: (thirty: boolean) => void;
  check: DeckCheck;
  busy: boolean;
  save: (asNew: boolean) => void;
  startNew: () => void;
  samples: SampleDeck[]; // the server's sample decks, to start a new deck from
  startFrom: (sample: SampleDeck) => void;
}) {
  const { draft, change, check } = props;
  const area = useRef<HTMLTextAreaElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const bytes = listBytes(draft.text);
  const badName = draft.name ? nameProblem(draft.name) : null;
  const canSave = !props.busy && !!draft.name && !badName && bytes <= kMaxListBytes;

  const importFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ""; // choosing the same file again must fire again
    if (!file) return;
    if (file.size > kMaxListBytes) {
      setFileError(`${file.name} is larger than the 16 KiB a deck list may hold.`);
      return;
    }
    setFileError(null);
    change({ text: await file.text(), name: draft.name || nameFromFile(file.name) });
  };

  return (
    <section class="panel deck-editor" aria-label="Deck editor">
      <div class="deck-editor-head">
        <h2>
          {draft.deckId ? `Editing “${draft.savedName}”` : "New deck"}
          {isDirty(draft) && <span class="muted small"> (unsaved changes)</span>}
        </h2>
        <button type="button" onClick={props.startNew}>
          New deck
        </button>
      </div>
      <label>
        Deck name
        <input
          value={draft.name}
          onInput={(e) => change({ name: e.currentTarget.value })}
          aria-invalid={badName ? true : undefined}
        />
      </label>
      {badName && <p class="error small">{badName}</p>}
      {draft.deckId === 0n && <SampleStart samples={props.samples} start={props.startFrom} busy={props.busy} />}
      <label>
        Import a LackeyCCG list (.txt file)
        <input type="file" accept=".txt,text/plain" onChange={(e) => importFile(e.currentTarget)} />
      </label>
      {fileError && (
        <p class="error small" role="alert">
          {fileError}
        </p>
      )}
      <label>
        Deck list (paste or type: a count, a tab, a title; sections end with “:”)
        <textarea
          ref={area}
          class="deck-text"
          rows={14}
          spellcheck={false}
          placeholder={kPlaceholder}
          value={draft.text}
          onInput={(e) => change({ text: e.currentTarget.value })}
        />
      </label>
      <p class={`small ${bytes > kMaxListBytes ? "error" : "muted"}`}>{(bytes / 1024).toFixed(1)} of 16 KiB</p>
      <label class="check">
        <input type="checkbox" checked={props.thirty} onChange={(e) => props.setThirty(e.currentTarget.checked)} />
        Check as 30/30 decks (at most 30 seed cards, at least 30 in the draw deck)
      </label>
      <div class="deck-editor-actions">
        <button type="button" class="primary" disabled={!canSave} onClick={() => props.save(false)}>
          {draft.deckId ? "Save" : "Save new deck"}
        </button>
        {draft.deckId !== 0n && (
          <button type="button" disabled={!canSave} onClick={() => props.save(true)}>
            Save as a new deck
          </button>
        )}
        <button type="button" disabled={!draft.text.trim() || check.checking} onClick={check.checkNow}>
          {check.checking ? "Checking…" : "Check now"}
        </button>
      </div>
      {check.error && (
        <p class="error" role="alert">
          {check.error}
        </p>
      )}
      {check.checked && (
        <DeckListing
          checked={check.checked}
          stale={check.checked.text !== draft.text || check.checked.thirty !== props.thirty}
          onPick={(line) => area.current && selectLine(area.current, line)}
        />
      )}
    </section>
  );
}
