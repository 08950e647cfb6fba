import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, OptionSchema } from "../gen/spacedock/v1/game_pb.js";
import { IncursionsActionKind as Kind, IncursionsStep } from "../gen/spacedock/v1/incursions_pb.js";
import { clampCut, countWords, cutChoice, middleCut } from "../src/ui/incursions/cut_choice.js";
import { optionLabel } from "../src/ui/incursions/words.js";

// A cut as the server offers it: one option per count, 0 up to the pile's size less one, each
// labelled as the server labels it ("Cut 1 hexes ...").
function cutPrompt(size: number, deck = false) {
  return create(DecisionPromptSchema, {
    decisionId: 3,
    seat: 1,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: `Cut Player 1's hexpile of ${size} hexes`,
    context: {
      case: "incursions",
      value: { step: IncursionsStep.CUT, pileSize: size, ...(deck ? { deckOwner: 0 } : {}) },
    },
    options: Array.from({ length: size }, (_, cut) => ({
      id: BigInt(100 + cut),
      label: `Cut ${cut} ${deck ? "cards" : "hexes"} from the top to the bottom`,
      detail: { case: "incursions" as const, value: { kind: Kind.CUT, cut } },
    })),
  });
}

test("a hexpile's cut is asked as a count from the offered range, starting in the middle", () => {
  const cut = cutChoice(cutPrompt(34))!;
  assert.equal(cut.unit, "hex");
  assert.deepEqual([cut.min, cut.max, middleCut(cut)], [0, 33, 16]);
  assert.equal(cut.options.get(12), 112n);
  assert.deepEqual([clampCut(cut, 40), clampCut(cut, -2), clampCut(cut, 7.6), clampCut(cut, NaN)], [33, 0, 8, 0]);
  assert.equal(cutChoice(cutPrompt(40, true))!.unit, "card");
});

test("a prompt that is not only a cut keeps its option list", () => {
  const mixed = cutPrompt(3);
  mixed.options.push(
    create(OptionSchema, { id: 9n, label: "Pass", detail: { case: "incursions", value: { kind: Kind.ACCEPT } } }),
  );
  assert.equal(cutChoice(mixed), null);
  assert.equal(cutChoice(null), null);
});

test("one hex is a hex: counts and cut labels say '1 hex', '2 hexes', '1 card'", () => {
  assert.deepEqual([countWords(1, "hex"), countWords(2, "hex"), countWords(0, "hex")], ["1 hex", "2 hexes", "0 hexes"]);
  assert.deepEqual([countWords(1, "card"), countWords(3, "card")], ["1 card", "3 cards"]);
  const pile = cutPrompt(34);
  assert.equal(optionLabel(pile, pile.options[1]), "Cut 1 hex from the top to the bottom");
  assert.equal(optionLabel(pile, pile.options[2]), "Cut 2 hexes from the top to the bottom");
  const deck = cutPrompt(40, true);
  assert.equal(optionLabel(deck, deck.options[1]), "Cut 1 card from the top to the bottom");
});
