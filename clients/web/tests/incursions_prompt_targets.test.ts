import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsPosition,
  IncursionsStep,
  IncursionsSystem,
  IncursionsViewSchema,
} from "../gen/spacedock/v1/incursions_pb.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";

// Two vessels: seat 0 at the start tile, seat 1 one hex east; seat 2 eliminated.
const view = create(IncursionsViewSchema, {
  tiles: [
    { coord: { q: 0, r: 0 }, hexId: "start", name: "Start" },
    { coord: { q: 1, r: 0 }, hexId: "hex.p1.open_space", name: "Open Space", ownerSeat: 1 },
  ],
  vessels: [
    { seat: 0, position: { q: 0, r: 0 } },
    { seat: 1, position: { q: 1, r: 0 } },
    { seat: 2, position: { q: 0, r: 0 }, eliminated: true },
  ],
});

function prompt(options: { id: bigint; label: string; action?: object }[]): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 7,
    seat: 0,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "Maneuver 1 of 2",
    options: options.map((o) => ({
      id: o.id,
      label: o.label,
      detail: o.action ? { case: "incursions" as const, value: o.action } : { case: undefined },
    })),
    context: { case: "incursions", value: { step: IncursionsStep.MANEUVER } },
  });
}

test("no prompt, nothing to click", () => {
  const t = promptTargets(null, view);
  assert.equal(t.hexes.size, 0);
  assert.equal(t.vessels.size, 0);
  assert.deepEqual(t.other, []);
});

test("moves and explores light their destination hexes", () => {
  const t = promptTargets(
    prompt([
      { id: 1n, label: "Move to (1,0)", action: { kind: Kind.MOVE, destination: { q: 1, r: 0 } } },
      { id: 2n, label: "Explore west", action: { kind: Kind.EXPLORE, destination: { q: -1, r: 0 } } },
      { id: 3n, label: "Explore north-west", action: { kind: Kind.EXPLORE, destination: { q: 0, r: -1 } } },
    ]),
    view,
  );
  assert.deepEqual([...t.hexes.keys()].sort(), ["-1,0", "0,-1", "1,0"]);
  assert.deepEqual(t.hexes.get("1,0")!.options.map((o) => o.id), [1n]);
  assert.deepEqual([...t.hexes.get("1,0")!.roles], ["move"]);
  assert.deepEqual([...t.hexes.get("-1,0")!.roles], ["explore"]);
  assert.equal(t.vessels.size, 0);
  assert.equal(t.other.length, 0);
});

test("a destination at the start tile (0,0) still counts", () => {
  // protobuf-es leaves an all-zero HexCoord as a present, empty message.
  const t = promptTargets(
    prompt([{ id: 4n, label: "Move to (0,0)", action: { kind: Kind.MOVE, destination: {} } }]),
    view,
  );
  assert.deepEqual([...t.hexes.keys()], ["0,0"]);
});

test("weapons and beams aim at a vessel and light its hex", () => {
  const t = promptTargets(
    prompt([
      { id: 10n, label: "Fire phasers with 0 Pwr", action: { kind: Kind.FIRE_W1, targetSeat: 1 } },
      { id: 11n, label: "Fire phasers with 1 Pwr", action: { kind: Kind.FIRE_W1, targetSeat: 1, power: 1 } },
      { id: 12n, label: "Fire torpedoes", action: { kind: Kind.FIRE_W2, targetSeat: 1, rangePower: 1 } },
      { id: 13n, label: "Tractor beam", action: { kind: Kind.TRACTOR, targetSeat: 1, power: 2 } },
      { id: 14n, label: "Move east", action: { kind: Kind.MOVE, destination: { q: 1, r: 0 } } },
      { id: 15n, label: "Set off your mine", action: { kind: Kind.DETONATE_MINE, targetSeat: 0 } },
    ]),
    view,
  );
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [10n, 11n, 12n, 13n]);
  assert.deepEqual(t.vessels.get(0)!.map((o) => o.id), [15n]);
  // The hex east holds both the move there and the shots at the vessel in it.
  const east = t.hexes.get("1,0")!;
  assert.deepEqual(east.options.map((o) => o.id), [10n, 11n, 12n, 13n, 14n]);
  assert.deepEqual([...east.roles].sort(), ["move", "target"]);
  assert.deepEqual(t.hexes.get("0,0")!.options.map((o) => o.id), [15n]);
  assert.equal(t.other.length, 0);
});

test("break away from a beam aims at its holder", () => {
  const t = promptTargets(
    prompt([{ id: 20n, label: "Break away", action: { kind: Kind.BREAK_TRACTOR, targetSeat: 1, power: 2 } }]),
    view,
  );
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [20n]);
});

test("a target no longer on the board is still a vessel option but lights no hex", () => {
  const t = promptTargets(prompt([{ id: 30n, label: "Fire", action: { kind: Kind.FIRE_W1, targetSeat: 2 } }]), view);
  assert.deepEqual(t.vessels.get(2)!.map((o) => o.id), [30n]);
  assert.equal(t.hexes.size, 0);
});

test("everything else is an 'other' option, in the prompt's order", () => {
  const t = promptTargets(
    prompt([
      { id: 40n, label: "Repair the hull", action: { kind: Kind.REPAIR, system: IncursionsSystem.HULL, power: 1 } },
      { id: 41n, label: "Lay a mine", action: { kind: Kind.LAY_MINE, power: 1 } },
      { id: 42n, label: "Cloak", action: { kind: Kind.CLOAK } },
      { id: 43n, label: "End your maneuvers", action: { kind: Kind.END_MANEUVERS } },
      { id: 44n, label: "Cut 3 hexes", action: { kind: Kind.CUT, cut: 3 } },
      { id: 45n, label: "A move without a destination", action: { kind: Kind.MOVE } },
      { id: 46n, label: "An option without detail" },
      { id: 47n, label: "Fire with no target named", action: { kind: Kind.FIRE_W1 } },
    ]),
    view,
  );
  assert.deepEqual(t.other.map((o) => o.id), [40n, 41n, 42n, 43n, 44n, 45n, 46n, 47n]);
  assert.equal(t.hexes.size, 0);
  assert.equal(t.vessels.size, 0);
});

test("shots and assimilations at an officer light the vessel, its hex and the officer", () => {
  const t = promptTargets(
    prompt([
      { id: 50n, label: "Fire Phasers at Player 2", action: { kind: Kind.FIRE_W1, targetSeat: 1 } },
      {
        id: 51n,
        label: "Fire Phasers at Player 2's Helm Officer",
        action: { kind: Kind.FIRE_W1, targetSeat: 1, officer: IncursionsPosition.HELM },
      },
      {
        id: 52n,
        label: "Fire Torpedoes at Player 2's Helm Officer with 1 Pwr",
        action: { kind: Kind.FIRE_W2, targetSeat: 1, officer: IncursionsPosition.HELM, power: 1 },
      },
      {
        id: 53n,
        label: "Assimilate Player 2's Klingon Captain for 3 Pwr",
        action: { kind: Kind.ASSIMILATE, targetSeat: 1, officer: IncursionsPosition.CAPTAIN, power: 3 },
      },
    ]),
    view,
  );
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [50n, 51n, 52n, 53n]);
  assert.deepEqual(t.hexes.get("1,0")!.options.map((o) => o.id), [50n, 51n, 52n, 53n]);
  assert.deepEqual([...t.officers.keys()].sort(), ["1:1", "1:3"]);
  assert.deepEqual(t.officers.get("1:3")!.map((o) => o.id), [51n, 52n]);
  assert.deepEqual(t.officers.get("1:1")!.map((o) => o.id), [53n]);
  assert.equal(t.other.length, 0);
});

test("returning an officer to service lights that officer on the decider's own board", () => {
  const t = promptTargets(
    prompt([
      { id: 60n, label: "Return your Helm Officer to service", action: { kind: Kind.RESTORE_OFFICER, officer: IncursionsPosition.HELM } },
      { id: 61n, label: "End your maneuvers", action: { kind: Kind.END_MANEUVERS } },
    ]),
    view,
  );
  // The prompt is seat 0's.
  assert.deepEqual([...t.officers.keys()], ["0:3"]);
  assert.deepEqual(t.officers.get("0:3")!.map((o) => o.id), [60n]);
  assert.equal(t.vessels.size, 0);
  assert.equal(t.hexes.size, 0);
  assert.deepEqual(t.other.map((o) => o.id), [61n]);
});

test("a restore that names no officer stays in the decision panel", () => {
  const t = promptTargets(prompt([{ id: 62n, label: "Return an officer", action: { kind: Kind.RESTORE_OFFICER } }]), view);
  assert.equal(t.officers.size, 0);
  assert.deepEqual(t.other.map((o) => o.id), [62n]);
});
