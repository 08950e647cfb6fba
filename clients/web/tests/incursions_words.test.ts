import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import {
  IncursionsHitSchema,
  IncursionsPhase,
  IncursionsPowerSchema,
  IncursionsTileSchema,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  Race,
} from "../gen/spacedock/v1/incursions_pb.js";
import { powerCards, powerWords } from "../src/ui/incursions/power.js";
import {
  describeHex,
  describeVessel,
  dice,
  groupHexIds,
  hitWords,
  nameLines,
  raceGlyph,
  seatName,
  statusLine,
  tileTitle,
} from "../src/ui/incursions/words.js";

const ship = (name: string, race: Race) => ({
  name,
  race,
  hull: 30,
  shields: 20,
  w1: { name: "Disruptors", dice: 1, flat: 3 },
  w2: { name: "Torpedoes", dice: 1, flat: 2, range: 1 },
  w3: { name: "Mines", dice: 1, flat: 1 },
});

const view = create(IncursionsViewSchema, {
  phase: IncursionsPhase.TURN,
  round: 3,
  turn: 5,
  activeSeat: 1,
  maneuversUsed: 1,
  maneuversAllowed: 2,
  vessels: [
    { seat: 0, ship: ship("Klingon Battle Cruiser", Race.KLINGON), hull: 12, shields: 4 },
    { seat: 1, ship: ship("Federation Escort", Race.FEDERATION), hull: 25, shields: 17, cloaked: true },
  ],
});

test("seats are numbered from 1 for people, and the viewer is 'you'", () => {
  assert.equal(seatName(0, 0), "you");
  assert.equal(seatName(0, 1), "Player 1");
  assert.equal(seatName(3, undefined), "Player 4");
  assert.equal(raceGlyph(Race.ROMULAN), "R");
  assert.equal(dice(2, 1), "2D6+1");
  assert.equal(dice(1, 0), "1D6");
  assert.equal(dice(3, -1), "3D6-1");
});

test("tile titles: printed number, filler, start", () => {
  assert.equal(tileTitle(create(IncursionsTileSchema, { hexId: "hex.010.nebula_class_i", number: 10, name: "Nebula: Class I" })), "Hex 10, Nebula: Class I");
  assert.equal(tileTitle(create(IncursionsTileSchema, { hexId: "hex.p1.open_space", name: "Open Space" })), "Open Space");
  assert.equal(tileTitle(create(IncursionsTileSchema, { hexId: "start", name: "Start" })), "Start tile");
});

test("a hex's name in words", () => {
  const tile = create(IncursionsTileSchema, { hexId: "hex.012.x", number: 12, name: "Nebula", ownerSeat: 1 });
  const label = describeHex(
    {
      tile,
      at: { q: 1, r: -1 },
      vessels: [view.vessels[0], view.vessels[1]],
      mines: [{ ownerSeat: 1, dice: 2, flat: 0, armed: true } as never],
      roles: new Set(["move"]),
      choices: 1,
    },
    0,
  );
  assert.equal(
    label,
    "Hex 12, Nebula, from Player 2's hexpile, your ship here, Player 2's Federation Escort here (cloaked), " +
      "Player 2's mine 2D6, armed, reachable, at (1,-1)",
  );
  const empty = describeHex({ tile: undefined, at: { q: -2, r: 0 }, vessels: [], mines: [], roles: new Set(["explore"]), choices: 1 }, undefined);
  assert.equal(empty, "Unexplored space, explorable, at (-2,0)");
  const several = describeHex({ tile, at: { q: 0, r: 0 }, vessels: [], mines: [], roles: new Set(["target", "move"]), choices: 4 }, 1);
  assert.match(several, /^Hex 12, Nebula, from your hexpile, has a target, reachable, 4 choices, at \(0,0\)$/);
});

test("a vessel's name in words", () => {
  assert.equal(describeVessel(view.vessels[0], 0, 0), "Your Klingon Battle Cruiser, hull 12 of 30, shields 4 of 20");
  assert.equal(
    describeVessel(view.vessels[1], 0, 3),
    "Player 2's Federation Escort, hull 25 of 30, shields 17 of 20, cloaked, target, 3 choices",
  );
});

test("the status line: phase, turn, maneuvers, winners", () => {
  assert.equal(statusLine(view, 0), "Round 3, turn 5: Player 2's turn, 1 of 2 maneuvers used");
  assert.equal(statusLine(view, 1), "Round 3, turn 5: Your turn, 1 of 2 maneuvers used");
  assert.match(statusLine(create(IncursionsViewSchema, { phase: IncursionsPhase.SETUP }), 0), /^Setting up/);
  const over = create(IncursionsViewSchema, { phase: IncursionsPhase.GAME_OVER, winners: [1] });
  assert.equal(statusLine(over, 1), "Game over: you won");
  assert.equal(statusLine(over, 0), "Game over: Player 2 won");
  assert.equal(statusLine(over, undefined), "Game over: Player 2 won");
  assert.equal(statusLine(create(IncursionsViewSchema, { phase: IncursionsPhase.GAME_OVER }), 0), "Game over: nobody won");
  // With the players' names known, they name the seats; the viewer stays "you".
  const names = ["alice", "bob"];
  assert.equal(statusLine(view, 0, names), "Round 3, turn 5: bob's turn, 1 of 2 maneuvers used");
  assert.equal(statusLine(over, 0, names), "Game over: bob won");
  assert.equal(statusLine(over, 1, names), "Game over: you won");
});

test("the hit being resolved in words", () => {
  const shot = create(IncursionsHitSchema, { attacker: 1, target: 0, weapon: IncursionsWeaponSlot.W2, damage: 9, evasionOpen: true });
  assert.deepEqual(hitWords(shot, view, 0), {
    headline: "Player 2 fires Torpedoes (W2) at you: 9 damage rolled",
    details: ["Evasion may still be tried"],
  });
  const mine = create(IncursionsHitSchema, { attacker: 0, target: 1, weapon: IncursionsWeaponSlot.W3, damage: 4, shieldPower: 1, absorbed: 6 });
  assert.deepEqual(hitWords(mine, view, 0), {
    headline: "Your mine goes off under Player 2: 4 damage rolled",
    details: ["1 Pwr in the shields absorbs 6"],
  });
  const evaded = create(IncursionsHitSchema, { attacker: 0, target: 1, weapon: IncursionsWeaponSlot.W1, damage: 7, evaded: true, defenseSlotUsed: true });
  assert.deepEqual(hitWords(evaded, view, 0), {
    headline: "You fire Disruptors (W1) at Player 2: 7 damage rolled",
    details: ["Evaded: the hit deals no damage", "A defensive repair follows the hit"],
  });
});

test("hex names in at most two short lines", () => {
  assert.deepEqual(nameLines("Crypt"), ["Crypt"]);
  assert.deepEqual(nameLines("Nebula: Class I"), ["Nebula: Class I"]);
  assert.deepEqual(nameLines("Magnetic Storm: Force I"), ["Magnetic Storm:", "Force I"]);
  assert.deepEqual(nameLines("Sabotage Boarding Party"), ["Sabotage", "Boarding Party"]);
  assert.deepEqual(nameLines("A very long name that keeps going on"), ["A very long", "name that keep…"]);
  assert.deepEqual(nameLines("Supercalifragilistic"), ["Supercalifragi…"]);
  assert.deepEqual(nameLines("Crypt", 4), ["Cry…"]);
  assert.deepEqual(nameLines(""), []);
});

test("hex ids as people read them", () => {
  assert.deepEqual(
    groupHexIds(["hex.p1.open_space", "hex.052.spacestation", "hex.p1.open_space", "hex.crypt", "hex.045b.com_beacon"]),
    ["open space ×2", "#52 spacestation", "crypt", "#45b com beacon"],
  );
});

test("power cards: one chip per card, allocated ones name their system", () => {
  const power = create(IncursionsPowerSchema, { up: 1, spent: 1, cloak: 1, tractor: 1, diverted: 1 });
  assert.deepEqual(
    powerCards(power).map((c) => c.state),
    ["up", "spent", "cloak", "tractor"],
  );
  assert.equal(powerCards(power)[2].text, "→ CLOAK");
  assert.equal(
    powerWords(power),
    "Power: 1 up, 1 spent, 1 allocated to the cloak, 1 allocated to the tractor beam, 1 diverted from the shields",
  );
  assert.deepEqual(powerCards(undefined), []);
  assert.equal(powerWords(create(IncursionsPowerSchema, { up: 4 })), "Power: 4 up");
});
