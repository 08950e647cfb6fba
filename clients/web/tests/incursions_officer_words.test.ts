import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import {
  IncursionsCardSchema,
  IncursionsFiguresSchema,
  IncursionsHitSchema,
  IncursionsPosition as Pos,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  Race,
} from "../gen/spacedock/v1/incursions_pb.js";
import {
  bonusWords,
  cardLine,
  discardWords,
  figureLines,
  officerAt,
  officerKey,
  officerLines,
  positionName,
} from "../src/ui/incursions/officer_words.js";
import { describeVessel, hitWords } from "../src/ui/incursions/words.js";

const captain = {
  id: "CAP-KLI",
  title: "Klingon Captain",
  position: Pos.CAPTAIN,
  race: Race.KLINGON,
  espionageEvasion: 6,
  bonuses: { weapons: 2 },
};
const helm = { id: "CRW-HELM", title: "Helm Officer", position: Pos.HELM, espionageEvasion: 5, bonuses: { evasion: 1 } };
const sci = { id: "CRW-SCI", title: "Science Officer", position: Pos.SCIENCE, espionageEvasion: 7, bonuses: { shields: 5 } };
const fedCaptain = { id: "CAP-FED", title: "Federation Captain", position: Pos.CAPTAIN, race: Race.FEDERATION, espionageEvasion: 7 };

// Seat 0: a Klingon ship with its captain, a face-down Helm Officer and a Science Officer.
// Seat 1: a Borg Cube with its captain, a Tactical Officer it assimilated from seat 0 (in its
// own position) and a Federation captain it assimilated from seat 2 (kept without bonuses, no
// position).
const view = create(IncursionsViewSchema, {
  vessels: [
    {
      seat: 0,
      ship: { name: "Klingon Battle Cruiser", race: Race.KLINGON, hull: 30, shields: 20 },
      hull: 30,
      shields: 25,
      officers: [
        { card: captain, position: Pos.CAPTAIN, faceUp: true, ownerSeat: 0, espionageEvasion: 6 },
        { card: helm, position: Pos.HELM, faceUp: false, ownerSeat: 0, espionageEvasion: 5 },
        { card: sci, position: Pos.SCIENCE, faceUp: true, ownerSeat: 0, espionageEvasion: 7 },
      ],
      figures: { shieldsMax: 25, evasion: 4, weaponBonus: 2, repairPoints: 3, espionageEvasion: 6, captainRace: Race.KLINGON },
      discard: [{ id: "CRW-ENG", title: "Chief Engineer" }],
    },
    {
      seat: 1,
      ship: { name: "Borg Cube", race: Race.BORG, hull: 40, shields: 20 },
      hull: 40,
      shields: 20,
      officers: [
        { card: { ...captain, id: "CAP-BORG", title: "Borg Captain", race: Race.BORG }, position: Pos.CAPTAIN, faceUp: true, ownerSeat: 1, espionageEvasion: 9 },
        { card: { id: "CRW-TAC", title: "Tactical Officer", position: Pos.TACTICAL, espionageEvasion: 5 }, position: Pos.TACTICAL, faceUp: true, ownerSeat: 0, assimilated: true, espionageEvasion: 5 },
        { card: fedCaptain, faceUp: true, ownerSeat: 2, assimilated: true, espionageEvasion: 7 },
      ],
    },
  ],
});

test("positions and bonus bars in words", () => {
  assert.equal(positionName(Pos.CAPTAIN), "Captain");
  assert.equal(positionName(Pos.FIRST_OFFICER), "First Officer");
  assert.equal(positionName(Pos.OPERATIONS), "Operations");
  assert.equal(positionName(Pos.UNSPECIFIED), "");
  assert.equal(bonusWords({ shields: 5, evasion: 1, repair: 2 } as never), "shields +5, evasion +1, repair +2");
  assert.equal(bonusWords({ weapons: 1, crewEspionage: 1 } as never), "weapons +1, crew espionage +1");
  assert.equal(bonusWords(undefined), "");
  assert.equal(cardLine(create(IncursionsCardSchema, helm)), "Helm Officer (Helm · evasion +1 · espionage 5)");
  assert.equal(cardLine(create(IncursionsCardSchema, captain)), "Klingon Captain (Captain · Klingon · weapons +2 · espionage 6)");
});

test("a vessel's officers, captain first, face up or down", () => {
  const lines = officerLines(view.vessels[0], 1);
  assert.deepEqual(lines.map((l) => [l.key, l.place, l.title, l.state]), [
    ["0:1", "Captain", "Klingon Captain", "Face up"],
    ["0:3", "Helm", "Helm Officer", "Face down: out of action"],
    ["0:5", "Science", "Science Officer", "Face up"],
  ]);
  assert.equal(lines[0].race, "Klingon");
  assert.equal(lines[0].espionage, 6);
  assert.equal(lines[0].bonuses, "weapons +2");
  // Crew who serve any race name none.
  assert.equal(lines[1].race, "");
  assert.equal(lines[0].label, "Player 1's captain: Klingon Captain, Klingon, face up, espionage evasion 6, weapons +2");
  // A face-down officer's bonuses do not count: the label leaves them out.
  assert.equal(lines[1].label, "Player 1's Helm: Helm Officer, face down, out of action, espionage evasion 5");
  assert.equal(officerLines(view.vessels[0], 0)[0].label.startsWith("Your captain: Klingon Captain"), true);
});

test("assimilated officers say whose they were and count as Borg", () => {
  const lines = officerLines(view.vessels[1], 0);
  assert.equal(lines[1].assimilated, "Assimilated from you");
  assert.equal(lines[1].race, "Borg");
  assert.match(lines[1].label, /assimilated from you/);
  // An assimilated captain kept without bonuses has no position.
  assert.equal(lines[2].place, "Extra captain (no bonuses)");
  assert.equal(lines[2].assimilated, "Assimilated from Player 3");
  assert.equal(lines[2].key, "CAP-FED#2");
  assert.equal(lines[2].bonuses, "");
});

test("an officer by position, and the key the prompt's targets use", () => {
  assert.equal(officerAt(view.vessels[0], Pos.SCIENCE)?.card?.title, "Science Officer");
  assert.equal(officerAt(view.vessels[0], Pos.TACTICAL), undefined);
  assert.equal(officerAt(view.vessels[0], Pos.UNSPECIFIED), undefined);
  assert.equal(officerKey(2, Pos.HELM), "2:3");
});

test("figures and the discard pile as the board shows them", () => {
  assert.deepEqual(figureLines(view.vessels[0].figures), [
    ["Shields max", "25"],
    ["Evasion", "4"],
    ["Weapons", "+2"],
    ["Repair", "3 points"],
    ["Espionage evasion", "6"],
    ["Captain race", "Klingon"],
  ]);
  const bare = figureLines(create(IncursionsFiguresSchema, { shieldsMax: 20, evasion: 4, repairPoints: 3 }));
  assert.deepEqual(bare.slice(2), [
    ["Weapons", "0"],
    ["Repair", "3 points"],
    ["Espionage evasion", "none (no officer face up)"],
    ["Captain race", "no captain"],
  ]);
  assert.deepEqual(figureLines(undefined), []);
  assert.equal(discardWords(view.vessels[0].discard), "Discard pile (1): Chief Engineer");
  assert.equal(discardWords([]), "Discard pile: empty");
});

test("the shields' maximum includes the officers' bonuses", () => {
  assert.equal(describeVessel(view.vessels[0], 1, 0), "Player 1's Klingon Battle Cruiser, hull 30 of 30, shields 25 of 25");
  // Without figures (an older view), the ship card's.
  assert.equal(describeVessel(view.vessels[1], 1, 0), "Your Borg Cube, hull 40 of 40, shields 20 of 20");
});

test("a hit aimed at an officer names it", () => {
  const shot = create(IncursionsHitSchema, {
    attacker: 1,
    target: 0,
    weapon: IncursionsWeaponSlot.W1,
    damage: 6,
    evasionOpen: true,
    targetOfficer: Pos.SCIENCE,
  });
  assert.deepEqual(hitWords(shot, view, 0), {
    headline: "Player 2 fires W1 at your Science Officer: 6 damage rolled",
    details: ["Aimed at the Science Officer, not the vessel: espionage evasion 7", "Evasion may still be tried"],
  });
  assert.equal(hitWords(shot, view, 1).headline, "You fire W1 at Player 1's Science Officer: 6 damage rolled");
});
