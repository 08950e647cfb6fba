// Placed objects in the full game (§11.1: Weapons Platform, Outpost) on the table: listed among the
// denizens with their owner and card, they read as that player's object ("yours", "placed by
// alice"), are drawn as a square in the owner's colour (a hex's denizen stays a diamond), show on
// their owner's board, and the declarations, hits, rolls and prompt targets that name them say
// whose they are. The components are rendered to a plain tree (tests/vnode_text.ts): no DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { h } from "preact";
import { DecisionKind, DecisionPromptSchema, GameEventSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsCardMechanism as Mechanism,
  IncursionsCardNature as Nature,
  IncursionsCardType as CardType,
  IncursionsHitSchema,
  IncursionsMode,
  IncursionsPhase,
  IncursionsPlayMethod as Method,
  IncursionsStep,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  type IncursionsView,
} from "../gen/spacedock/v1/incursions_pb.js";
import { declarationWords } from "../src/ui/incursions/card_words.js";
import { DenizenToken } from "../src/ui/incursions/denizen.js";
import {
  denizenLine,
  denizenNames,
  ownedObjectName,
  placedByWords,
  placedObjects,
  placedObjectWords,
} from "../src/ui/incursions/denizen_words.js";
import { DenizenFace, denizenItemClasses } from "../src/ui/incursions/denizens_panel.js";
import { hexInfo } from "../src/ui/incursions/hex_words.js";
import { buildMapModel } from "../src/ui/incursions/map_model.js";
import { PlayerBoard } from "../src/ui/incursions/player_board.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { hitWords } from "../src/ui/incursions/words.js";
import { findAll, renderTree, textOf, type Node } from "./vnode_text.js";

const kPlatform = {
  id: "WEAPONS-PLATFORM",
  title: "Weapons Platform",
  nature: Nature.TACTICAL,
  cardType: CardType.EQUIPMENT,
  playMethods: [Method.TABLE_IN_HEX],
  effect: { mechanism: Mechanism.PLACE_OBJECT, placed: { weaponDice: 2, life: 15, weaponBonus: true } },
  summary: "Anchor a gun platform in your hex: 2D6 with your crew's weapon bonus, 15 LP; it fires on every rival who arrives.",
};
const kOutpost = {
  id: "OUTPOST",
  title: "Outpost",
  nature: Nature.TACTICAL,
  cardType: CardType.EQUIPMENT,
  playMethods: [Method.TABLE_IN_HEX],
  effect: { mechanism: Mechanism.PLACE_OBJECT, placed: { weaponDice: 1, weaponFlat: 2, life: 20, repairable: true } },
};
const kNames = ["alice", "bob"];

// Seat 0 (alice) and seat 1 (bob), both at (1,0), a Pirates hex; the hex's own Pirates, alice's
// Outpost (id 4, damaged) and bob's Weapons Platform (id 5) there too. A hex denizen named like a
// card (the Weapons Platform hexes) stays a denizen: only owner_seat makes a placed object.
function placedView(): IncursionsView {
  return create(IncursionsViewSchema, {
    options: { mode: IncursionsMode.FULL },
    phase: IncursionsPhase.TURN,
    activeSeat: 1,
    tiles: [
      { coord: {}, hexId: "start", name: "Start" },
      { coord: { q: 1, r: 0 }, hexId: "hex.024.pirates", number: 24, name: "Pirates!" },
    ],
    vessels: [
      { seat: 0, ship: { name: "Federation Escort", w1: { name: "Phasers" } }, position: { q: 1, r: 0 } },
      { seat: 1, ship: { name: "Klingon Bird of Prey", w1: { name: "Disruptors" } }, position: { q: 1, r: 0 } },
    ],
    denizens: [
      { id: 0, name: "Pirates", coord: { q: 1, r: 0 }, home: { q: 1, r: 0 }, life: 20, lifeMax: 20, evasion: 6, weaponDice: 2, mobile: true },
      {
        id: 4,
        name: "Outpost",
        coord: { q: 1, r: 0 },
        home: { q: 1, r: 0 },
        life: 12,
        lifeMax: 20,
        weaponDice: 1,
        weaponFlat: 2,
        ownerSeat: 0,
        card: { id: 31, card: kOutpost, ownerSeat: 0 },
      },
      {
        id: 5,
        name: "Weapons Platform",
        coord: { q: 1, r: 0 },
        home: { q: 1, r: 0 },
        life: 15,
        lifeMax: 15,
        weaponDice: 2,
        ownerSeat: 1,
        card: { id: 47, card: kPlatform, ownerSeat: 1 },
      },
    ],
  });
}

test("a placed object's line: its card's title, whose it is, its figures; a hex's denizen as before", () => {
  const view = placedView();
  const [pirates, outpost, platform] = view.denizens;
  const mine = denizenLine(outpost, view, 0, 0, kNames);
  assert.equal(mine.name, "Outpost");
  assert.equal(mine.ownerSeat, 0);
  assert.equal(mine.owner, "yours");
  assert.equal(mine.life, "12/20");
  assert.equal(mine.weapon, "1D6+2");
  assert.equal(mine.evasion, "never evades");
  assert.deepEqual(mine.traits, ["repaired by its owner"]);
  assert.equal(
    mine.label,
    "Placed object: Outpost, yours, at Hex 24, Pirates! (1,0), life 12 of 20, never evades, weapon 1D6+2, repaired by its owner",
  );
  const theirs = denizenLine(platform, view, 0, 1, kNames);
  assert.equal(theirs.owner, "placed by bob");
  assert.deepEqual(theirs.traits, ["adds its owner's weapon bonus"]);
  assert.match(theirs.label, /^Placed object: Weapons Platform, placed by bob, at .*, adds its owner's weapon bonus, target, 1 choice$/);
  // No names yet, or a spectator: by seat.
  assert.equal(denizenLine(platform, view, undefined).owner, "placed by Player 2");
  assert.equal(denizenLine(outpost, view, 1).owner, "placed by Player 1");
  // The hex's own Pirates: no owner.
  const free = denizenLine(pirates, view, 0, 0, kNames);
  assert.equal(free.ownerSeat, undefined);
  assert.equal(free.owner, "");
  assert.match(free.label, /^Denizen: Pirates, at /);
  // Named by the card even if the server's name were missing.
  assert.equal(denizenLine({ ...outpost, name: "" }, view, 0).name, "Outpost");
  assert.equal(placedByWords(1, 0, ["", ""]), "placed by Player 2", "an empty name falls back to the seat");
  assert.equal(ownedObjectName(platform, 0, kNames), "bob's Weapons Platform");
  assert.equal(ownedObjectName(outpost, 0, kNames), "your Outpost");
  assert.equal(ownedObjectName(pirates, 0, kNames), "the Pirates");
});

// The map marker of a denizen, rendered plain.
function marker(view: IncursionsView, index: number, me: number | undefined, choices = 0): Node {
  return renderTree(
    DenizenToken({ denizen: view.denizens[index], view, at: { x: 0, y: 0 }, radius: 10, me, names: kNames, choices, activate: () => {} }),
  );
}

test("on the map: a placed object is a square in its owner's colour with the owner's number", () => {
  const view = placedView();
  const outpost = marker(view, 1, 0);
  assert.equal(outpost.class, "inc-denizen is-placed inc-seat-0");
  assert.equal(outpost.props["data-owner"], 0);
  const [body] = findAll(outpost, (n) => n.class === "inc-denizen-body");
  assert.equal(body.props.points, "-7.8,-7.8 7.8,-7.8 7.8,7.8 -7.8,7.8");
  const [badge] = findAll(outpost, (n) => n.class === "inc-denizen-dom");
  assert.equal(textOf(badge), "1");
  assert.equal(badge.props.transform, "translate(-8 -8)", "top left, clear of the vessels on its right");
  assert.equal(textOf(findAll(outpost, (n) => n.class === "inc-denizen-text")[0]), "O");
  assert.match(textOf(findAll(outpost, (n) => n.tag === "title")[0]), /^Placed object: Outpost, yours,/);
  // A rival's, aimed at: a button with the owner's name in its accessible name.
  const platform = marker(view, 2, 0, 2);
  assert.equal(platform.class, "inc-denizen is-placed inc-seat-1 is-target");
  assert.equal(platform.props.role, "button");
  assert.match(String(platform.props["aria-label"]), /^Placed object: Weapons Platform, placed by bob, .*target, 2 choices$/);
  assert.equal(textOf(findAll(platform, (n) => n.class === "inc-denizen-dom")[0]), "2");
  assert.equal(findAll(platform, (n) => n.class === "inc-denizen-aim")[0].props.points, "-11.3,-11.3 11.3,-11.3 11.3,11.3 -11.3,11.3");
  // The hex's Pirates: still a red diamond with no number.
  const pirates = marker(view, 0, 0);
  assert.equal(pirates.class, "inc-denizen");
  assert.equal(findAll(pirates, (n) => n.class === "inc-denizen-body")[0].props.points, "0,-10 10,0 0,10 -10,0");
  assert.equal(findAll(pirates, (n) => n.class === "inc-denizen-dom").length, 0);
});

test("in the denizen list: the owner's colour and a tag saying whose it is", () => {
  const view = placedView();
  const line = denizenLine(view.denizens[2], view, 0, 0, kNames);
  assert.deepEqual(denizenItemClasses(line), ["inc-denizen-item", "is-placed", "inc-seat-1"]);
  assert.deepEqual(denizenItemClasses(denizenLine(view.denizens[0], view, 0)), ["inc-denizen-item"]);
  const face = renderTree(h("div", null, DenizenFace({ line })));
  assert.deepEqual(findAll(face, (n) => n.class === "inc-tag placed").map(textOf), ["placed by bob"]);
  assert.equal(textOf(findAll(face, (n) => n.class === "inc-denizen-name")[0]), "Weapons Platform");
  const [facts] = findAll(face, (n) => n.class === "inc-denizen-facts");
  assert.deepEqual(facts.children.map(textOf), ["never evades", "weapon 2D6", "adds its owner's weapon bonus"]);
  assert.equal(findAll(face, (n) => n.class === "inc-denizen-body")[0].props.points, "-11,-11 11,-11 11,11 -11,11");
  const pirates = renderTree(h("div", null, DenizenFace({ line: denizenLine(view.denizens[0], view, 0) })));
  assert.equal(findAll(pirates, (n) => n.class === "inc-tag placed").length, 0);
});

test("the hex: its accessible name, what the hex panel lists, the hit a placed object deals", () => {
  const view = placedView();
  const model = buildMapModel(view, promptTargets(null, view), 0);
  const label = model.byKey.get("1,0")!.label;
  assert.match(label, /denizen Pirates here \(20 of 20 life\), your Outpost here \(12 of 20 life\), Player 2's Weapons Platform here \(15 of 15 life\)/);
  assert.deepEqual(hexInfo({ q: 1, r: 0 }, view.tiles[1], view, undefined, 0).here.slice(2), [
    "Pirates: life 20/20",
    "Your Outpost: life 12/20",
    "Player 2's Weapons Platform: life 15/15",
  ]);
  const hit = create(IncursionsHitSchema, { attackingDenizen: 5, target: 0, damage: 9, evasionOpen: true });
  assert.deepEqual(hitWords(hit, view, 0), {
    headline: "Player 2's Weapons Platform attacks you for 9",
    details: ["Evasion may still be tried"],
  });
  assert.equal(hitWords({ ...hit, attackingDenizen: 4, target: 1 }, view, 0).headline, "Your Outpost attacks Player 2 for 9");
});

test("rolls name a placed object with its owner, even once it is destroyed", () => {
  const view = placedView();
  const spawned = create(GameEventSchema, {
    body: {
      case: "incursions",
      value: {
        body: { case: "denizenSpawned", value: { denizen: { id: 9, name: "Outpost", ownerSeat: 1, card: { id: 50, card: kOutpost } } } },
      },
    },
  });
  const names = denizenNames(view, [spawned], kNames);
  assert.equal(names.get(0), "Pirates");
  assert.equal(names.get(4), "alice's Outpost");
  assert.equal(names.get(5), "bob's Weapons Platform");
  assert.equal(names.get(9), "bob's Outpost", "destroyed since, named by its spawn");
  assert.equal(denizenNames(view, []).get(5), "Player 2's Weapons Platform");
});

test("its owner's board lists the objects still standing, where and their LP", () => {
  const view = placedView();
  assert.deepEqual(placedObjects(view, 0).map((d) => d.id), [4]);
  assert.equal(placedObjectWords(view.denizens[1]), "Outpost at (1,0), 12/20 LP");
  const board = (seat: number) => renderTree(PlayerBoard({ vessel: view.vessels[seat], view, me: 0, names: kNames }));
  const [list] = findAll(board(1), (n) => n.tag === "ul" && n.props["aria-label"] === "Placed objects");
  assert.deepEqual(list.children.map(textOf), ["Weapons Platform at (1,0), 15/15 LP"]);
  assert.match(String((list.children[0] as Node).props.title), /^Placed object: Weapons Platform, placed by bob,/);
  // Not among the tabled cards, and nothing placed: no row.
  assert.equal(findAll(board(1), (n) => n.props["aria-label"] === "Tabled cards").length, 0);
  const none = create(IncursionsViewSchema, { ...placedView(), denizens: [] });
  const bare = renderTree(PlayerBoard({ vessel: none.vessels[0], view: none, me: 0 }));
  assert.equal(findAll(bare, (n) => n.props["aria-label"] === "Placed objects").length, 0);
});

test("declarations: placing an object, attacking with it, repairing it, firing at one", () => {
  const view = placedView();
  const platform = { id: 47, card: kPlatform };
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.PLAY_CARD, card: platform }, cards: [platform] } as never, view, 0, kNames),
    "bob plays Weapons Platform, placing it in their hex",
  );
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.PLAY_CARD, card: platform }, cards: [platform] } as never, view, 1),
    "You play Weapons Platform, placing it in your hex",
  );
  // DENIZEN_ATTACK names the attacker in target_denizen and the vessel in target_seat.
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 5, targetSeat: 0 }, cards: [] } as never, view, 0),
    "Player 2 attacks you with their Weapons Platform",
  );
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 5, targetSeat: 0 }, cards: [] } as never, view, 1, kNames),
    "You attack alice with your Weapons Platform",
  );
  // Turned on a denizen of its hex (§11.1): attacked_denizen instead of target_seat.
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 5, attackedDenizen: 0 }, cards: [] } as never, view, 1),
    "You attack the Pirates with your Weapons Platform",
  );
  // A denizen a player dominates, not theirs.
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 0, targetSeat: 0 }, cards: [] } as never, view, 0),
    "Player 2 attacks you with the Pirates",
  );
  // REPAIR with target_denizen mends the Outpost, not the hull.
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, targetDenizen: 4, power: 2 }, cards: [] } as never, view, 0),
    "You repair your Outpost with 2 Pwr",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, targetDenizen: 4, power: 0 }, cards: [] } as never, view, 1, kNames),
    "alice repairs their Outpost",
  );
  // The hull, as before.
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, power: 1 }, cards: [] } as never, view, 1),
    "Player 1 repairs the hull with 1 Pwr",
  );
  // A shot at a placed object names its owner.
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.FIRE_W1, targetDenizen: 5, power: 1 }, cards: [] } as never, view, 0, kNames),
    "You fire Phasers (W1) at bob's Weapons Platform with 1 Pwr",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.FIRE_W1, targetDenizen: 0, power: 1 }, cards: [] } as never, view, 0),
    "You fire Phasers (W1) at the Pirates with 1 Pwr",
  );
});

function maneuver(options: { id: bigint; label: string; action: object }[]): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 3,
    seat: 0,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "Maneuver 1 of 2",
    options: options.map((o) => ({ id: o.id, label: o.label, detail: { case: "incursions" as const, value: o.action } })),
    context: { case: "incursions", value: { step: IncursionsStep.MANEUVER } },
  });
}

test("prompt targets: repairing the Outpost lights it, attacking with it lights the vessel", () => {
  const view = placedView();
  const prompt = maneuver([
    { id: 1n, label: "Repair your Outpost with 0 Pwr: up to 2 LP", action: { kind: Kind.REPAIR, targetDenizen: 4 } },
    { id: 2n, label: "Repair your Outpost with 1 Pwr: up to 3 LP", action: { kind: Kind.REPAIR, targetDenizen: 4, power: 1 } },
    { id: 3n, label: "Attack Player 2 with Outpost: 1D6+2", action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 4, targetSeat: 1 } },
    { id: 4n, label: "Repair the hull with 1 Pwr", action: { kind: Kind.REPAIR, power: 1 } },
    { id: 5n, label: "Fire Phasers (W1) at the Weapons Platform", action: { kind: Kind.FIRE_W1, targetDenizen: 5, weapon: IncursionsWeaponSlot.W1 } },
    { id: 6n, label: "Attack the Weapons Platform with Outpost: 1D6+2", action: { kind: Kind.DENIZEN_ATTACK, targetDenizen: 4, attackedDenizen: 5 } },
  ]);
  const targets = promptTargets(prompt, view);
  assert.deepEqual(targets.denizens.get(4)?.map((o) => o.id), [1n, 2n]);
  assert.deepEqual(targets.denizens.get(5)?.map((o) => o.id), [5n, 6n], "the denizen attacked, not the attacker");
  assert.deepEqual(targets.vessels.get(1)?.map((o) => o.id), [3n]);
  assert.deepEqual(targets.other.map((o) => o.id), [4n], "the hull's repair has no place on the map");
  assert.deepEqual(targets.hexes.get("1,0")?.options.map((o) => o.id), [1n, 2n, 3n, 5n, 6n]);
});

// A Shuttle craft launched on its own (§11.3): a placed object that moves, listed with the traits
// its card brings, and declared as a card placed in the hex, then moved like a denizen.
test("a launched Shuttle craft: mobile, back to the hand once whole; launching and moving it in words", () => {
  const view = placedView();
  const shuttleCard = {
    id: "SHUTTLE-CRAFT",
    title: "Shuttle craft",
    nature: Nature.TACTICAL,
    cardType: CardType.EQUIPMENT,
    effect: { mechanism: Mechanism.SHUTTLE, craft: "SHUTTLE" },
  };
  view.denizens.push(
    create(IncursionsViewSchema, {
      denizens: [
        {
          id: 6,
          name: "Shuttle craft",
          coord: { q: 1, r: 0 },
          home: { q: 0, r: 0 },
          life: 15,
          lifeMax: 15,
          evasion: 6,
          weaponDice: 1,
          mobile: true,
          ownerSeat: 0,
          card: { id: 52, card: shuttleCard, ownerSeat: 0 },
        },
      ],
    }).denizens[0],
  );
  const line = denizenLine(view.denizens[3], view, 0, 0, kNames);
  assert.equal(line.owner, "yours");
  assert.deepEqual(line.traits, ["mobile", "repaired by its owner, back to the hand once whole"]);
  const shuttle = { id: 52, card: shuttleCard };
  assert.equal(
    declarationWords(
      { seat: 0, action: { kind: Kind.PLAY_CARD, card: shuttle, destination: {} }, cards: [shuttle] } as never,
      view,
      1,
      kNames,
    ),
    "alice plays Shuttle craft, placing it in their hex",
  );
  // A card the hit's target plays against the hit is declared with windows of its own (A28).
  const reinforce = { id: 53, card: { id: "REINFORCE-SHIELDS", title: "Reinforce Shields" } };
  assert.equal(
    declarationWords(
      { seat: 1, action: { kind: Kind.PLAY_CARD, card: reinforce }, cards: [reinforce], answersHit: true } as never,
      view,
      0,
      kNames,
    ),
    "bob plays Reinforce Shields against the hit",
  );
  // Event Block, against a hit or before a hex's blow is rolled.
  const block = { id: 54, card: { id: "EVENT-BLOCK", title: "Event Block", effect: { mechanism: Mechanism.BLOCK_EVENT } } };
  assert.equal(
    declarationWords(
      { seat: 1, action: { kind: Kind.PLAY_CARD, card: block }, cards: [block], answersHit: true } as never,
      view,
      1,
    ),
    "You play Event Block against the event's blow",
  );
  // As armour (no destination) it is not placed anywhere.
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.PLAY_CARD, card: shuttle }, cards: [shuttle] } as never, view, 0),
    "You play Shuttle craft",
  );
  assert.equal(
    declarationWords(
      { seat: 0, action: { kind: Kind.DENIZEN_MOVE, targetDenizen: 6, destination: { q: 2, r: 0 } }, cards: [] } as never,
      view,
      1,
      kNames,
    ),
    "alice moves Shuttle craft to (2,0)",
  );
});
