import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { SampleDeckSchema, StoredDeckSchema } from "../gen/spacedock/v1/decks_pb.js";
import type { Connection } from "../src/net/connection.js";
import { loadCards, loadSampleDecks } from "../src/ui/cards/card_data.js";
import { draftOf, fromSample, isDirty, kEmptyDraft, savedAs } from "../src/ui/decks/deck_draft.js";

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

const klingon = create(SampleDeckSchema, { name: "klingon", list: "Missions:\n1\tQualor II Rendezvous\n" });

test("a new deck started from a sample deck holds its list, unsaved, under the sample's name", () => {
  const draft = fromSample(kEmptyDraft, klingon);
  assert.equal(draft.deckId, 0n);
  assert.equal(draft.text, klingon.list);
  assert.equal(draft.name, "Klingon (from the sample deck)");
  assert.equal(isDirty(draft), true);
  // A name the player gave the new deck is kept; a stored deck is never overwritten.
  assert.equal(fromSample({ ...kEmptyDraft, name: "My Klingons" }, klingon).name, "My Klingons");
  const stored = draftOf(create(StoredDeckSchema, { summary: { deckId: 7n, name: "Feds" }, deckList: "x" }));
  assert.equal(fromSample(stored, klingon).deckId, 0n);
  assert.equal(fromSample(stored, klingon).name, "Klingon (from the sample deck)");
});

test("the sample decks come with the card list, from one ListCards", async () => {
  let asked = 0;
  const link = {
    request: async () => {
      asked++;
      return { result: { case: "cardList", value: { stccg: [{ id: "101_001" }], stccgSampleDecks: [klingon] } } };
    },
  } as unknown as Connection;
  assert.deepEqual((await loadSampleDecks(link)).map((s) => s.name), ["klingon"]);
  assert.deepEqual((await loadCards(link)).map((c) => c.id), ["101_001"]);
  assert.equal(asked, 1);
});
