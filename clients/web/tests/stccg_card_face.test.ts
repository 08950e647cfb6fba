// What a STCCG card's tile shows: figures as they stand beside the printed ones, skills,
// staffing and whether it is met, a mission's ends, a summary; and the picture behind it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { h } from "preact";
import {
  StccgAffiliation,
  StccgCardSchema,
  StccgCardType,
  StccgClassification,
  StccgIcon,
  StccgPlacement,
} from "../gen/spacedock/v1/stccg_cards_pb.js";
import { StccgCardInPlaySchema } from "../gen/spacedock/v1/stccg_pb.js";
import { cardFace, faceWords, figureChange, figureWords, missionEndLine, staffingNeeds } from "../src/ui/stccg/card_face.js";
import { CardArt, TileFace } from "../src/ui/stccg/tile_face.js";
import { findAll, renderTree, textOf } from "./vnode_text.js";

type InPlayInit = MessageInitShape<typeof StccgCardInPlaySchema>;

const data = (init: MessageInitShape<typeof StccgCardSchema>) => create(StccgCardSchema, init);
const inPlay = (init: InPlayInit) => create(StccgCardInPlaySchema, init);

const troi = data({
  id: "101_215",
  title: "Deanna Troi",
  type: StccgCardType.PERSONNEL,
  icons: [StccgIcon.STAFF],
  details: {
    case: "personnel",
    value: {
      affiliations: [StccgAffiliation.FEDERATION],
      classification: StccgClassification.OFFICER,
      skills: [{ name: "Diplomacy" }, { name: "Empathy", times: 2 }],
      integrity: 8,
      cunning: 7,
      strength: 5,
    },
  },
});

const galaxy = data({
  id: "101_328",
  title: "U.S.S. Galaxy",
  type: StccgCardType.SHIP,
  details: {
    case: "ship",
    value: {
      affiliation: StccgAffiliation.FEDERATION,
      shipClass: "Galaxy Class",
      staffing: [{ icon: StccgIcon.COMMAND }, { icon: StccgIcon.STAFF }, { icon: StccgIcon.STAFF }],
      range: 8,
      weapons: 8,
      shields: 9,
    },
  },
});

test("a personnel shows affiliation, classification, skills, icons and printed figures when the view says none", () => {
  const face = cardFace(troi, inPlay({ controller: 1 }))!;
  assert.equal(face.line, "Federation · OFFICER");
  assert.equal(face.skills, "Diplomacy, Empathy x2");
  assert.deepEqual(face.icons, ["Staff"]);
  assert.deepEqual(face.figures.map((f) => [f.short, f.value, figureChange(f)]), [
    ["INT", 8, ""],
    ["CUN", 7, ""],
    ["STR", 5, ""],
  ]);
  assert.deepEqual(faceWords(face), [
    "Federation · OFFICER",
    "INTEGRITY 8",
    "CUNNING 7",
    "STRENGTH 5",
    "skills: Diplomacy, Empathy x2",
    "icons: Staff",
  ]);
});

test("figures as they stand: a modified one is up or down from the printed value", () => {
  const face = cardFace(troi, inPlay({ now: { integrity: 10, cunning: 7, strength: 3 } }))!;
  const [integrity, cunning, strength] = face.figures;
  assert.deepEqual([figureChange(integrity), figureChange(cunning), figureChange(strength)], ["up", "", "down"]);
  assert.equal(figureWords(integrity), "INTEGRITY 10 (printed 8)");
  assert.equal(figureWords(cunning), "CUNNING 7");
});

test("a tile strikes the printed value of a modified figure beside the current one", () => {
  const face = cardFace(troi, inPlay({ now: { integrity: 10, cunning: 7, strength: 3 } }))!;
  const tile = renderTree(h(TileFace, { face }));
  const figs = findAll(tile, (n) => n.class?.startsWith("fig ") === true || n.class === "fig");
  assert.deepEqual(figs.map((n) => n.class), ["fig up", "fig", "fig down"]);
  const struck = findAll(tile, (n) => n.tag === "s").map(textOf);
  assert.deepEqual(struck, ["8", "5"]);
  assert.deepEqual(findAll(tile, (n) => n.class === "fig-value").map(textOf), ["10", "7", "3"]);
  assert.equal(textOf(figs[0]), "INT810");
  assert.equal(textOf(tile).includes("Diplomacy, Empathy x2"), true);
});

test("an unmodified figure is drawn once, nothing struck", () => {
  const tile = renderTree(h(TileFace, { face: cardFace(troi)! }));
  assert.equal(findAll(tile, (n) => n.tag === "s").length, 0);
  assert.deepEqual(findAll(tile, (n) => n.class === "fig-value").map(textOf), ["8", "7", "5"]);
});

test("a ship shows its staffing, RANGE left this turn, WEAPONS and SHIELDS", () => {
  assert.equal(galaxy.details.case === "ship" && staffingNeeds(galaxy.details.value), "Command, Staff x2");
  const mine = cardFace(galaxy, inPlay({ rangeLeft: 2, staffed: true, now: { range: 8, weapons: 10, shields: 9 } }))!;
  assert.equal(mine.line, "Federation · Galaxy Class");
  assert.deepEqual(mine.staffing, { needs: "Command, Staff x2", met: true });
  assert.deepEqual(mine.figures.map(figureWords), ["RANGE 8, 2 left this turn", "WEAPONS 10 (printed 8)", "SHIELDS 9"]);
  assert.equal(textOf(renderTree(h(TileFace, { face: mine }))).includes("✓ staffing: Command, Staff x2"), true);

  const unstaffed = cardFace(galaxy, inPlay({ rangeLeft: 8, staffed: false }))!;
  assert.equal(unstaffed.staffing?.met, false);
  const tile = renderTree(h(TileFace, { face: unstaffed }));
  assert.equal(findAll(tile, (n) => n.class === "face-staffing unmet").length, 1);
  assert.equal(faceWords(unstaffed).includes("staffing: Command, Staff x2, not met"), true);

  // Someone else's ship, or a server that does not say: neither met nor unmet.
  const theirs = cardFace(galaxy, inPlay({ rangeLeft: 8 }))!;
  assert.equal(theirs.staffing?.met, undefined);
  assert.equal(textOf(renderTree(h(TileFace, { face: theirs }))).includes("✓"), false);
  // In the hand: no RANGE left.
  assert.equal(cardFace(galaxy)!.figures[0].left, undefined);
});

test("a mission shows its placement, region and seeder's end; other cards their summary", () => {
  const mission = data({
    id: "101_058",
    title: "Investigate Rogue Comet",
    type: StccgCardType.MISSION,
    details: {
      case: "mission",
      value: {
        placement: StccgPlacement.SPACE,
        region: "Neutral Zone",
        seederEnd: {
          points: 35,
          span: 2,
          affiliations: [StccgAffiliation.FEDERATION, StccgAffiliation.KLINGON],
          requirements: "SCIENCE x2 + Navigation",
        },
      },
    },
  });
  const face = cardFace(mission)!;
  assert.equal(face.line, "Space · Neutral Zone");
  assert.equal(face.summary, "35 points · span 2 · Federation, Klingon · SCIENCE x2 + Navigation");
  assert.equal(missionEndLine(undefined), "");

  const event = data({ id: "101_100", title: "Red Alert!", type: StccgCardType.EVENT, summary: "Report ships freely." });
  assert.deepEqual(cardFace(event), { line: "", icons: [], skills: "", figures: [], summary: "Report ships freely." });
  assert.equal(cardFace(undefined), undefined);
});

test("a card's picture hides itself when it does not load; no source, no picture", () => {
  assert.equal(renderTree(h("div", null, h(CardArt, { src: "" }))).children.length, 0);
  const img = renderTree(h(CardArt, { src: "http://img.test/101_215.jpg" }));
  assert.equal(img.tag, "img");
  assert.equal(img.props.src, "http://img.test/101_215.jpg");
  const broken = { hidden: false };
  (img.props.onError as (e: { currentTarget: typeof broken }) => void)({ currentTarget: broken });
  assert.equal(broken.hidden, true);
});
