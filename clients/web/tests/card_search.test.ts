import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import {
  StccgAffiliation,
  StccgCardSchema,
  StccgCardType,
  StccgIcon,
  type StccgCard,
} from "../gen/spacedock/v1/stccg_cards_pb.js";
import {
  cardAffiliations,
  cardSet,
  facets,
  filterCards,
  indexCards,
  kAnyCard,
  normalise,
  setName,
} from "../src/ui/cards/card_search.js";

// A few cards shaped like the server's, with made-up summaries.
const cards: StccgCard[] = [
  create(StccgCardSchema, {
    id: "101_204",
    title: "Jean-Luc Picard",
    type: StccgCardType.PERSONNEL,
    icons: [StccgIcon.COMMAND],
    keywords: ["Human", "Captain"],
    details: { case: "personnel", value: { affiliations: [StccgAffiliation.FEDERATION], integrity: 9 } },
  }),
  create(StccgCardSchema, {
    id: "101_334",
    title: "U.S.S. Enterprise",
    type: StccgCardType.SHIP,
    universal: false,
    summary: "A ship for a test.",
    details: { case: "ship", value: { affiliation: StccgAffiliation.FEDERATION, range: 9 } },
  }),
  create(StccgCardSchema, {
    id: "103_010",
    title: "K'Ehleyr",
    type: StccgCardType.PERSONNEL,
    icons: [StccgIcon.AU],
    summary: "Speaks for Picard in this test.",
    details: {
      case: "personnel",
      value: { affiliations: [StccgAffiliation.FEDERATION, StccgAffiliation.KLINGON] },
    },
  }),
  create(StccgCardSchema, {
    id: "105_020",
    title: "Evacuation",
    type: StccgCardType.MISSION,
    unsupported: "no handler yet",
    details: {
      case: "mission",
      value: {
        seederEnd: { affiliations: [StccgAffiliation.FEDERATION] },
        opponentEnd: { affiliations: [StccgAffiliation.ROMULAN] },
      },
    },
  }),
  create(StccgCardSchema, { id: "116_011", title: "Picard Maneuver", type: StccgCardType.TACTIC }),
];
const index = indexCards(cards);
const titles = (found: StccgCard[]) => found.map((card) => card.title);

test("normalise folds case, accents, dots and apostrophes", () => {
  assert.equal(normalise("U.S.S. Enterprise"), "uss enterprise");
  assert.equal(normalise("K'Ehleyr"), "kehleyr");
  assert.equal(normalise("  Jean-Luc   PICARD "), "jean luc picard");
  assert.equal(normalise("Café: Q's Tent"), "cafe qs tent");
});

test("the set comes from the id prefix", () => {
  assert.equal(cardSet(cards[0]), "101");
  assert.equal(setName("101"), "Premiere");
  assert.equal(setName("116"), "Blaze of Glory");
  assert.equal(setName("999"), "Set 999");
  assert.equal(cardSet(create(StccgCardSchema, { id: "odd" })), "");
});

test("no filter keeps every card in the data's order", () => {
  assert.deepEqual(titles(filterCards(index, kAnyCard)), titles(cards));
});

test("text searches titles, summaries and keywords, every word", () => {
  assert.deepEqual(titles(filterCards(index, { ...kAnyCard, text: "uss enterprise" })), ["U.S.S. Enterprise"]);
  assert.deepEqual(titles(filterCards(index, { ...kAnyCard, text: "captain" })), ["Jean-Luc Picard"]);
  assert.deepEqual(titles(filterCards(index, { ...kAnyCard, text: "kehleyr" })), ["K'Ehleyr"]);
  assert.deepEqual(titles(filterCards(index, { ...kAnyCard, text: "picard klingon" })), []);
});

test("title matches come before summary matches, best first", () => {
  assert.deepEqual(titles(filterCards(index, { ...kAnyCard, text: "picard" })), [
    "Picard Maneuver",  // the title starts with the query
    "Jean-Luc Picard",  // the title holds it
    "K'Ehleyr",  // only the summary does
  ]);
});

test("type, affiliation, icon, set and playable filters", () => {
  const only = (patch: object) => titles(filterCards(index, { ...kAnyCard, ...patch }));
  assert.deepEqual(only({ type: StccgCardType.PERSONNEL }), ["Jean-Luc Picard", "K'Ehleyr"]);
  assert.deepEqual(only({ affiliation: StccgAffiliation.KLINGON }), ["K'Ehleyr"]);
  assert.deepEqual(only({ affiliation: StccgAffiliation.ROMULAN }), ["Evacuation"]);
  assert.deepEqual(only({ icon: StccgIcon.COMMAND }), ["Jean-Luc Picard"]);
  assert.deepEqual(only({ set: "105" }), ["Evacuation"]);
  assert.equal(only({ playableOnly: true }).includes("Evacuation"), false);
  assert.deepEqual(only({ type: StccgCardType.PERSONNEL, text: "picard" }), ["Jean-Luc Picard", "K'Ehleyr"]);
});

test("affiliations come from every figure that names one", () => {
  assert.deepEqual(cardAffiliations(cards[3]), [StccgAffiliation.FEDERATION, StccgAffiliation.ROMULAN]);
  assert.deepEqual(cardAffiliations(cards[4]), []);
});

test("facets list only values some card has, in order", () => {
  const f = facets(index);
  assert.deepEqual(f.types, [StccgCardType.MISSION, StccgCardType.PERSONNEL, StccgCardType.SHIP, StccgCardType.TACTIC]);
  assert.deepEqual(f.affiliations, [StccgAffiliation.FEDERATION, StccgAffiliation.KLINGON, StccgAffiliation.ROMULAN]);
  assert.deepEqual(f.icons, [StccgIcon.COMMAND, StccgIcon.AU]);
  assert.deepEqual(f.sets, ["101", "103", "105", "116"]);
});
