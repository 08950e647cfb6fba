// The deck being edited: what the fields hold, and what was last stored, to tell unsaved edits.
import type { SampleDeck, StoredDeck } from "../../../gen/spacedock/v1/decks_pb.js";

export interface Draft {
  deckId: bigint; // 0n: not stored yet
  name: string;
  text: string;
  savedName: string;
  savedText: string;
}

export const kEmptyDraft: Draft = { deckId: 0n, name: "", text: "", savedName: "", savedText: "" };

export function draftOf(stored: StoredDeck): Draft {
  const name = stored.summary?.name ?? "";
  return {
    deckId: stored.summary?.deckId ?? 0n,
    name,
    text: stored.deckList,
    savedName: name,
    savedText: stored.deckList,
  };
}

export function isDirty(draft: Draft): boolean {
  return draft.name !== draft.savedName || draft.text !== draft.savedText;
}

// After SaveDeck: the draft is now the stored deck `deckId`, as sent.
export function savedAs(draft: Draft, deckId: bigint, name: string, text: string): Draft {
  return { ...draft, deckId, savedName: name, savedText: text };
}

// "federation" as people read it: "Federation".
export const sampleTitle = (sample: SampleDeck): string => sample.name.charAt(0).toUpperCase() + sample.name.slice(1);

// A new deck started from one of the server's sample decks: its list, to edit and save as the
// player's own; named after it unless the player has named the new deck already.
export function fromSample(draft: Draft, sample: SampleDeck): Draft {
  const named = draft.deckId === 0n && draft.name.trim() !== "";
  const name = named ? draft.name : `${sampleTitle(sample)} (from the sample deck)`;
  return { ...kEmptyDraft, name, text: sample.list };
}
