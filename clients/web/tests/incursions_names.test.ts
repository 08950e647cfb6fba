// The players' user names on the table: wherever it names a seat that is not the viewer's own
// (the map's hexes and vessels, the hex panel, the hit, the boards' chips and officers), a
// spectator, a judge or a replay reads the player's name, written as the player wrote it; the
// viewer's own seat stays "you"; with no names known, "Player N" as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { h } from "preact";
import {
  IncursionsHitSchema,
  IncursionsPhase,
  IncursionsPosition as Pos,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  Race,
} from "../gen/spacedock/v1/incursions_pb.js";
import { rollOwner } from "../src/ui/incursions/dice_tray.js";
import { HexCell } from "../src/ui/incursions/hex_cell.js";
import { HexInfoPanel } from "../src/ui/incursions/hex_info.js";
import { hexInfo } from "../src/ui/incursions/hex_words.js";
import { HitPanel } from "../src/ui/incursions/hit_panel.js";
import { buildMapModel } from "../src/ui/incursions/map_model.js";
import { officerLines } from "../src/ui/incursions/officer_words.js";
import { PlayerBoard } from "../src/ui/incursions/player_board.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { VesselToken } from "../src/ui/incursions/vessel.js";
import {
  describeHex,
  describeVessel,
  hitWords,
  ownerLabel,
  ownerName,
  seatLabel,
  seatName,
  statusChips,
} from "../src/ui/incursions/words.js";
import { findAll, renderTree, textOf } from "./vnode_text.js";

// "Carol" is written with a capital, "alice" and "bob" without: each stays as written.
const kNames = ["alice", "bob", "Carol"];

// alice (seat 0) and bob (seat 1) in alice's Nebula at (1,0), alice's beam holding bob; alice's
// mine and Weapons Platform there too, and a Battlestation that Carol (seat 2, eliminated)
// dominates. bob's Borg Cube carries an officer it assimilated from Carol.
const view = create(IncursionsViewSchema, {
  phase: IncursionsPhase.TURN,
  activeSeat: 0,
  tiles: [
    { coord: {}, hexId: "start", name: "Start" },
    { coord: { q: 1, r: 0 }, hexId: "hex.012.nebula", number: 12, name: "Nebula", ownerSeat: 0 },
  ],
  vessels: [
    {
      seat: 0,
      ship: { name: "Klingon Battle Cruiser", race: Race.KLINGON, hull: 30, shields: 20, w1: { name: "Disruptors" } },
      hull: 30,
      shields: 20,
      position: { q: 1, r: 0 },
      tractoringSeat: 1,
      tractorStrength: 3,
      officers: [
        {
          card: { id: "CRW-SCI", title: "Science Officer", position: Pos.SCIENCE },
          position: Pos.SCIENCE,
          faceUp: true,
          ownerSeat: 0,
          espionageEvasion: 7,
        },
      ],
    },
    {
      seat: 1,
      ship: { name: "Borg Cube", race: Race.BORG, hull: 40, shields: 20, w1: { name: "Cutting Beam" } },
      hull: 40,
      shields: 20,
      position: { q: 1, r: 0 },
      officers: [
        {
          card: { id: "CAP-BORG", title: "Borg Captain", position: Pos.CAPTAIN, race: Race.BORG },
          position: Pos.CAPTAIN,
          faceUp: true,
          ownerSeat: 1,
          espionageEvasion: 9,
        },
        {
          card: { id: "CAP-FED", title: "Federation Captain", position: Pos.CAPTAIN, race: Race.FEDERATION },
          faceUp: true,
          ownerSeat: 2,
          assimilated: true,
          espionageEvasion: 7,
        },
      ],
    },
    { seat: 2, position: { q: 2, r: 0 }, eliminated: true },
  ],
  mines: [{ ownerSeat: 0, coord: { q: 1, r: 0 }, dice: 1, flat: 1, armed: true }],
  denizens: [
    {
      id: 5,
      name: "Weapons Platform",
      coord: { q: 1, r: 0 },
      home: { q: 1, r: 0 },
      life: 15,
      lifeMax: 15,
      weaponDice: 2,
      ownerSeat: 0,
      card: { id: 47, card: { id: "WEAPONS-PLATFORM", title: "Weapons Platform" }, ownerSeat: 0 },
    },
    {
      id: 3,
      name: "Battlestation",
      coord: { q: 1, r: 0 },
      home: { q: 1, r: 0 },
      life: 40,
      lifeMax: 40,
      weaponDice: 3,
      dominatedBy: 2,
    },
  ],
});
const [alice, bob] = view.vessels;
const nebula = view.tiles[1];
const at = { q: 1, r: 0 };

test("a seat by its player's name, never capitalised; the viewer's own as 'you'", () => {
  assert.equal(seatName(0, 1, kNames), "alice");
  assert.equal(seatName(1, 1, kNames), "you");
  assert.equal(ownerName(0, 1, kNames), "alice's");
  assert.equal(ownerName(1, 1, kNames), "your");
  assert.equal(seatLabel(1, 1, kNames), "You");
  assert.equal(seatLabel(0, 1, kNames), "alice", "a sentence's start keeps a user name as written");
  assert.equal(ownerLabel(0, undefined, kNames), "alice's");
  assert.equal(ownerLabel(1, 1, kNames), "Your");
  // No names, or an empty one: by seat number.
  assert.equal(seatName(0, 1), "Player 1");
  assert.equal(seatLabel(0, 1, ["", "bob"]), "Player 1");
  assert.equal(ownerLabel(2, 1), "Player 3's");
  assert.equal(rollOwner({ seat: 0, denizen: undefined }, ["", "bob"], new Map()), "Player 1");
});

test("the map's hexes name whose tiles, ships, mines and objects they hold", () => {
  const label = (me: number | undefined, names?: readonly string[]) =>
    buildMapModel(view, promptTargets(null, view), me, undefined, names).byKey.get("1,0")!.label;
  assert.equal(
    label(1, kNames),
    "Hex 12, Nebula, from alice's hexpile, alice's Klingon Battle Cruiser here, your ship here, " +
      "alice's mine 1D6+1, armed, alice's Weapons Platform here (15 of 15 life), " +
      "denizen Battlestation here (40 of 40 life, dominated by Carol), at (1,0)",
  );
  assert.match(label(undefined, kNames), /alice's Klingon Battle Cruiser here, bob's Borg Cube here,/);
  assert.equal(
    label(1),
    "Hex 12, Nebula, from Player 1's hexpile, Player 1's Klingon Battle Cruiser here, your ship here, " +
      "Player 1's mine 1D6+1, armed, Player 1's Weapons Platform here (15 of 15 life), " +
      "denizen Battlestation here (40 of 40 life, dominated by Player 3), at (1,0)",
  );
  const facts = { tile: nebula, at, vessels: [], mines: [], roles: new Set<never>(), choices: 0 };
  assert.equal(describeHex(facts, 0, kNames), "Hex 12, Nebula, from your hexpile, at (1,0)");
});

test("a hex's tooltips name the hexpile's and the mine's owner", () => {
  const cell = buildMapModel(view, promptTargets(null, view), 1, undefined, kNames).byKey.get("1,0")!;
  const titles = (names?: readonly string[]) => {
    const tree = renderTree(
      h(HexCell, {
        cell,
        me: 1,
        names,
        tabbable: false,
        focusable: true,
        register: () => {},
        activate: () => {},
        onKey: () => {},
        onFocus: () => {},
        onHover: () => {},
      }),
    );
    return findAll(tree, (n) => n.tag === "title").map(textOf).slice(1);
  };
  assert.deepEqual(titles(kNames), ["From alice's hexpile", "alice's mine, 1D6+1, armed"]);
  assert.deepEqual(titles(), ["From Player 1's hexpile", "Player 1's mine, 1D6+1, armed"]);
});

test("the hex panel says whose ships and objects are here", () => {
  const info = hexInfo(at, nebula, view, undefined, 1, kNames);
  assert.deepEqual(info.facts, ["From alice's hexpile"]);
  assert.deepEqual(info.here, [
    "alice's Klingon Battle Cruiser",
    "Your Borg Cube",
    "alice's Weapons Platform: life 15/15",
    "Battlestation: life 40/40, dominated by Carol",
  ]);
  assert.deepEqual(hexInfo(at, nebula, view, undefined, undefined).here.slice(0, 2), [
    "Player 1's Klingon Battle Cruiser",
    "Player 2's Borg Cube",
  ]);
  const cell = buildMapModel(view, promptTargets(null, view), undefined, undefined, kNames).byKey.get("1,0")!;
  const panel = renderTree(
    h(HexInfoPanel, { cell, view, content: undefined, me: undefined, names: kNames, mine: false, hasShip: false }),
  );
  assert.match(textOf(panel), /Here now: alice's Klingon Battle Cruiser · bob's Borg Cube ·/);
});

test("a vessel's name says whose it is", () => {
  assert.equal(describeVessel(alice, 1, 0, kNames), "alice's Klingon Battle Cruiser, hull 30 of 30, shields 20 of 20");
  assert.equal(describeVessel(bob, 1, 0, kNames), "Your Borg Cube, hull 40 of 40, shields 20 of 20");
  assert.equal(describeVessel(alice, 1, 0), "Player 1's Klingon Battle Cruiser, hull 30 of 30, shields 20 of 20");
  const token = renderTree(
    h(VesselToken, { vessel: alice, at: { x: 0, y: 0 }, radius: 14, me: 1, names: kNames, active: false, choices: 0, activate: () => {} }),
  );
  assert.equal(textOf(findAll(token, (n) => n.tag === "title")[0]), describeVessel(alice, 1, 0, kNames));
});

test("the hit names its attacker and target", () => {
  const shot = create(IncursionsHitSchema, { attacker: 0, target: 1, weapon: IncursionsWeaponSlot.W1, damage: 6 });
  assert.equal(hitWords(shot, view, 1, kNames).headline, "alice fires Disruptors (W1) at you: 6 damage rolled");
  assert.equal(hitWords(shot, view, undefined, kNames).headline, "alice fires Disruptors (W1) at bob: 6 damage rolled");
  assert.equal(hitWords(shot, view, 1).headline, "Player 1 fires Disruptors (W1) at you: 6 damage rolled");
  assert.equal(hitWords(shot, view, 0, kNames).headline, "You fire Disruptors (W1) at bob: 6 damage rolled");
  const mine = create(IncursionsHitSchema, { attacker: 0, target: 1, weapon: IncursionsWeaponSlot.W3, damage: 4 });
  assert.equal(hitWords(mine, view, 1, kNames).headline, "alice's mine goes off under you: 4 damage rolled");
  const spy = create(IncursionsHitSchema, { attacker: 1, target: 0, weapon: IncursionsWeaponSlot.W1, damage: 5, targetOfficer: Pos.SCIENCE });
  assert.equal(hitWords(spy, view, undefined, kNames).headline, "bob fires Cutting Beam (W1) at alice's Science Officer: 5 damage rolled");
  const platform = create(IncursionsHitSchema, { attackingDenizen: 5, target: 1, damage: 9 });
  assert.equal(hitWords(platform, view, 1, kNames).headline, "alice's Weapons Platform attacks you for 9");
  const station = create(IncursionsHitSchema, { attackingDenizen: 3, target: 0, damage: 11 });
  assert.deepEqual(hitWords(station, view, undefined, kNames), {
    headline: "The Battlestation attacks alice for 11",
    details: ["Dominated by Carol"],
  });
  const panel = renderTree(h(HitPanel, { view: { ...view, hit: shot }, me: undefined, names: kNames }));
  assert.equal(textOf(findAll(panel, (n) => n.class === "inc-hit-headline")[0]), "alice fires Disruptors (W1) at bob: 6 damage rolled");
});

test("a board's chips name who holds whom in a tractor beam", () => {
  const texts = (v: typeof alice, me: number | undefined, names?: readonly string[]) =>
    statusChips(v, view, me, names).map((c) => c.text);
  assert.deepEqual(texts(alice, 1, kNames), ["AUX used", "Tractor beam on you (strength 3)"]);
  assert.deepEqual(texts(alice, undefined, kNames), ["AUX used", "Tractor beam on bob (strength 3)"]);
  assert.deepEqual(texts(bob, 1, kNames), ["AUX used", "Held by alice's tractor beam"]);
  assert.deepEqual(texts(bob, 0, kNames), ["AUX used", "Held by your tractor beam"]);
  assert.deepEqual(texts(bob, 1), ["AUX used", "Held by Player 1's tractor beam"]);
  const board = renderTree(PlayerBoard({ vessel: bob, view, me: undefined, name: "bob", names: kNames }));
  assert.deepEqual(findAll(board, (n) => n.class === "inc-chips")[0].children.map(textOf), [
    "AUX used",
    "Held by alice's tractor beam",
  ]);
});

test("officers say whose they are and whom they were assimilated from, names as written", () => {
  const [captain, taken] = officerLines(bob, undefined, kNames);
  assert.match(captain.label, /^bob's captain: Borg Captain,/);
  assert.equal(taken.assimilated, "Assimilated from Carol");
  assert.match(taken.label, /, assimilated from Carol,/);
  assert.match(officerLines(bob, 1, kNames)[0].label, /^Your captain: Borg Captain,/);
  const [unnamed, unnamedTaken] = officerLines(bob, 0);
  assert.match(unnamed.label, /^Player 2's captain/);
  assert.equal(unnamedTaken.assimilated, "Assimilated from Player 3");
  assert.match(unnamedTaken.label, /, assimilated from Player 3,/);
});
