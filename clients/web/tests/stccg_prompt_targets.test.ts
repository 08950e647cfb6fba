// The STCCG table's prompt-to-click mapping: which cards, locations and spaceline ends offer
// which options of a prompt, and what is left for buttons.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import { StccgActionKind as K } from "../gen/spacedock/v1/stccg_pb.js";
import { choicesWords, promptTargets, unionOptions } from "../src/ui/stccg/prompt_targets.js";

type OptionInit = { id: number; kind: K; card?: number; target?: number; location?: number };

function prompt(options: OptionInit[]): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 7,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "a decision",
    options: options.map((o) => ({
      id: BigInt(o.id),
      label: `option ${o.id}`,
      detail: {
        case: "stccg" as const,
        value: { kind: o.kind, card: o.card ?? 0, target: o.target ?? 0, location: o.location },
      },
    })),
  });
}

const ids = (options: { id: bigint }[] | undefined) => (options ?? []).map((o) => Number(o.id));

test("no prompt: nothing to click", () => {
  const t = promptTargets(null, new Set([1, 2]), 3);
  assert.equal(t.byCard.size, 0);
  assert.equal(t.byLocation.size, 0);
  assert.deepEqual([t.leftEnd, t.rightEnd, t.other], [[], [], []]);
});

test("orders: a ship offers its moves and attempt, the destinations offer the moves", () => {
  const ship = 21;
  const hand = 11;
  const outpost = 20;
  const crew = 22;
  const t = promptTargets(
    prompt([
      { id: 1, kind: K.STCCG_ACTION_MOVE, card: ship, location: 1 },
      { id: 2, kind: K.STCCG_ACTION_MOVE, card: ship, location: 2 },
      { id: 3, kind: K.STCCG_ACTION_ATTEMPT, card: ship, location: 0 },
      { id: 4, kind: K.STCCG_ACTION_REPORT, card: hand, target: outpost },
      { id: 5, kind: K.STCCG_ACTION_TRANSFER, card: crew, target: 0, location: 0 },
      { id: 6, kind: K.STCCG_ACTION_END_TURN },
    ]),
    new Set([ship, hand, outpost, crew]),
    3,
  );
  assert.deepEqual(ids(t.byCard.get(ship)), [1, 2, 3]);
  assert.deepEqual(ids(t.byLocation.get(1)), [1]);
  assert.deepEqual(ids(t.byLocation.get(2)), [2]);
  assert.deepEqual(ids(t.byLocation.get(0)), [3], "a transfer's location is where it already is");
  assert.deepEqual(ids(t.byCard.get(hand)), [4]);
  assert.deepEqual(ids(t.byCard.get(outpost)), [4], "the card reported to offers it too");
  assert.deepEqual(ids(t.byCard.get(crew)), [5]);
  assert.deepEqual(ids(t.other), [6]);
});

test("seeding missions: location 0 and 1 are the ends; joining a copy is at its location", () => {
  const t = promptTargets(
    prompt([
      { id: 1, kind: K.STCCG_ACTION_SEED_MISSION, card: 100, location: 0 },
      { id: 2, kind: K.STCCG_ACTION_SEED_MISSION, card: 100, location: 1 },
      { id: 3, kind: K.STCCG_ACTION_SEED_MISSION, card: 101, target: 5, location: 2 },
    ]),
    new Set([100, 101, 5]),
    4,
  );
  assert.deepEqual(ids(t.leftEnd), [1]);
  assert.deepEqual(ids(t.rightEnd), [2]);
  assert.deepEqual(ids(t.byLocation.get(2)), [3]);
  assert.equal(t.byLocation.get(0), undefined, "an end is not location 0");
  assert.deepEqual(ids(t.byCard.get(100)), [1, 2]);
  assert.deepEqual(ids(t.byCard.get(5)), [3], "the opponent's copy offers the join");
  assert.deepEqual(t.other, []);
});

test("seeding under missions: each dilemma offers every mission and each mission every dilemma", () => {
  const t = promptTargets(
    prompt([
      { id: 1, kind: K.STCCG_ACTION_SEED_UNDER, card: 30, location: 0 },
      { id: 2, kind: K.STCCG_ACTION_SEED_UNDER, card: 30, location: 1 },
      { id: 3, kind: K.STCCG_ACTION_SEED_UNDER, card: 31, location: 0 },
      { id: 4, kind: K.STCCG_ACTION_PASS },
    ]),
    new Set([30, 31]),
    2,
  );
  assert.deepEqual(ids(t.byCard.get(30)), [1, 2]);
  assert.deepEqual(ids(t.byCard.get(31)), [3]);
  assert.deepEqual(ids(t.byLocation.get(0)), [1, 3]);
  assert.deepEqual(ids(t.byLocation.get(1)), [2]);
  assert.deepEqual(ids(t.other), [4]);
});

test("a stand-in for a hidden card, an unknown location and a bare option go to other", () => {
  const t = promptTargets(
    prompt([
      { id: 1, kind: K.STCCG_ACTION_CHOOSE, card: 999 },
      { id: 2, kind: K.STCCG_ACTION_BATTLE, card: 23, target: 998, location: 1 },
      { id: 3, kind: K.STCCG_ACTION_MOVE, card: 997, location: 9 },
      { id: 4, kind: K.STCCG_ACTION_CHOOSE, card: 0 },
    ]),
    new Set([23]),
    2,
  );
  assert.deepEqual(ids(t.byCard.get(23)), [2], "the visible side of a battle still offers it");
  assert.equal(t.byCard.has(999), false);
  assert.deepEqual(ids(t.other), [1, 3, 4]);

  const bare = create(DecisionPromptSchema, { options: [{ id: 9n, label: "Yes" }] });
  assert.deepEqual(ids(promptTargets(bare, new Set(), 0).other), [9]);
});

test("an option naming the same card as card and target is listed once", () => {
  const t = promptTargets(prompt([{ id: 1, kind: K.STCCG_ACTION_PLAY_EVENT, card: 12, target: 12 }]), new Set([12]), 0);
  assert.deepEqual(ids(t.byCard.get(12)), [1]);
});

test("unionOptions keeps the first of each id, in order; choicesWords counts", () => {
  const p = prompt([
    { id: 1, kind: K.STCCG_ACTION_PASS },
    { id: 2, kind: K.STCCG_ACTION_PASS },
    { id: 3, kind: K.STCCG_ACTION_PASS },
  ]);
  const [a, b, c] = p.options;
  assert.deepEqual(ids(unionOptions([b, a], undefined, [a, c])), [2, 1, 3]);
  assert.equal(choicesWords(1), "1 choice");
  assert.equal(choicesWords(3), "3 choices");
});
