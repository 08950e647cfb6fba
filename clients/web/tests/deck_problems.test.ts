import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DeckProblemSchema } from "../gen/spacedock/v1/decks_pb.js";
import { buildListing, linesWithProblems, listLines, problemWords } from "../src/ui/decks/deck_problems.js";

const problem = (line: number, code: string, message: string) =>
  create(DeckProblemSchema, { line, code, message });

const list = "Missions:\r\n1\tEvacuation\n1\tNo Such Card\n\nDraw:\n1x Data";

test("lines are split at \\n with a trailing \\r dropped, as the server reads them", () => {
  assert.deepEqual(listLines(list), ["Missions:", "1\tEvacuation", "1\tNo Such Card", "", "Draw:", "1x Data"]);
  assert.deepEqual(listLines(""), [""]);
});

test("every problem lands beside its line; line 0 and unknown lines go to the whole deck", () => {
  const listing = buildListing(list, [
    problem(3, "UNKNOWN_CARD", "line 3: unknown card 'No Such Card'"),
    problem(0, "DECK_SIZE", "the game deck has 2 cards; it needs 60"),
    problem(2, "MISSION_COUNT", "line 2: 1 mission; a deck needs 6"),
    problem(3, "TEST_CARD", "line 3: second problem on the same line"),
    problem(40, "UNREADABLE_LINE", "line 40: past the end"),
  ]);
  assert.equal(listing.lines.length, 6);
  assert.deepEqual(listing.lines[2].problems.map((p) => p.code), ["UNKNOWN_CARD", "TEST_CARD"]);
  assert.deepEqual(listing.lines[1].problems.map((p) => p.code), ["MISSION_COUNT"]);
  assert.deepEqual(listing.whole.map((p) => p.code), ["DECK_SIZE", "UNREADABLE_LINE"]);
  assert.equal(listing.lines[0].number, 1);
  assert.equal(linesWithProblems(listing), 2);
});

test("problem words drop the line number the listing already shows", () => {
  assert.equal(problemWords(problem(3, "UNKNOWN_CARD", "line 3: unknown card 'X'")), "unknown card 'X'");
  assert.equal(problemWords(problem(0, "DECK_SIZE", "the deck has 59 cards")), "the deck has 59 cards");
});

test("an unknown card's near name follows its problem, when the server found one", () => {
  const unknown = create(DeckProblemSchema, {
    line: 4,
    code: "UNKNOWN_CARD",
    message: "line 4: unknown card 'Gowrn'",
    suggestion: "Gowron",
  });
  assert.equal(problemWords(unknown), "unknown card 'Gowrn': did you mean Gowron?");
  // Said once, should the server's words already name it.
  const named = create(DeckProblemSchema, { ...unknown, message: "unknown card 'Gowrn' (Gowron?)" });
  assert.equal(problemWords(named), "unknown card 'Gowrn' (Gowron?)");
});
