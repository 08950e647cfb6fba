// What the table says of a sequence (src/ui/stccg/sequence/scene_words.ts): dilemmas as cards
// with what they did, in first-edition words; battles' totals; damage markers; and the card
// names of a line as links (card_links.ts), in the sequence and in the log.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { StccgCardSchema, StccgCardType } from "../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgCardRefSchema,
  StccgMoveCause,
  StccgOutcome,
  StccgWhere,
  StccgZone,
  type StccgCardRef,
} from "../gen/spacedock/v1/stccg_pb.js";
import { emptySequence, feed, shownScene, skipToEnd, type Beat } from "../src/state/sequence.js";
import { eventRefs, linkCards, type Part } from "../src/ui/stccg/sequence/card_links.js";
import { dilemmaFacts, outcomeWords, sceneView, type Item, type Words } from "../src/ui/stccg/sequence/scene_words.js";
import { beat, chalnothAttempt, event, galaxy, ref, repairMission } from "./sequence_events.js";

const missions = [] as (StccgCardRef | undefined)[];
missions[3] = create(StccgCardRefSchema, repairMission);
const words: Words = { seat: (s) => (s === 0 ? "you" : "bob"), missions };

// Links in brackets: "[Deanna Troi] is killed".
const text = (parts: Part[] | undefined) =>
  (parts ?? []).map((p) => (typeof p === "string" ? p : `[${p.text}]`)).join("");

function viewOf(beats: Beat[]) {
  const scene = shownScene(skipToEnd(beats.reduce(feed, emptySequence())));
  assert.ok(scene);
  return sceneView(scene, words);
}

test("an attempt shows its title and group, then the dilemma as a card with what it did and its outcome", () => {
  const view = viewOf(chalnothAttempt());
  assert.equal(text(view.title.parts), "alice attempts [Repair Mission] with an Away Team of 3");
  assert.deepEqual(view.group.map((c) => c.title), ["Deanna Troi"]);
  const [dilemma, end] = view.items;
  assert.equal(dilemma.kind, "dilemma");
  const d = dilemma as Extract<Item, { kind: "dilemma" }>;
  assert.equal(d.card.title, "Chalnoth");
  assert.equal(d.outcome, StccgOutcome.FAILED);
  assert.equal(text(d.went), "discarded");
  assert.deepEqual(
    d.lines.map((l) => [text(l.parts), l.tone]),
    [
      ["[Deanna Troi] is killed", "killed"],
      ["[Data] and [Geordi La Forge] are stopped", "stopped"],
    ],
  );
  assert.equal(end.kind, "line");
  assert.equal(end.kind === "line" && end.line.tone, "end");
  assert.equal(end.newest, true);
  assert.equal(view.more, false);
});

test("until the server names why a card moved, its own words are kept", () => {
  const view = viewOf(chalnothAttempt(StccgMoveCause.UNSPECIFIED));
  const d = view.items[0] as Extract<Item, { kind: "dilemma" }>;
  assert.equal(text(d.lines[0].parts), "[Deanna Troi] is discarded");
});

test("a ship destroyed says so, with what went with it", () => {
  const data = ref(22, "Data", StccgCardType.PERSONNEL);
  const view = viewOf([
    beat("attack", { case: "battleStarted", value: { attacker: 1, location: 3, target: galaxy } }),
    beat("U.S.S. Galaxy is discarded", {
      case: "cardMoved",
      value: { card: galaxy, from: { zone: StccgZone.PLAY }, to: { zone: StccgZone.DISCARD }, cause: StccgMoveCause.DESTROYED },
    }),
    beat("Data is discarded", {
      case: "cardMoved",
      value: { card: data, from: { zone: StccgZone.PLAY }, to: { zone: StccgZone.DISCARD }, cause: StccgMoveCause.WITH_HOST },
    }),
  ]);
  const line = view.items[0];
  assert.equal(line.kind === "line" && text(line.line.parts), "[U.S.S. Galaxy] is destroyed, with [Data]");
});

test("a battle shows each side's fire with its totals, and the damage markers as they land", () => {
  const marker = (handle: number, title: string) =>
    beat("marker", {
      case: "cardMoved",
      value: {
        card: ref(handle, title, StccgCardType.TACTIC, 1),
        from: { zone: StccgZone.SIDE_DECK },
        to: { zone: StccgZone.PLAY, where: StccgWhere.ON, host: galaxy },
      },
    });
  const view = viewOf([
    beat("bob attacks U.S.S. Galaxy at Repair Mission", { case: "battleStarted", value: { attacker: 1, location: 3, target: galaxy } }),
    beat("bob draws", {
      case: "cardMoved",
      value: { card: { owner: 1 }, from: { zone: StccgZone.SIDE_DECK }, to: { zone: StccgZone.RESOLVING } },
    }),
    beat("fires", { case: "fired", value: { seat: 1, target: galaxy, attack: 12, defense: 9, hit: 1 } }),
    marker(71, "Full Spread"),
    marker(72, "Evasive Maneuvers"),
    beat("damaged", { case: "damaged", value: { card: galaxy, hull: 60 } }),
  ]);
  assert.equal(text(view.title.parts), "bob attacks [U.S.S. Galaxy] at [Repair Mission]");
  const [drawn, fire, damage] = view.items;
  assert.equal(drawn.kind === "line" && text(drawn.line.parts), "Tactic drawn by bob");
  assert.deepEqual(
    fire.kind === "fire" && [fire.side, fire.target?.title, fire.attack, fire.defense, fire.result],
    ["bob", "U.S.S. Galaxy", 12, 9, "a hit"],
  );
  assert.equal(
    damage.kind === "line" && text(damage.line.parts),
    "2 damage markers land on [U.S.S. Galaxy] ([Full Spread] and [Evasive Maneuvers]): HULL 60%",
  );
});

test("a dilemma's outcome in first-edition words, and what the card data says it needs", () => {
  assert.deepEqual(outcomeWords(StccgOutcome.OVERCOME), { text: "Overcome", good: true });
  assert.deepEqual(outcomeWords(StccgOutcome.FAILED), { text: "Not overcome", good: false });
  assert.equal(outcomeWords(StccgOutcome.UNSPECIFIED), undefined);
  const card = create(StccgCardSchema, {
    id: "101_019",
    title: "Chalnoth",
    summary: "Unless 3 SECURITY or total STRENGTH over 40, the opponent picks one member to die.",
    details: { case: "dilemma", value: { condition: "SECURITY x3 OR STRENGTH>40" } },
  });
  assert.deepEqual(dilemmaFacts(card), {
    summary: "Unless 3 SECURITY or total STRENGTH over 40, the opponent picks one member to die.",
    needs: "SECURITY x3 OR STRENGTH>40",
  });
  assert.deepEqual(dilemmaFacts(undefined), { summary: "", needs: "" });
});

test("a line names its cards as links: the longest title first, never inside a longer word", () => {
  const refs = [
    create(StccgCardRefSchema, ref(1, "Data", StccgCardType.PERSONNEL)),
    create(StccgCardRefSchema, ref(2, "Data's Head", StccgCardType.ARTIFACT)),
  ];
  assert.equal(text(linkCards("Data's Head is found by Data in the Database", refs)), "[Data's Head] is found by [Data] in the Database");
  assert.equal(text(linkCards("nothing named", refs)), "nothing named");
});

test("the log links a move's card and the mission where it happened; face-down cards are not links", () => {
  const met = event({
    case: "cardMoved",
    value: {
      card: ref(40, "Chalnoth", StccgCardType.DILEMMA, 1),
      from: { zone: StccgZone.SEED, location: 3 },
      to: { zone: StccgZone.RESOLVING },
    },
  });
  assert.deepEqual(eventRefs(met, missions).map((r) => r.title), ["Chalnoth", "Repair Mission"]);
  const drawn = event({ case: "cardMoved", value: { card: { owner: 0 }, from: { zone: StccgZone.DRAW_DECK }, to: { zone: StccgZone.HAND } } });
  assert.deepEqual(eventRefs(drawn, missions), []);
});
