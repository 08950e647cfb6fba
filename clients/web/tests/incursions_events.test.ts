// Hex events and denizens (EVENTS mode) in words and on the map: denizen markers and lines, what
// a hex does (summaries from the content), shots at denizens as targets, hits by hex events and
// denizens, what a hex does to a vessel's board, and rolls made for denizens.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, GameEventSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import { IncursionsContentSchema } from "../gen/spacedock/v1/incursions_content_pb.js";
import {
  DiceRollPurpose,
  IncursionsActionKind as Kind,
  IncursionsHitSchema,
  IncursionsPhase,
  IncursionsPowerSchema,
  IncursionsStep,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  Race,
} from "../gen/spacedock/v1/incursions_pb.js";
import { purposeWord, rollOwner } from "../src/ui/incursions/dice_tray.js";
import { denizenGlyph, denizenLine, denizenNames, evasionWords, lifeShare } from "../src/ui/incursions/denizen_words.js";
import { denizenDefWords, hexInfo, hexSummaries, kStartSummary } from "../src/ui/incursions/hex_words.js";
import { buildMapModel } from "../src/ui/incursions/map_model.js";
import { powerCards, powerWords } from "../src/ui/incursions/power.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { describeVessel, eventRepairWords, hitWords, isBand, statusChips, weaponName } from "../src/ui/incursions/words.js";

const content = create(IncursionsContentSchema, {
  hexes: [
    {
      id: "hex.024.pirates",
      number: 24,
      name: "Pirates!",
      hexpoints: 3,
      affinity: Race.FEDERATION,
      summary: "Pirate raiders attack visitors other than the hex's owner.",
      event: {
        sparesOwner: true,
        arrival: true,
        remain: true,
        denizen: { name: "Pirates", weapon: { dice: 2 }, evasion: 6, life: 20, mobile: true, dominatable: true },
      },
    },
    {
      id: "hex.019.allied_starbase",
      number: 19,
      name: "Allied Starbase",
      hexpoints: 3,
      summary: "Vessels without a Federation captain take 2D6 damage.",
      event: { arrival: true, remain: true, damage: { dice: 2 } },
    },
    { id: "hex.p1.open_space", name: "Open Space", hexpoints: 1, summary: "Nothing happens here." },
  ],
});

// Start; the Pirates' hex east (Player 2's), the Allied Starbase north-east. Seat 0 at the
// starbase, seat 1 with the Pirates; a Battlestation dominated by seat 2 (eliminated) has left
// its hex for the start tile.
const view = create(IncursionsViewSchema, {
  phase: IncursionsPhase.TURN,
  tiles: [
    { coord: {}, hexId: "start", name: "Start" },
    { coord: { q: 1, r: 0 }, hexId: "hex.024.pirates", number: 24, name: "Pirates!", ownerSeat: 1 },
    { coord: { q: 1, r: -1 }, hexId: "hex.019.allied_starbase", number: 19, name: "Allied Starbase", ownerSeat: 0 },
    { coord: { q: 2, r: 0 }, hexId: "hex.031.battlestation", number: 31, name: "Battlestation", ownerSeat: 2 },
  ],
  vessels: [
    { seat: 0, ship: { name: "Federation Escort", hull: 30, shields: 20 }, hull: 20, shields: 5, position: { q: 1, r: -1 } },
    { seat: 1, ship: { name: "Klingon Bird of Prey", hull: 25, shields: 15 }, hull: 25, shields: 15, position: { q: 1, r: 0 } },
    { seat: 2, position: { q: 2, r: 0 }, eliminated: true },
  ],
  denizens: [
    {
      id: 0,
      name: "Pirates",
      coord: { q: 1, r: 0 },
      home: { q: 1, r: 0 },
      life: 12,
      lifeMax: 20,
      evasion: 6,
      weaponDice: 2,
      mobile: true,
      dominatable: true,
    },
    {
      id: 3,
      name: "Battlestation",
      coord: {},
      home: { q: 2, r: 0 },
      life: 40,
      lifeMax: 40,
      weaponDice: 3,
      dominatable: true,
      dominatedBy: 2,
    },
  ],
});

function prompt(options: { id: bigint; label: string; action?: object }[], step = IncursionsStep.MANEUVER): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 9,
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
    context: { case: "incursions", value: { step } },
  });
}

test("a denizen's marker letters: the initials of its first two words", () => {
  assert.equal(denizenGlyph("Crystal Entity"), "CE");
  assert.equal(denizenGlyph("Crypt Guardians"), "CG");
  assert.equal(denizenGlyph("Pirates"), "P");
  assert.equal(denizenGlyph("The Doomsday Device of Doom"), "DD");
  assert.equal(denizenGlyph("Pirates!"), "P");
  assert.equal(denizenGlyph(""), "?");
});

test("a denizen's line: where, life, evasion, weapon, traits and who dominates it", () => {
  const pirates = denizenLine(view.denizens[0], view, 0);
  assert.equal(pirates.where, "Hex 24, Pirates! (1,0)");
  assert.equal(pirates.life, "12/20");
  assert.equal(pirates.share, 0.6);
  assert.equal(pirates.evasion, "evades on 2D6 ≤ 6");
  assert.equal(pirates.weapon, "2D6");
  assert.deepEqual(pirates.traits, ["mobile", "can be dominated"]);
  assert.equal(pirates.dominated, "");
  assert.equal(
    pirates.label,
    "Denizen: Pirates, at Hex 24, Pirates! (1,0), life 12 of 20, evades on 2D6 ≤ 6, weapon 2D6",
  );
  // Dominated, away from home, never evades; aimed at by two options.
  const station = denizenLine(view.denizens[1], view, 2, 2);
  assert.equal(station.where, "Start tile (0,0), away from its hex (2,0)");
  assert.equal(station.evasion, "never evades");
  assert.equal(station.dominatedBy, 2);
  assert.equal(station.dominated, "dominated by you");
  assert.deepEqual(station.traits, [], "a dominated denizen is no longer up for domination");
  assert.match(station.label, /, dominated by you, target, 2 choices$/);
  assert.equal(denizenLine(view.denizens[1], view, 0).dominated, "dominated by Player 3");
  assert.equal(evasionWords(0), "never evades");
  assert.equal(lifeShare({ life: -3, lifeMax: 20 }), 0);
  assert.equal(lifeShare({ life: 5, lifeMax: 0 }), 0);
});

test("denizen names for rolls and hits: the view's, and those spawned in the events", () => {
  const spawned = create(GameEventSchema, {
    body: {
      case: "incursions",
      value: { body: { case: "denizenSpawned", value: { denizen: { id: 7, name: "Crystal Entity" } } } },
    },
  });
  const names = denizenNames(view, [spawned]);
  assert.equal(names.get(0), "Pirates");
  assert.equal(names.get(3), "Battlestation");
  assert.equal(names.get(7), "Crystal Entity", "destroyed since, but named by its spawn");
  assert.equal(denizenNames(undefined, []).size, 0);
});

test("what a hex does: its summary, facts and denizen, from the content", () => {
  const summaries = hexSummaries(content);
  assert.equal(summaries.get("hex.p1.open_space"), "Nothing happens here.");
  assert.equal(summaries.get("start"), kStartSummary);
  assert.equal(hexSummaries(undefined).size, 1, "only the start tile without the content");
  const pirates = hexInfo({ q: 1, r: 0 }, view.tiles[1], view, content, 0);
  assert.equal(pirates.title, "Hex 24, Pirates!");
  assert.equal(pirates.at, "(1,0)");
  assert.deepEqual(pirates.facts, ["From Player 2's hexpile", "3 hexpoints", "Federation block"]);
  assert.equal(pirates.summary, "Pirate raiders attack visitors other than the hex's owner.");
  assert.equal(pirates.denizen, "Pirates: life 20, evades on 2D6 ≤ 6, weapon 2D6, mobile, can be dominated");
  assert.deepEqual(pirates.here, ["Player 2's Klingon Bird of Prey", "Pirates: life 12/20"]);
  const start = hexInfo({ q: 0, r: 0 }, view.tiles[0], view, content, 0);
  assert.equal(start.summary, kStartSummary);
  assert.deepEqual(start.here, ["Battlestation: life 40/40, dominated by Player 3"]);
  // A hex the content does not list (a newer server's) still has its title; unexplored space too.
  const unknown = hexInfo({ q: 2, r: 0 }, view.tiles[3], view, content, 0);
  assert.equal(unknown.summary, "");
  assert.deepEqual(unknown.facts, ["From Player 3's hexpile"]);
  const space = hexInfo({ q: 5, r: 5 }, undefined, view, content, 0);
  assert.equal(space.title, "Unexplored space");
  assert.equal(denizenDefWords({ name: "Guardians", life: 30, evasion: 5, weapon: { dice: 2, flat: 0 } } as never), "Guardians: life 30, evades on 2D6 ≤ 5, weapon 2D6, cannot be dominated");
});

test("the map puts denizens in their hexes, says so, and carries each tile's summary", () => {
  const model = buildMapModel(view, promptTargets(null, view), 0, hexSummaries(content));
  const east = model.byKey.get("1,0")!;
  assert.deepEqual(east.denizens.map((d) => d.id), [0]);
  assert.equal(east.summary, "Pirate raiders attack visitors other than the hex's owner.");
  assert.match(east.label, /Player 2's Klingon Bird of Prey here, denizen Pirates here \(12 of 20 life\), at \(1,0\)$/);
  assert.match(model.byKey.get("0,0")!.label, /denizen Battlestation here \(40 of 40 life, dominated by Player 3\)/);
  assert.equal(model.byKey.get("2,0")!.summary, "", "a hex the content does not list has no summary");
  assert.equal(buildMapModel(view, promptTargets(null, view), 0).byKey.get("1,0")!.summary, "", "no content yet");
});

test("shots at a denizen light the denizen and its hex, not a vessel", () => {
  const t = promptTargets(
    prompt([
      { id: 1n, label: "Fire Phasers at the Pirates (12 life) with 0 Pwr", action: { kind: Kind.FIRE_W1, targetDenizen: 0 } },
      { id: 2n, label: "Fire Torpedoes at the Pirates with 1 Pwr", action: { kind: Kind.FIRE_W2, targetDenizen: 0, power: 1 } },
      { id: 3n, label: "Fire Phasers at Player 2", action: { kind: Kind.FIRE_W1, targetSeat: 1 } },
      // Denizen id 0 is a real id: present though zero.
      { id: 4n, label: "Fire at the Battlestation", action: { kind: Kind.FIRE_W2, targetDenizen: 3, rangePower: 1 } },
    ]),
    view,
  );
  assert.deepEqual(t.denizens.get(0)!.map((o) => o.id), [1n, 2n]);
  assert.deepEqual(t.denizens.get(3)!.map((o) => o.id), [4n]);
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [3n]);
  assert.equal(t.vessels.get(0), undefined, "a shot at a denizen is not a shot at seat 0");
  assert.deepEqual(t.hexes.get("1,0")!.options.map((o) => o.id), [1n, 2n, 3n]);
  assert.deepEqual([...t.hexes.get("1,0")!.roles], ["target"]);
  assert.deepEqual(t.hexes.get("0,0")!.options.map((o) => o.id), [4n]);
  assert.equal(t.other.length, 0);
});

test("domination and hex weapons: the denizen taken, where it moves, whom it or the hex's weapon hits", () => {
  const t = promptTargets(
    prompt([
      { id: 1n, label: "Take control of the Pirates (12 life)", action: { kind: Kind.DOMINATE, targetDenizen: 0 } },
      {
        id: 2n,
        label: "Move the Battlestation (40 life) to (1,-1)",
        action: { kind: Kind.DENIZEN_MOVE, targetDenizen: 3, destination: { q: 1, r: -1 } },
      },
      // target_denizen is the attacker here: the vessel is what is aimed at.
      { id: 3n, label: "Attack Player 2 with the Battlestation", action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 3, targetSeat: 1 } },
      { id: 4n, label: "Fire the hex's weapon at Player 2 with 2 Pwr", action: { kind: Kind.FIRE_HEX_WEAPON, targetSeat: 1, power: 2 } },
    ]),
    view,
  );
  assert.deepEqual(t.denizens.get(0)!.map((o) => o.id), [1n]);
  assert.equal(t.denizens.get(3), undefined, "the attacking or moving denizen is not the target");
  assert.deepEqual([...t.hexes.get("1,-1")!.roles], ["move"]);
  assert.deepEqual(t.hexes.get("1,-1")!.options.map((o) => o.id), [2n]);
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [3n, 4n]);
  assert.deepEqual(t.hexes.get("1,0")!.options.map((o) => o.id), [1n, 3n, 4n]);
  assert.deepEqual(t.other, []);
});

test("an action kind newer than this client is placed by what it names, else left to the panel", () => {
  const t = promptTargets(
    prompt([
      { id: 1n, label: "Something aimed at the Pirates", action: { kind: 40, targetDenizen: 0 } },
      { id: 2n, label: "Something going to (1,-1)", action: { kind: 41, targetDenizen: 3, destination: { q: 1, r: -1 } } },
      { id: 3n, label: "Something aimed at Player 2", action: { kind: 42, targetDenizen: 3, targetSeat: 1 } },
      { id: 5n, label: "Something new", action: { kind: 43 } },
      { id: 6n, label: "No detail at all" },
    ]),
    view,
  );
  assert.deepEqual(t.denizens.get(0)!.map((o) => o.id), [1n]);
  assert.deepEqual([...t.hexes.get("1,-1")!.roles], ["move"]);
  assert.deepEqual(t.hexes.get("1,-1")!.options.map((o) => o.id), [2n]);
  assert.deepEqual(t.vessels.get(1)!.map((o) => o.id), [3n]);
  assert.deepEqual(t.other.map((o) => o.id), [5n, 6n]);
});

test("a hex event's damage names the hex and cannot be evaded; a denizen's attack names it", () => {
  const event = create(IncursionsHitSchema, { target: 0, damage: 8, event: true, weapon: IncursionsWeaponSlot.W1 });
  assert.deepEqual(hitWords(event, view, 0), {
    headline: "Allied Starbase hits you for 8 — cannot be evaded",
    details: ["Hex event damage: only Pwr put into the shields softens it"],
  });
  assert.equal(hitWords({ ...event, shieldPower: 1, absorbed: 5 }, view, 1).details[1], "1 Pwr in the shields absorbs 5");
  assert.equal(hitWords(event, view, 1).headline, "Allied Starbase hits Player 1 for 8 — cannot be evaded");
  // attacker 0 is unused: the denizen attacks, not seat 0.
  const band = create(IncursionsHitSchema, { attacker: 0, target: 1, damage: 8, attackingDenizen: 0, evasionOpen: true });
  assert.deepEqual(hitWords(band, view, 1), { headline: "The Pirates attack you for 8", details: ["Evasion may still be tried"] });
  const one = create(IncursionsHitSchema, { target: 0, damage: 11, attackingDenizen: 3, evaded: true });
  assert.equal(hitWords(one, view, 0).headline, "The Battlestation attacks you for 11");
  assert.deepEqual(hitWords(one, view, 0).details, ["Dominated by Player 3", "Evaded: the hit deals no damage"]);
  assert.equal(hitWords({ ...one, attackingDenizen: 99 }, view, 0).headline, "The denizen attacks you for 11");
  // A hex's weapon (Launching Center) is named after the attacker's hex.
  const hexShot = create(IncursionsHitSchema, { attacker: 0, target: 1, damage: 6, weapon: IncursionsWeaponSlot.HEX });
  assert.equal(hitWords(hexShot, view, 1).headline, "Player 1 fires the Allied Starbase's weapon at you: 6 damage rolled");
  assert.equal(weaponName(undefined, IncursionsWeaponSlot.HEX), "the hex's weapon");
  assert.ok(isBand("Crypt Guardians") && !isBand("Crystal Entity"));
});

test("a hex's repair in words", () => {
  assert.deepEqual(eventRepairWords(view, 0, "Allied Starbase repairs 5 points: hull or shields?"), {
    headline: "Allied Starbase repairs 5 points: hull or shields?",
    detail: "Allied Starbase repairs your ship: choose whether the points go to the hull or the shields.",
  });
  assert.equal(eventRepairWords(view, 0, "").headline, "Allied Starbase repairs your ship");
});

test("a vessel's board: shield layer, Pwr out of play, free hexes, held by its hex", () => {
  const vessel = create(IncursionsViewSchema, {
    vessels: [
      {
        seat: 0,
        auxAvailable: true,
        shieldLayer: 10,
        freeHexes: 2,
        escapeThreshold: 6,
        stayed: true,
        power: { up: 1, spent: 1, outOfPlay: 2 },
        ship: { name: "Federation Escort", hull: 30, shields: 20 },
        hull: 30,
        shields: 20,
      },
    ],
  });
  const v = vessel.vessels[0];
  assert.deepEqual(statusChips(v, vessel, 0), [
    { text: "AUX ready" },
    { text: "+10 shield layer", kind: "hex" },
    { text: "2 Pwr out of play", kind: "hex" },
    { text: "2 free hexes on the next warp", kind: "hex" },
    { text: "Held: escape on 2D6 ≤ 6", kind: "held" },
  ]);
  const texts = (w: typeof v) => statusChips(w, vessel, 0).map((c) => c.text);
  assert.deepEqual(texts({ ...v, freeHexes: 1, shieldLayer: 0, escapeThreshold: 0, stayed: false, power: undefined }), [
    "AUX ready",
    "1 free hex on the next warp",
  ]);
  assert.deepEqual(texts({ ...v, eliminated: true }), ["AUX ready"], "an eliminated vessel is in no hex");
  assert.equal(
    describeVessel(v, 0, 0),
    "Your Federation Escort, hull 30 of 30, shields 20 of 20, shield layer 10, held: escape on 2D6 at most 6",
  );
  const power = create(IncursionsPowerSchema, { up: 1, spent: 1, outOfPlay: 2 });
  assert.deepEqual(powerCards(power).map((c) => c.text), ["UP", "SPENT", "OUT", "OUT"]);
  assert.equal(powerWords(power), "Power: 1 up, 1 spent, 2 out of play while in this hex");
});

test("dice: words for the new purposes, and a roll for a denizen named after it", () => {
  assert.equal(purposeWord(DiceRollPurpose.EVENT), "hex event damage");
  assert.equal(purposeWord(DiceRollPurpose.ESCAPE), "escape");
  assert.equal(purposeWord(DiceRollPurpose.DENIZEN_EVASION), "evasion");
  assert.equal(purposeWord(DiceRollPurpose.TABLE), "hex table");
  const names = ["alice", "bob"];
  const denizens = new Map([[0, "Pirates"]]);
  assert.equal(rollOwner({ seat: 0, denizen: 0 }, names, denizens), "Pirates", "seat 0 is unused for a denizen's roll");
  assert.equal(rollOwner({ seat: 0, denizen: 5 }, names, denizens), "A denizen");
  assert.equal(rollOwner({ seat: 1, denizen: undefined }, names, denizens), "bob");
  assert.equal(rollOwner({ seat: 3, denizen: undefined }, names, denizens), "Player 4");
});
