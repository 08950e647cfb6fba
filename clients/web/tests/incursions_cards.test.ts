import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, GameEventSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsCardInstanceSchema,
  IncursionsCardNature as Nature,
  IncursionsCardType as CardType,
  IncursionsMode,
  IncursionsPlayMethod as Method,
  IncursionsPosition,
  IncursionsRarity as Rarity,
  IncursionsStep,
  IncursionsSystem,
  IncursionsViewSchema,
  Race,
} from "../gen/spacedock/v1/incursions_pb.js";
import { autoPassOption } from "../src/ui/incursions/auto_pass.js";
import {
  cardCounts,
  cardFace,
  choiceCards,
  declarationWords,
  freshCards,
  handCards,
  tabledWords,
  verbOf,
} from "../src/ui/incursions/card_words.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { optionLabel } from "../src/ui/incursions/words.js";

const kFire = {
  id: "FIRE",
  title: "Fire",
  nature: Nature.COMMAND,
  rarity: Rarity.COMMON,
  playMethods: [Method.USE_AND_DISCARD],
  summary: "Attach to an attack: ten more damage if it lands.",
};
const kCountermand = {
  id: "COUNTERMAND",
  title: "Countermand",
  nature: Nature.COMMAND,
  rarity: Rarity.RARE,
  playMethods: [Method.PLAY_ANY_TIME],
  summary: "Cancel what another player just declared.",
};
const kM6 = {
  id: "M6-EVASION",
  title: "M6 Evasion Com",
  nature: Nature.TACTICAL,
  cardType: CardType.EQUIPMENT,
  rarity: Rarity.SPECIAL,
  playMethods: [Method.TABLE],
  summary: "Install it: one more evasion for good.",
};
const kDiplomacy = {
  id: "KLINGON-DIPLOMACY",
  title: "Klingon Diplomacy",
  nature: Nature.TACTICAL,
  race: Race.KLINGON,
  rarity: Rarity.RARE,
  playMethods: [Method.TABLE_FOR_THE_ROUND],
  summary: "Until your next turn: cloak for free.",
};
const kHelm = {
  id: "CRW-HELM",
  title: "Helm Officer",
  position: IncursionsPosition.HELM,
  nature: Nature.CREW,
  rarity: Rarity.RARE,
  bonuses: { evasion: 1 },
  espionageEvasion: 5,
  summary: "",
};
const kPardus = { id: "PARDUS-CLAW", title: "Pardus Claw", nature: Nature.TACTICAL, rarity: Rarity.RARE, playMethods: [Method.TABLE_IN_FRONT_OF_TARGET] };

// Seat 0 (the viewer) holds Fire (#11), Countermand (#12) and Helm Officer (#13); seat 1 holds
// four cards nobody here sees.
const view = create(IncursionsViewSchema, {
  options: { mode: IncursionsMode.FULL },
  activeSeat: 1,
  vessels: [
    {
      seat: 0,
      ship: { name: "Klingon Bird of Prey", w1: { name: "Disruptors" }, w2: { name: "Torpedoes" } },
      cardsInHand: 3,
      cardsInDeck: 24,
      hand: [
        { id: 11, card: kFire, ownerSeat: 0 },
        { id: 12, card: kCountermand, ownerSeat: 0 },
        { id: 13, card: kHelm, ownerSeat: 0 },
      ],
      tabled: [{ card: { id: 20, card: kPardus, ownerSeat: 1 }, controllerSeat: 1, onSeat: 0, active: true }],
    },
    {
      seat: 1,
      ship: { name: "Federation Escort", w1: { name: "Phasers" }, w2: { name: "Torpedoes" } },
      cardsInHand: 4,
      cardsInDeck: 20,
      discard: [{ id: "FIRE", title: "Fire" }],
      tabled: [{ card: { id: 21, card: kM6, ownerSeat: 1 }, controllerSeat: 1, onSeat: 1, active: false }],
    },
  ],
});

function prompt(step: IncursionsStep, options: { id: bigint; label: string; action?: object }[], extra: object = {}): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 9,
    seat: 0,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "Player 2 declares an attack with W1: respond?",
    options: options.map((o) => ({
      id: o.id,
      label: o.label,
      detail: o.action ? { case: "incursions" as const, value: o.action } : { case: undefined },
    })),
    context: { case: "incursions", value: { step, ...extra } },
  });
}

const accept = { id: 1n, label: "Take the hit", action: { kind: Kind.ACCEPT } };
const aux = { id: 2n, label: "Use AUX power", action: { kind: Kind.USE_AUX } };
const countermand = {
  id: 3n,
  label: "Play Countermand against it",
  action: { kind: Kind.PLAY_CARD, card: { id: 12, card: kCountermand } },
};

test("auto-pass: a response window with nothing to play is passed, when the setting is on", () => {
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [aux, accept]), true), 1n);
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [accept]), true), 1n);
  // The setting off, or no prompt: the player decides.
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [accept]), false), null);
  assert.equal(autoPassOption(null, true), null);
});

test("auto-pass: never when a card may be played, nor outside a response window", () => {
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [accept, countermand, aux]), true), null);
  // Taking a hit is an ACCEPT too, but a defense is the player's to choose.
  assert.equal(autoPassOption(prompt(IncursionsStep.DEFEND, [accept]), true), null);
  assert.equal(autoPassOption(prompt(IncursionsStep.MANEUVER, [accept]), true), null);
  // An option this client cannot read (no action, or a newer kind) keeps the decision.
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [accept, { id: 4n, label: "?" }]), true), null);
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [accept, { id: 5n, label: "new", action: { kind: 99 } }]), true), null);
  // No pass offered: nothing to send.
  assert.equal(autoPassOption(prompt(IncursionsStep.RESPOND, [aux]), true), null);
});

test("auto-pass looks at the offered options only: the hand in the view does not matter", () => {
  // The viewer's hand holds a Countermand, but the window offers none (say it cannot be played):
  // the options decide, and they are all the function gets.
  const p = prompt(IncursionsStep.RESPOND, [accept]);
  assert.equal(autoPassOption(p, true), 1n);
  assert.equal(autoPassOption.length, 2);
});

const inst = (id: number, card: object) => create(IncursionsCardInstanceSchema, { id, card });

test("a card's face: title, nature, type, how it is played, rarity, race limitation, summary", () => {
  const fire = cardFace(inst(11, kFire));
  assert.deepEqual([fire.title, fire.nature, fire.tags, fire.rarity], ["Fire", "Command", [], "C"]);
  assert.equal(fire.summary, kFire.summary);
  assert.equal(cardFace(inst(12, kCountermand)).tags.join(), "Play any time");
  assert.deepEqual(cardFace(inst(21, kM6)).tags, ["Equipment", "Table"]);
  assert.deepEqual(cardFace(inst(22, kDiplomacy)).tags, ["Table for the round", "Klingon only"]);
  const helm = cardFace(inst(13, kHelm));
  assert.equal(helm.nature, "Crew");
  assert.equal(helm.crew, "Helm · evasion +1 · espionage 5");
  assert.match(helm.label, /^Helm Officer, crew, rare, Helm · evasion \+1 · espionage 5$/);
  assert.equal(cardFace(create(IncursionsCardInstanceSchema, { id: 1 })).title, "Card");
});

test("the hand: every card, the ones the prompt offers lit with their options and a verb", () => {
  const p = prompt(
    IncursionsStep.MANEUVER,
    [
      { id: 30n, label: "Attach Fire to your next maneuver: ten more", action: { kind: Kind.PLAY_CARD, card: { id: 11, card: kFire } } },
      { id: 31n, label: "Table Helm Officer (free)", action: { kind: Kind.PLAY_CARD, card: { id: 13, card: kHelm } } },
      { id: 32n, label: "End your maneuvers", action: { kind: Kind.END_MANEUVERS } },
    ],
  );
  const targets = promptTargets(p, view);
  assert.deepEqual([...targets.cards.keys()].sort(), [11, 13]);
  assert.deepEqual(targets.other.map((o) => o.id), [32n]);
  const hand = handCards(view.vessels[0], targets.cards, new Set([13]));
  assert.deepEqual(
    hand.map((c) => [c.id, c.title, c.options.map((o) => o.id), c.verb, c.fresh]),
    [
      [11, "Fire", [30n], "Attach", false],
      [12, "Countermand", [], "", false],
      [13, "Helm Officer", [31n], "Table", true],
    ],
  );
  // Another player's vessel holds no hand in a player's view; a missing vessel shows nothing.
  assert.deepEqual(handCards(view.vessels[1], targets.cards), []);
  assert.deepEqual(handCards(undefined, targets.cards), []);
});

test("a card with several options (Large Mines' Pwr, a rival to spy on) opens a menu; discards and takes say so", () => {
  const mines = [0, 1, 2].map((power) => ({ id: BigInt(40 + power), label: `Play Large Mines with ${power} Pwr`, action: { kind: Kind.PLAY_CARD, power, card: { id: 11 } } }));
  const targets = promptTargets(prompt(IncursionsStep.MANEUVER, mines), view);
  assert.equal(verbOf(targets.cards.get(11)!), "3 choices");
  const discard = promptTargets(
    prompt(IncursionsStep.DISCARD, [{ id: 50n, label: "Discard Fire", action: { kind: Kind.DISCARD_CARD, card: { id: 11 } } }]),
    view,
  );
  assert.equal(verbOf(discard.cards.get(11)!), "Discard");
  // Gather Intelligence names a rival: it stays on the card, not on the rival's vessel.
  const spy = promptTargets(
    prompt(IncursionsStep.MANEUVER, [{ id: 51n, label: "Play Gather Intelligence on Player 2", action: { kind: Kind.PLAY_CARD, targetSeat: 1, card: { id: 12 } } }]),
    view,
  );
  assert.equal(spy.vessels.size, 0);
  assert.deepEqual(spy.cards.get(12)!.map((o) => o.id), [51n]);
});

test("a deck search's choices: each card with its TAKE_CARD option", () => {
  const p = prompt(
    IncursionsStep.SEARCH_DECK,
    [
      { id: 60n, label: "Take Countermand", action: { kind: Kind.TAKE_CARD, card: { id: 70, card: kCountermand } } },
      { id: 61n, label: "Take Fire", action: { kind: Kind.TAKE_CARD, card: { id: 71, card: kFire } } },
    ],
    { choices: [{ id: 70, card: kCountermand }, { id: 71, card: kFire }] },
  );
  const cards = choiceCards(p, promptTargets(p, view).cards);
  assert.deepEqual(cards.map((c) => [c.title, c.verb, c.options[0]?.id]), [["Countermand", "Take", 60n], ["Fire", "Take", 61n]]);
  assert.deepEqual(choiceCards(null, new Map()), []);
});

test("cards just drawn or taken are the viewer's own events' cards", () => {
  const drawn = (seat: number, ids: number[]) =>
    create(GameEventSchema, {
      body: { case: "incursions", value: { body: { case: "cardsDrawn", value: { seat, count: ids.length, cards: ids.map((id) => ({ id })) } } } },
    });
  const taken = create(GameEventSchema, {
    body: { case: "incursions", value: { body: { case: "cardTaken", value: { seat: 0, fromSeat: 1, card: { id: 9 } } } } },
  });
  assert.deepEqual([...freshCards([drawn(0, [3, 4]), drawn(1, [5]), taken], 0)].sort(), [3, 4, 9]);
  assert.equal(freshCards([drawn(0, [3])], undefined).size, 0);
});

test("a declaration in words: who, what, at whom, and the cards that go with it", () => {
  const fire = { id: 11, card: kFire };
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.FIRE_W1, targetSeat: 0, power: 2 }, cards: [fire] } as never, view, 0),
    "Player 2 fires Phasers (W1) at you with 2 Pwr, with Fire",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.MOVE, destination: { q: 1, r: -1 } }, cards: [{ id: 1, card: { title: "Warp" } }, { id: 2, card: { title: "Warp" } }] } as never, view, 0),
    "You move to (1,-1), with Warp and Warp",
  );
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.PLAY_CARD, card: { id: 12, card: kCountermand } }, cards: [{ id: 12, card: kCountermand }] } as never, view, 0, ["alice", "bob"]),
    "bob plays Countermand",
  );
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.REPAIR, system: IncursionsSystem.SHIELDS }, cards: [] } as never, view, undefined),
    "Player 2 repairs the shields",
  );
});

test("tabled cards and card counts on a board", () => {
  assert.equal(tabledWords(view.vessels[0].tabled[0], 0), "Pardus Claw, from Player 2");
  assert.equal(tabledWords(view.vessels[1].tabled[0], 0), "M6 Evasion Com, active from the next maneuver");
  assert.equal(tabledWords(view.vessels[0].tabled[0], 1, ["alice", "bob"]), "Pardus Claw, yours");
  assert.equal(tabledWords(view.vessels[0].tabled[0], 0, ["alice", "bob"]), "Pardus Claw, from bob");
  assert.equal(cardCounts(view.vessels[1]), "Hand 4 · deck 20 · discard 1");
});

test("passing a response window reads as a pass, not as taking a hit", () => {
  const p = prompt(IncursionsStep.RESPOND, [accept, countermand]);
  assert.equal(optionLabel(p, p.options[0]), "Pass: let it resolve");
  assert.equal(optionLabel(p, p.options[1]), "Play Countermand against it");
  // Taking a hit is still taking a hit.
  const d = prompt(IncursionsStep.DEFEND, [accept]);
  assert.equal(optionLabel(d, d.options[0]), "Take the hit");
});
