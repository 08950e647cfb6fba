// The Shuttle craft of the full game (§11.3-11.4) on the table: a shuttle tabled as armour shows
// its LP left, a destroyed ship's ESCAPE decision has its own panel (and the craft options on the
// hand's card), the auto-pass setting never answers it, and a vessel that escaped shows as its
// craft. The components are rendered to a plain tree (tests/vnode_text.ts): no DOM needed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { EventSchema } from "../gen/spacedock/v1/envelope_pb.js";
import { DecisionKind, DecisionPromptSchema, ViewerRole, type DecisionPrompt } from "../gen/spacedock/v1/game_pb.js";
import { MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import {
  IncursionsActionKind as Kind,
  IncursionsCardMechanism as Mechanism,
  IncursionsCardNature as Nature,
  IncursionsCardType as CardType,
  IncursionsMode,
  IncursionsPlayMethod as Method,
  IncursionsRarity as Rarity,
  IncursionsShipSchema,
  IncursionsStep,
  IncursionsTabledCardSchema,
  IncursionsViewSchema,
  Race,
  type IncursionsView,
} from "../gen/spacedock/v1/incursions_pb.js";
import type { Connection } from "../src/net/connection.js";
import { MatchStore } from "../src/state/match.js";
import { autoPassOption } from "../src/ui/incursions/auto_pass.js";
import { armourLife, armourWords, escapeWords, handCards, isCraft, tabledWords, verbOf } from "../src/ui/incursions/card_words.js";
import { EscapePanel } from "../src/ui/incursions/cards.js";
import { PlayerBoard } from "../src/ui/incursions/player_board.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";
import { describeVessel, optionLabel } from "../src/ui/incursions/words.js";
import { findAll, renderTree, textOf } from "./vnode_text.js";

const kShuttleCard = {
  id: "SHUTTLE-CRAFT",
  title: "Shuttle craft",
  nature: Nature.TACTICAL,
  cardType: CardType.EQUIPMENT,
  rarity: Rarity.RARE,
  playMethods: [Method.TABLE_UNTIL_DESTROYED],
  effect: { mechanism: Mechanism.SHUTTLE, craft: "SHUTTLE" },
  summary: "Launch it beside your ship as armour that soaks hits first, or escape in it when your ship is lost.",
};
const kPardus = { id: "PARDUS-CLAW", title: "Pardus Claw", nature: Nature.TACTICAL, rarity: Rarity.RARE, playMethods: [Method.TABLE_IN_FRONT_OF_TARGET] };
// As the content lists it (engine/incursions/content/ships.txtpb): 10 hull + 5 shields = 15 LP.
const kCraft = create(IncursionsShipSchema, {
  id: "SHUTTLE",
  name: "Shuttle craft",
  hull: 10,
  shields: 5,
  evasion: 6,
  drive: 1,
  w1: { name: "Phaser", dice: 1, range: 0 },
  shieldAbsorb: 5,
});
const kCrafts = [kCraft];
const kBirdOfPrey = {
  id: "KLI-BOP",
  name: "Klingon Bird of Prey",
  race: Race.KLINGON,
  hull: 30,
  shields: 20,
  w1: { name: "Disruptors", dice: 2, range: 2 },
  w2: { name: "Torpedoes", dice: 3, range: 3 },
  w3: { name: "Mines", dice: 2, range: 0 },
};

function fullView(vessels: object[]): IncursionsView {
  return create(IncursionsViewSchema, { options: { mode: IncursionsMode.FULL }, activeSeat: 0, vessels });
}

// Seat 0 (the viewer) with its Bird of Prey, a shuttle tabled as armour (`life` LP left) and a
// second shuttle in hand.
function armouredView(life: number, active = true): IncursionsView {
  return fullView([
    {
      seat: 0,
      ship: kBirdOfPrey,
      hull: 30,
      shields: 20,
      cardsInHand: 1,
      hand: [{ id: 31, card: kShuttleCard, ownerSeat: 0 }],
      tabled: [{ card: { id: 30, card: kShuttleCard, ownerSeat: 0 }, controllerSeat: 0, onSeat: 0, active, life }],
    },
  ]);
}

function board(view: IncursionsView, seat: number, crafts = kCrafts) {
  const vessel = view.vessels.find((v) => v.seat === seat)!;
  return renderTree(PlayerBoard({ vessel, view, me: 0, crafts }));
}

test("armour: a tabled shuttle says how many LP it has left, of how many", () => {
  const armour = armouredView(12).vessels[0].tabled[0];
  assert.deepEqual(armourLife(armour, kCrafts), { left: 12, max: 15 });
  assert.equal(armourWords(armour, kCrafts), "Armour 12/15 LP");
  assert.equal(tabledWords(armour, 0, undefined, kCrafts), "Shuttle craft, armour 12 of 15 LP left");
  // Before the content listing arrives the maximum is unknown: the LP left still show.
  assert.equal(armourWords(armour), "Armour 12 LP");
  assert.equal(tabledWords(armour, 0), "Shuttle craft, armour 12 LP left");
  // Any other tabled card is no armour.
  const claw = create(IncursionsTabledCardSchema, { card: { id: 20, card: kPardus }, controllerSeat: 1, onSeat: 0, active: true });
  assert.equal(armourLife(claw, kCrafts), null);
  assert.equal(armourWords(claw, kCrafts), "");
  assert.equal(tabledWords(claw, 0, undefined, kCrafts), "Pardus Claw, from Player 2");
});

test("armour on the board: the LP left stand out beside the card's title, and follow the view", () => {
  const tree = board(armouredView(12), 0);
  const [lp] = findAll(tree, (n) => !!n.class?.includes("inc-armour-lp"));
  assert.ok(lp, "the LP are marked up on their own");
  assert.equal(textOf(lp), "Armour 12/15 LP");
  const [row] = findAll(tree, (n) => n.tag === "li" && !!n.class?.includes("is-armour"));
  assert.equal(textOf(row), "Shuttle craft Armour 12/15 LP");
  assert.match(String(row.props.title), /^Shuttle craft, armour 12 of 15 LP left\. /);
  // A hit took 9 more: the next view says 3.
  assert.equal(textOf(findAll(board(armouredView(3), 0), (n) => !!n.class?.includes("inc-armour-lp"))[0]), "Armour 3/15 LP");
  // Tabled in this maneuver: it says when it starts to count.
  assert.match(textOf(findAll(board(armouredView(15, false), 0), (n) => n.tag === "li" && !!n.class?.includes("is-armour"))[0]), /Armour 15\/15 LP \(from the next maneuver\)$/);
});

// The ESCAPE decision as the server sends it: two craft options (2 or 1 Pwr kept UP) and going
// down with the ship, ACCEPT first as the server lists it.
function escapePrompt(options: { id: bigint; label: string; action: object }[], step = IncursionsStep.ESCAPE): DecisionPrompt {
  return create(DecisionPromptSchema, {
    decisionId: 12,
    seat: 0,
    kind: DecisionKind.CHOOSE_ONE,
    minChoices: 1,
    maxChoices: 1,
    title: "Your ship is destroyed: escape?",
    options: options.map((o) => ({ id: o.id, label: o.label, detail: { case: "incursions" as const, value: o.action } })),
    context: { case: "incursions", value: { step } },
  });
}
const goDown = { id: 1n, label: "Go down with the ship: you are out of the game", action: { kind: Kind.ACCEPT } };
const escape2 = {
  id: 2n,
  label: "Escape in Shuttle craft, keeping 2 Pwr up and 0 spent",
  action: { kind: Kind.PLAY_CARD, power: 2, card: { id: 31, card: kShuttleCard } },
};
const escape1 = {
  id: 3n,
  label: "Escape in Shuttle craft, keeping 1 Pwr up and 1 spent",
  action: { kind: Kind.PLAY_CARD, power: 1, card: { id: 31, card: kShuttleCard } },
};

test("the escape panel: the server's title, what escaping means, the crafts first and going down last", () => {
  const prompt = escapePrompt([goDown, escape2, escape1]);
  const chosen: bigint[] = [];
  const tree = renderTree(EscapePanel({ prompt, choose: (id) => chosen.push(id) }));
  assert.equal(tree.props["aria-label"], "Escape");
  const [headline] = findAll(tree, (n) => n.class === "inc-hit-headline");
  assert.equal(textOf(headline), "Your ship is destroyed: escape?");
  assert.match(textOf(tree), /Escape in a Shuttle craft from your hand/);
  const buttons = findAll(tree, (n) => n.tag === "button");
  assert.deepEqual(
    buttons.map((b) => [textOf(b), b.props["data-option"], b.class]),
    [
      ["Escape in Shuttle craft, keeping 2 Pwr up and 0 spent", "2", "inc-escape-option is-card"],
      ["Escape in Shuttle craft, keeping 1 Pwr up and 1 spent", "3", "inc-escape-option is-card"],
      ["Go down with the ship: you are out of the game", "1", "inc-escape-option is-down"],
    ],
  );
  (buttons[1].props.onClick as () => void)();
  (buttons[2].props.onClick as () => void)();
  assert.deepEqual(chosen, [3n, 1n]);
  // Any other decision, or none: no panel.
  assert.equal(EscapePanel({ prompt: null, choose: () => {} }), null);
  const respond = escapePrompt([goDown, escape2, escape1], IncursionsStep.RESPOND);
  assert.equal(EscapePanel({ prompt: respond, choose: () => {} }), null);
});

test("the escape panel without a shuttle in hand: only going down, said plainly", () => {
  const prompt = escapePrompt([goDown]);
  assert.deepEqual(escapeWords(prompt).crafts, 0);
  const tree = renderTree(EscapePanel({ prompt, choose: () => {} }));
  assert.match(textOf(tree), /You hold no Shuttle craft to escape in/);
  assert.deepEqual(findAll(tree, (n) => n.tag === "button").map(textOf), ["Go down with the ship: you are out of the game"]);
  // A server that sends no words for ACCEPT still reads sensibly (never "Take the hit").
  const bare = escapePrompt([{ ...goDown, label: "" }]);
  assert.equal(optionLabel(bare, bare.options[0]), "Go down with the ship: you are out of the game");
  const old = escapePrompt([{ ...goDown, label: "Take the hit" }]);
  assert.equal(optionLabel(old, old.options[0]), "Go down with the ship: you are out of the game");
});

test("escaping from the hand: the shuttle card carries the craft options (a menu of two), going down stays in the panels", () => {
  const view = armouredView(12);
  const prompt = escapePrompt([goDown, escape2, escape1]);
  const targets = promptTargets(prompt, view);
  assert.deepEqual(targets.cards.get(31)?.map((o) => o.id), [2n, 3n]);
  assert.deepEqual(targets.other.map((o) => o.id), [1n]);
  const [card] = handCards(view.vessels[0], targets.cards);
  assert.equal(card.verb, "2 choices");
  // With a single craft option the card says what it does.
  assert.equal(verbOf([promptTargets(escapePrompt([goDown, escape2]), view).cards.get(31)![0]]), "Escape");
  // The decision panel shows the server's labels.
  assert.equal(optionLabel(prompt, prompt.options[1]), escape2.label);
});

test("auto-pass never answers an ESCAPE decision, even one that offers nothing but ACCEPT", () => {
  // The same lone ACCEPT in a response window is passed: only the step makes the difference.
  const respond = escapePrompt([goDown], IncursionsStep.RESPOND);
  assert.equal(autoPassOption(respond, true), 1n);
  assert.equal(autoPassOption(escapePrompt([goDown]), true), null);
  assert.equal(autoPassOption(escapePrompt([goDown, escape2, escape1]), true), null);
});

test("auto-pass wired into the match store: the ESCAPE decision is shown and nothing is sent", async () => {
  const matchId = 7n;
  const sent: unknown[] = [];
  const store = new MatchStore();
  const link = {
    request: async (body: unknown) => {
      sent.push(body);
      return create(EventSchema);
    },
  } as unknown as Connection;
  store.attach(link, create(MatchInfoSchema, { matchId }));
  store.autoAnswer = (p) => autoPassOption(p, true);
  store.event(create(EventSchema, { matchId, seq: 0n, body: { case: "snapshot", value: { role: ViewerRole.PLAYER, seat: 0 } } }));
  store.event(create(EventSchema, { matchId, body: { case: "prompt", value: escapePrompt([goDown]) } }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(store.prompt.value?.decisionId, 12);
  assert.equal(store.autoAnswered.value, null);
  assert.deepEqual(sent.filter((b) => (b as { case: string }).case === "submitDecision"), []);
  store.leave();
});

// Seat 1 escaped: its vessel is the craft, with the parent ship's race and no W2 or W3.
const escapedView = () =>
  fullView([
    { seat: 0, ship: kBirdOfPrey, hull: 30, shields: 20 },
    { seat: 1, ship: { ...kCraft, race: Race.FEDERATION }, hull: 10, shields: 5, power: { up: 1, spent: 1 } },
  ]);

test("a craft vessel: its ship name, an 'escaped' mark, and a ship card without W2 or W3", () => {
  const view = escapedView();
  assert.equal(isCraft(view.vessels[1].ship, kCrafts), true);
  assert.equal(isCraft(view.vessels[0].ship, kCrafts), false);
  // Before the content listing arrives: a ship with a W1 but neither W2 nor W3.
  assert.equal(isCraft(view.vessels[1].ship), true);
  assert.equal(isCraft(view.vessels[0].ship), false);
  assert.equal(isCraft(undefined), false);

  const tree = board(view, 1);
  assert.equal(tree.props["aria-label"], "Player 2: Shuttle craft");
  const [ship] = findAll(tree, (n) => n.class === "inc-ship");
  assert.match(textOf(ship), /^Shuttle craft escaped · Federation · at /);
  assert.equal(findAll(ship, (n) => n.class === "inc-tag escaped").length, 1);
  const hull = findAll(tree, (n) => !!n.class?.startsWith("inc-bar hull"))[0];
  assert.equal(hull.props["aria-label"], "Hull 10 of 10");
  const weapons = findAll(tree, (n) => n.tag === "li" && n.class === "small").map(textOf);
  assert.deepEqual(weapons, ["W1 Phaser 1D6 · range 0"]);
  assert.match(textOf(tree), /No W2 or W3: a craft carries no torpedoes or mines/);
  assert.match(textOf(tree), /Evasion 6 · Drive 1 · shields absorb 5 per Pwr · no cloak/);
  // The ship that did not escape is not marked.
  const other = board(view, 0);
  assert.equal(findAll(other, (n) => n.class === "inc-tag escaped").length, 0);
  assert.doesNotMatch(textOf(other), /No W2 or W3/);
  // On the map: the craft's name.
  assert.match(describeVessel(view.vessels[1], 0, 0), /^Player 2's Shuttle craft, hull 10 of 10, shields 5 of 5/);
});
