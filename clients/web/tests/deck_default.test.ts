import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DeckSummarySchema } from "../gen/spacedock/v1/decks_pb.js";
import { Game } from "../gen/spacedock/v1/lobby_pb.js";
import { defaultDeck, kSampleDeckChoice } from "../src/ui/lobby/deck_default.js";

const deck = (deckId: bigint, legal: boolean, updatedAtMs: bigint, game = Game.STCCG, createdAtMs = 1n) =>
  create(DeckSummarySchema, { deckId, name: `deck ${deckId}`, game, legal, createdAtMs, updatedAtMs });

test("a seat starts with the most recently saved legal deck of the game", () => {
  const decks = [
    deck(1n, true, 100n),
    deck(2n, true, 300n),
    deck(3n, false, 500n),  // newer but not legal
    deck(4n, true, 900n, Game.INCURSIONS),  // another game
  ];
  assert.equal(defaultDeck(decks, Game.STCCG), "deck:2");
});

test("a deck never saved again counts from its creation", () => {
  assert.equal(defaultDeck([deck(1n, true, 200n), deck(2n, true, 0n, Game.STCCG, 400n)], Game.STCCG), "deck:2");
});

test("without a legal stored deck a seat starts with a sample deck", () => {
  assert.equal(defaultDeck([], Game.STCCG), kSampleDeckChoice);
  assert.equal(defaultDeck([deck(3n, false, 500n)], Game.STCCG), "sample:federation");
});
