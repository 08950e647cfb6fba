// Sabotage in the full game (§18) on the table: a Sabotage tabled in front of a vessel says which
// weapon it locks, equipment it turned face down is drawn out of action, the SABOTAGE decision
// shows the rival's equipment to turn down (its TURN_DOWN_CARD options on the cards), and the
// declarations that play a lock or repair a card read as such. The components are rendered to a
// plain tree (tests/vnode_text.ts): no DOM needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionKind, DecisionPromptSchema, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsCardMechanism as Mechanism,
  IncursionsCardNature as Nature,
  IncursionsCardType as CardType,
  IncursionsMode,
  IncursionsPlayMethod as Method,
  IncursionsRarity as Rarity,
  IncursionsStep,
  IncursionsViewSchema,
  IncursionsWeaponSlot,
  Race,
  type IncursionsView,
} from "../gen/spacedock/v1/incursions_pb.js";
import { autoPassOption } from "../src/ui/incursions/auto_pass.js";
import { choiceCards, declarationWords, lockWords, tabledWords } from "../src/ui/incursions/card_words.js";
import { CardChoices } from "../src/ui/incursions/cards.js";
import { PlayerBoard } from "../src/ui/incursions/player_board.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { findAll, renderTree, textOf, type Node } from "./vnode_text.js";

const kSabotage = {
  id: "SABOTAGE",
  title: "Sabotage",
  nature: Nature.TACTICAL,
  cardType: CardType.ESPIONAGE,
  rarity: Rarity.RARE,
  playMethods: [Method.USE_AND_DISCARD, Method.TABLE_IN_FRONT_OF_TARGET],
  effect: { mechanism: Mechanism.SABOTAGE, removalRepair: 6 },
};
const kM6 = { id: "M6-EVASION", title: "M6 Evasion Com", nature: Nature.TACTICAL, cardType: CardType.EQUIPMENT, playMethods: [Method.TABLE] };
const kPrototype = { id: "WEAPON-PROTOTYPE", title: "Weapon Prototype", nature: Nature.TACTICAL, cardType: CardType.EQUIPMENT, playMethods: [Method.TABLE] };
const kShuttle = {
  id: "SHUTTLE-CRAFT",
  title: "Shuttle craft",
  nature: Nature.TACTICAL,
  cardType: CardType.EQUIPMENT,
  playMethods: [Method.TABLE_UNTIL_DESTROYED],
  effect: { mechanism: Mechanism.SHUTTLE, craft: "SHUTTLE" },
};
const kPardus = { id: "PARDUS-CLAW", title: "Pardus Claw", nature: Nature.TACTICAL, playMethods: [Method.TABLE_IN_FRONT_OF_TARGET] };
const kBirdOfPrey = {
  id: "KLI-BOP",
  name: "Klingon Bird of Prey",
  race: Race.KLINGON,
  w1: { name: "Disruptors", dice: 2, range: 2 },
  w2: { name: "Torpedoes", dice: 3, range: 3 },
  w3: { name: "Mines", dice: 2, range: 0 },
};

// Seat 0 (the viewer, a Bird of Prey): Player 2's Sabotage locks its W1, its M6 Evasion Com is
// face down, its armour shuttle too; its Weapon Prototype is still up. Seat 1 holds M6 Evasion
// Com face up and a Weapon Prototype tabled this maneuver.
function sabotagedView(): IncursionsView {
  return create(IncursionsViewSchema, {
    options: { mode: IncursionsMode.FULL },
    activeSeat: 1,
    vessels: [
      {
        seat: 0,
        ship: kBirdOfPrey,
        tabled: [
          { card: { id: 40, card: kSabotage, ownerSeat: 1 }, controllerSeat: 1, onSeat: 0, active: true, locks: IncursionsWeaponSlot.W1 },
          { card: { id: 41, card: kM6, ownerSeat: 0 }, controllerSeat: 0, onSeat: 0, active: false, faceDown: true },
          { card: { id: 42, card: kShuttle, ownerSeat: 0 }, controllerSeat: 0, onSeat: 0, active: false, faceDown: true, life: 9, lifeMax: 15 },
          { card: { id: 43, card: kPrototype, ownerSeat: 0 }, controllerSeat: 0, onSeat: 0, active: true },
        ],
      },
      {
        seat: 1,
        ship: { name: "Federation Escort", w1: { name: "Phasers" }, w2: { name: "Torpedoes" } },
        tabled: [
          { card: { id: 50, card: kM6, ownerSeat: 1 }, controllerSeat: 1, onSeat: 1, active: true },
          { card: { id: 51, card: kPrototype, ownerSeat: 1 }, controllerSeat: 1, onSeat: 1, active: false },
        ],
      },
    ],
  });
}

// The rows of a board's tabled cards, as the viewer (seat 0) sees them.
function tabledRows(view: IncursionsView, seat: number): Node[] {
  const vessel = view.vessels.find((v) => v.seat === seat)!;
  const tree = renderTree(PlayerBoard({ vessel, view, me: 0 }));
  const [list] = findAll(tree, (n) => n.tag === "ul" && n.props["aria-label"] === "Tabled cards");
  return list.children.filter((n): n is Node => typeof n !== "string");
}

test("a Sabotage in front of a vessel says which weapon it locks, by name once the ship is known", () => {
  const [lock, m6] = sabotagedView().vessels[0].tabled;
  const ship = sabotagedView().vessels[0].ship;
  assert.equal(lockWords(lock, ship), "locks Disruptors (W1)");
  assert.equal(lockWords(lock), "locks W1");
  assert.equal(lockWords({ ...lock, locks: IncursionsWeaponSlot.W3 }, ship), "locks Mines (W3)");
  assert.equal(lockWords(m6, ship), "");
  assert.equal(tabledWords(lock, 0, undefined, undefined, ship), "Sabotage, locks Disruptors (W1), from Player 2");
  assert.equal(tabledWords(lock, 1, ["alice", "bob"]), "Sabotage, locks W1, yours");
});

test("face-down equipment reads as out of action, never as waiting for the next maneuver", () => {
  const [, m6, shuttle, prototype] = sabotagedView().vessels[0].tabled;
  assert.equal(tabledWords(m6, 0), "M6 Evasion Com, face down — out of action");
  assert.equal(tabledWords(shuttle, 0), "Shuttle craft, armour 9 of 15 LP left, face down — out of action");
  assert.equal(tabledWords(prototype, 0), "Weapon Prototype");
  // Face up again after the repair: as any tabled card.
  assert.equal(tabledWords({ ...m6, faceDown: false, active: true }, 0), "M6 Evasion Com");
});

test("on the board: the lock stands out, face-down cards are greyed and marked, the rest as before", () => {
  const rows = tabledRows(sabotagedView(), 0);
  assert.deepEqual(
    rows.map((r) => [r.class, textOf(r)]),
    [
      ["is-lock", "Sabotage, locks Disruptors (W1), from Player 2"],
      ["is-down", "M6 Evasion Com face down — out of action"],
      ["is-armour is-down", "Shuttle craft Armour 9/15 LP face down — out of action"],
      [undefined, "Weapon Prototype"],
    ],
  );
  // The marker is a tag of its own, the title beside it struck through by the style.
  const [, m6] = rows;
  assert.deepEqual(findAll(m6, (n) => n.class === "inc-tag down").map(textOf), ["face down — out of action"]);
  assert.deepEqual(findAll(m6, (n) => n.class === "inc-tabled-title").map(textOf), ["M6 Evasion Com"]);
  assert.match(String(m6.props.title), /^M6 Evasion Com, face down — out of action\. /);
  // A rival's board: nothing face down, nothing locked; a card tabled this maneuver still waits.
  assert.deepEqual(
    tabledRows(sabotagedView(), 1).map((r) => [r.class, textOf(r)]),
    [
      [undefined, "M6 Evasion Com"],
      ["is-pending", "Weapon Prototype, active from the next maneuver"],
    ],
  );
});

// The SABOTAGE decision as the server sends it: the target's face-up equipment in
// context.choices, a TURN_DOWN_CARD option for each.
function sabotagePrompt(options: { id: bigint; label: string; action: object }[], choices: object[]): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 14,
    seat: 0,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "Sabotage: turn one of Player 2's equipment cards face down",
    options: options.map((o) => ({ id: o.id, label: o.label, detail: { case: "incursions" as const, value: o.action } })),
    context: { case: "incursions", value: { step: IncursionsStep.SABOTAGE, choices } },
  });
}
const turnM6 = {
  id: 1n,
  label: "Turn Player 2's M6 Evasion Com face down",
  action: { kind: Kind.TURN_DOWN_CARD, card: { id: 50, card: kM6, ownerSeat: 1 } },
};
const turnPrototype = {
  id: 2n,
  label: "Turn Player 2's Weapon Prototype face down",
  action: { kind: Kind.TURN_DOWN_CARD, card: { id: 51, card: kPrototype, ownerSeat: 1 } },
};
const kChoices = [
  { id: 50, card: kM6, ownerSeat: 1 },
  { id: 51, card: kPrototype, ownerSeat: 1 },
];

test("the SABOTAGE decision: each choice is a card with its TURN_DOWN_CARD option", () => {
  const prompt = sabotagePrompt([turnM6, turnPrototype], kChoices);
  const targets = promptTargets(prompt, sabotagedView());
  assert.deepEqual(targets.cards.get(50)?.map((o) => o.id), [1n]);
  assert.deepEqual(targets.cards.get(51)?.map((o) => o.id), [2n]);
  assert.equal(targets.other.length, 0);
  // On the cards, not on the rival's vessel.
  assert.equal(targets.vessels.size, 0);
  const cards = choiceCards(prompt, targets.cards);
  assert.deepEqual(
    cards.map((c) => [c.id, c.title, c.verb, c.options.map((o) => o.id)]),
    [
      [50, "M6 Evasion Com", "Turn down", [1n]],
      [51, "Weapon Prototype", "Turn down", [2n]],
    ],
  );
  // The player picks: auto-pass never answers it.
  assert.equal(autoPassOption(prompt, true), null);
});

test("the SABOTAGE panel: the server's title, what turning down does, and the cards to pick from", () => {
  const prompt = sabotagePrompt([turnM6, turnPrototype], kChoices);
  const tree = renderTree(CardChoices({ prompt, targets: promptTargets(prompt, sabotagedView()), choose: () => {} }));
  assert.equal(tree.props["aria-label"], "Cards to choose from");
  assert.equal(textOf(findAll(tree, (n) => n.class === "inc-hit-headline")[0]), "Sabotage: turn one of Player 2's equipment cards face down");
  assert.match(textOf(tree), /click the card to turn face down\. It is out of action until they repair it\./);
  // The row of cards (a component with hooks, not rendered here) gets the choices.
  const [row] = findAll(tree, (n) => n.tag === "CardRow");
  assert.deepEqual((row.props.cards as { title: string; verb: string }[]).map((c) => [c.title, c.verb]), [
    ["M6 Evasion Com", "Turn down"],
    ["Weapon Prototype", "Turn down"],
  ]);
  // The target lost its equipment meanwhile: the server offers only ACCEPT, in the decision panel.
  const empty = sabotagePrompt([{ id: 3n, label: "Nothing is left to turn down", action: { kind: Kind.ACCEPT } }], []);
  assert.deepEqual(promptTargets(empty, sabotagedView()).other.map((o) => o.id), [3n]);
  const none = renderTree(CardChoices({ prompt: empty, targets: promptTargets(empty, sabotagedView()), choose: () => {} }));
  assert.match(textOf(none), /Nothing is left to turn down\.$/);
  assert.equal(findAll(none, (n) => n.tag === "CardRow").length, 0);
});

test("declarations: a Sabotage tabled to lock a weapon, a card repaired away, equipment returned to service", () => {
  const view = sabotagedView();
  const sabotage = { id: 60, card: kSabotage };
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.PLAY_CARD, targetSeat: 0, card: sabotage, weapon: IncursionsWeaponSlot.W2 }, cards: [sabotage] } as never, view, 0),
    "Player 2 plays Sabotage on you, locking Torpedoes (W2)",
  );
  // Played to use and discard: no weapon.
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.PLAY_CARD, targetSeat: 0, card: sabotage, weapon: IncursionsWeaponSlot.UNSPECIFIED }, cards: [sabotage] } as never, view, 0),
    "Player 2 plays Sabotage on you",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, card: { id: 41, card: kM6 } }, cards: [] } as never, view, 0),
    "You return M6 Evasion Com to service",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, card: { id: 40, card: kSabotage }, power: 2 }, cards: [] } as never, view, 1),
    "Player 1 repairs Sabotage away with 2 Pwr",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.REPAIR, card: { id: 70, card: kPardus }, power: 1 }, cards: [] } as never, view, 0),
    "You repair Pardus Claw away with 1 Pwr",
  );
  // A Borg assimilation aimed at equipment rather than an officer (§13.3).
  assert.equal(
    declarationWords({ seat: 1, action: { kind: Kind.ASSIMILATE, targetSeat: 0, card: { id: 41, card: kM6 }, power: 0 }, cards: [] } as never, view, 0),
    "Player 2 assimilates your M6 Evasion Com",
  );
  assert.equal(
    declarationWords({ seat: 0, action: { kind: Kind.ASSIMILATE, targetSeat: 1, card: { id: 41, card: kM6 }, power: 0 }, cards: [] } as never, view, 0),
    "You assimilate Player 2's M6 Evasion Com",
  );
});
