import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { StoredDeckSchema } from "../gen/spacedock/v1/decks_pb.js";
import { draftOf, isDirty, kEmptyDraft, savedAs } from "../src/ui/decks/deck_draft.js";

test("a stored deck opens clean; edits make it dirty; saving what was sent cleans it", () => {
  const stored = create(StoredDeckSchema, { summary: { deckId: 7n, name: "Feds" }, deckList: "Draw:\n1\tData" });
  const draft = draftOf(stored);
  assert.equal(draft.deckId, 7n);
  assert.equal(isDirty(draft), false);
  const edited = { ...draft, text: draft.text + "\n1\tWorf" };
  assert.equal(isDirty(edited), true);
  assert.equal(isDirty(savedAs(edited, 7n, "Feds", edited.text)), false);
  // Typed on while the save was out: still dirty.
  const later = { ...edited, text: edited.text + "\n1\tTroi" };
  assert.equal(isDirty(savedAs(later, 7n, "Feds", edited.text)), true);
  assert.equal(isDirty(kEmptyDraft), false);
});
