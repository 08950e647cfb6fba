// The STCCG table's view model: seats, locations split into sides, seeds, mission ends, words,
// and finding a card by handle for the preview pane.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  StccgAffiliation,
  StccgCardSchema,
  StccgCardType,
  StccgPlacement,
  StccgQuadrant,
} from "../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgAttemptSchema,
  StccgCardRefSchema,
  StccgHeldSeedSchema,
  StccgDecisionStep,
  StccgPhase,
  StccgRequirementsCheckSchema,
  StccgViewSchema,
  type StccgView,
} from "../gen/spacedock/v1/stccg_pb.js";
import { findShown } from "../src/ui/stccg/find_card.js";
import {
  aboutWord,
  endWords,
  groupWords,
  isHidden,
  locationModel,
  missionPlace,
  ownerTag,
  phaseWords,
  possessive,
  seatName,
  seatWord,
  seedWords,
  shownHandles,
  sidesOf,
  stateWords,
  whoseLabel,
} from "../src/ui/stccg/view_model.js";

type RefInit = MessageInitShape<typeof StccgCardRefSchema>;

const ref = (handle: number, title: string, type: StccgCardType, owner: number): RefInit => ({
  handle,
  cardId: `101_${handle}`,
  title,
  type,
  owner,
});
const hidden = (owner: number): RefInit => ({ owner });

// Seat 0 (the viewer in most tests) and seat 1, two locations, a ship with crew on each side.
function sampleView(): StccgView {
  return create(StccgViewSchema, {
    phase: StccgPhase.PLAYING,
    turn: 3,
    activeSeat: 0,
    players: [
      {
        seat: 0,
        score: 35,
        handCount: 2,
        drawCount: 30,
        hand: [ref(11, "Jean-Luc Picard", StccgCardType.PERSONNEL, 0), ref(12, "Red Alert!", StccgCardType.EVENT, 0)],
        discard: [ref(13, "Tasha Yar", StccgCardType.PERSONNEL, 0)],
      },
      { seat: 1, score: 10, handCount: 7, drawCount: 28 },
    ],
    spaceline: [
      {
        index: 0,
        mission: ref(1, "Investigate Rogue Comet", StccgCardType.MISSION, 0),
        seeder: 0,
        placement: StccgPlacement.SPACE,
        seederEnd: { points: 35, span: 2, affiliations: [StccgAffiliation.FEDERATION] },
        seeds: [hidden(0), ref(30, "Armus", StccgCardType.DILEMMA, 0), hidden(1)],
        facilities: [{ card: ref(20, "Federation Outpost", StccgCardType.FACILITY, 0), controller: 0 }],
        ships: [
          {
            card: ref(21, "U.S.S. Enterprise", StccgCardType.SHIP, 0),
            controller: 0,
            rangeLeft: 6,
            aboard: [{ card: ref(22, "William T. Riker", StccgCardType.PERSONNEL, 0), controller: 0 }],
          },
          {
            card: ref(40, "I.K.S. Buruk", StccgCardType.SHIP, 1),
            controller: 1,
            stopped: true,
            damaged: true,
            hull: 50,
            aboard: [
              { card: hidden(1), controller: 1 },
              { card: hidden(1), controller: 1 },
            ],
          },
        ],
      },
      {
        index: 1,
        mission: ref(2, "Khitomer Research", StccgCardType.MISSION, 1),
        seeder: 1,
        completedBy: 1,
        placement: StccgPlacement.PLANET,
        seederEnd: { points: 30, span: 3, affiliations: [StccgAffiliation.KLINGON] },
        otherEnd: { points: 25, span: 3, affiliations: [StccgAffiliation.ROMULAN] },
        surface: [
          { card: hidden(1), controller: 1 },
          { card: ref(23, "Data", StccgCardType.PERSONNEL, 0), controller: 0 },
          { card: ref(50, "Borg Ship", StccgCardType.DILEMMA, 1), controller: 255 },
        ],
      },
    ],
  });
}

const titles = (cards: { card?: { title: string } }[]) => cards.map((c) => c.card?.title || "?");

test("the viewer sits at the bottom; a spectator sees the first seat there", () => {
  const view = sampleView();
  assert.deepEqual(sidesOf(view, 1), { bottom: 1, top: 0, player: true });
  assert.deepEqual(sidesOf(view, 0), { bottom: 0, top: 1, player: true });
  assert.deepEqual(sidesOf(view, undefined), { bottom: 0, top: 1, player: false });
});

test("seats in words, for a player and for a spectator", () => {
  const me = sidesOf(sampleView(), 0);
  const watcher = sidesOf(sampleView(), undefined);
  assert.deepEqual([seatName(me, 0), seatName(me, 1), seatName(me, 255)], ["You", "Opponent", "Nobody"]);
  assert.deepEqual([possessive(me, 0), possessive(me, 1)], ["your", "opponent's"]);
  assert.deepEqual([seatName(watcher, 0), possessive(watcher, 1)], ["Seat 0", "seat 1's"]);
  assert.deepEqual([ownerTag(me, 0), ownerTag(me, 1), ownerTag(watcher, 1)], ["You", "Opp", "S1"]);
  const named = sidesOf(sampleView(), undefined, ["alice", "bob"]);
  assert.deepEqual([seatName(named, 0), possessive(named, 1)], ["alice", "bob's"]);
});

test("spectators, judges and replays read the players' names, not seat numbers", () => {
  const view = sampleView();
  const named = sidesOf(view, undefined, ["alice", "Bot (strong)"]);
  assert.deepEqual([ownerTag(named, 0), ownerTag(named, 1), ownerTag(named, 255)], ["alice", "Bot (st…", "—"]);
  assert.equal(seedWords(locationModel(view.spaceline[0], named).seeds, named), "3 seeds · 2 alice, 1 Bot (strong)");
  assert.deepEqual([whoseLabel(named, 0), whoseLabel(named, 1)], ["alice's", "Bot (strong)'s"]);
  assert.deepEqual([seatWord(named, 1), seatWord(named, 255)], ["Bot (strong)", "nobody"]);
  const me = sidesOf(view, 0, ["alice", "bob"]);
  assert.deepEqual([whoseLabel(me, 0), whoseLabel(me, 1), seatWord(me, 0)], ["Your", "Opponent's", "you"]);
});

test("a location splits by controller: facilities before ships, planet apart, neutral aside", () => {
  const view = sampleView();
  const first = locationModel(view.spaceline[0], sidesOf(view, 0));
  assert.deepEqual(titles(first.bottom.space), ["Federation Outpost", "U.S.S. Enterprise"]);
  assert.deepEqual(titles(first.top.space), ["I.K.S. Buruk"]);
  assert.equal(first.top.surface.length + first.bottom.surface.length + first.neutral.length, 0);

  const second = locationModel(view.spaceline[1], sidesOf(view, 0));
  assert.deepEqual(titles(second.bottom.surface), ["Data"]);
  assert.deepEqual(titles(second.top.surface), ["?"]);
  assert.deepEqual(titles(second.neutral), ["Borg Ship"]);

  // Seen from the other seat the sides swap.
  const swapped = locationModel(view.spaceline[0], sidesOf(view, 1));
  assert.deepEqual(titles(swapped.bottom.space), ["I.K.S. Buruk"]);
});

test("seeds are counted by owner; the known ones are listed", () => {
  const view = sampleView();
  const me = sidesOf(view, 0);
  const model = locationModel(view.spaceline[0], me);
  assert.deepEqual([model.seeds.total, model.seeds.mine, model.seeds.theirs], [3, 2, 1]);
  assert.deepEqual(
    model.seeds.known.map((s) => s.title),
    ["Armus"],
  );
  assert.equal(seedWords(model.seeds, me), "3 seeds · 2 yours");
  assert.equal(seedWords(model.seeds, sidesOf(view, undefined)), "3 seeds · 2 seat 0, 1 seat 1");
  assert.equal(seedWords(locationModel(view.spaceline[1], me).seeds, me), "no seeds");
});

test("cards held under a seed card are counted, and listed for whoever knows them", () => {
  const view = sampleView();
  const card = (init: RefInit) => create(StccgCardRefSchema, init);
  const held = (holder: RefInit, init: RefInit) => create(StccgHeldSeedSchema, { holder, card: init });
  const cryosatellite = ref(31, "Cryosatellite", StccgCardType.ARTIFACT, 0);
  const location = view.spaceline[0];
  location.seeds = [card(hidden(1)), card(cryosatellite)];
  location.heldSeeds = [
    held(cryosatellite, ref(32, "Lursa", StccgCardType.PERSONNEL, 0)),
    held(cryosatellite, ref(33, "B'Etor", StccgCardType.PERSONNEL, 0)),
  ];
  const me = sidesOf(view, 0);
  const model = locationModel(location, me);
  assert.equal(model.seeds.held, 2);
  assert.deepEqual(
    model.seeds.knownHeld.map((h) => `${h.card?.title} under ${h.holder?.title}`),
    ["Lursa under Cryosatellite", "B'Etor under Cryosatellite"],
  );
  assert.equal(seedWords(model.seeds, me), "2 seeds · 1 yours · 2 held under them");
  // The opponent's view: the same count, no names.
  location.seeds = [card(hidden(1)), card(hidden(0))];
  location.heldSeeds = [held(hidden(0), hidden(0)), held(hidden(0), hidden(0))];
  const theirs = locationModel(location, sidesOf(view, 1));
  assert.equal(theirs.seeds.held, 2);
  assert.equal(theirs.seeds.knownHeld.length, 0);
  assert.equal(seedWords(theirs.seeds, sidesOf(view, 1)), "2 seeds · 1 yours · 2 held under them");
});

test("each seat reads its own end of a mission", () => {
  const view = sampleView();
  const me = sidesOf(view, 0);
  // Seeded by me, other end left empty: both ends read the same.
  const mine = locationModel(view.spaceline[0], me);
  assert.equal(mine.sameEnds, true);
  assert.deepEqual(endWords(mine.bottomEnd), ["35 points", "span 2", "Federation"]);
  // Seeded by the opponent: I read other_end, they read seeder_end.
  const theirs = locationModel(view.spaceline[1], me);
  assert.equal(theirs.sameEnds, false);
  assert.deepEqual(endWords(theirs.bottomEnd), ["25 points", "span 3", "Romulan"]);
  assert.deepEqual(endWords(theirs.topEnd), ["30 points", "span 3", "Klingon"]);
});

test("the phase line names the step and whose turn it is", () => {
  const view = sampleView();
  const me = sidesOf(view, 0);
  assert.equal(phaseWords(view, me), "Turn 3 · Your turn");
  assert.equal(phaseWords(view, sidesOf(view, 1)), "Turn 3 · Opponent's turn");
  assert.equal(phaseWords(view, sidesOf(view, undefined)), "Turn 3 · Seat 0's turn");
  view.phase = StccgPhase.SEED_MISSIONS;
  view.activeSeat = 1;
  assert.equal(phaseWords(view, me), "Seeding missions · Opponent seeds next");
  view.phase = StccgPhase.GAME_OVER;
  view.winners = [0];
  assert.equal(phaseWords(view, me), "Game over · You won");
  view.winners = [0, 1];
  assert.equal(phaseWords(view, me), "Game over · A draw");
});

test("cards: face-down refs and state words", () => {
  const view = sampleView();
  const buruk = view.spaceline[0].ships[1];
  assert.equal(isHidden(buruk.card), false);
  assert.equal(isHidden(buruk.aboard[0].card), true);
  assert.deepEqual(stateWords(buruk), ["stopped: for this turn", "damaged", "hull 50%"]);
});

test("state words say why an option is missing: unstaffed, disabled, stopped", () => {
  const view = sampleView();
  const enterprise = view.spaceline[0].ships[0];
  assert.deepEqual(stateWords(enterprise), []); // staffing not said (an older server): nothing
  enterprise.staffed = true;
  assert.deepEqual(stateWords(enterprise), []);
  enterprise.staffed = false;
  enterprise.staffingMissing = "a Command personnel; a Staff personnel";
  assert.deepEqual(stateWords(enterprise), ["unstaffed: needs a Command personnel; a Staff personnel"]);
  enterprise.staffingMissing = "";
  assert.deepEqual(stateWords(enterprise), ["unstaffed"]);
  const riker = enterprise.aboard[0];
  riker.disabled = true;
  riker.stopped = true;
  assert.deepEqual(stateWords(riker), ["disabled", "stopped: for this turn"]);
});

test("the card a decision is about is named as a first-edition player says it", () => {
  const view = sampleView();
  const at = (handle: number, type: StccgCardType) => create(StccgCardRefSchema, ref(handle, "x", type, 0));
  const attempt = create(StccgAttemptSchema, {
    location: 0,
    seat: 0,
    vessel: ref(21, "U.S.S. Enterprise", StccgCardType.SHIP, 0),
    members: [ref(22, "William T. Riker", StccgCardType.PERSONNEL, 0)],
  });
  assert.equal(aboutWord(StccgDecisionStep.STCCG_DECISION_RESPONSE, at(21, StccgCardType.SHIP), attempt), "attempting");
  assert.equal(
    aboutWord(StccgDecisionStep.STCCG_DECISION_CHOOSE, at(60, StccgCardType.DILEMMA), attempt),
    "encountered",
  );
  assert.equal(aboutWord(StccgDecisionStep.STCCG_DECISION_RETURN_FIRE, at(40, StccgCardType.SHIP)), "attacked");
  assert.equal(aboutWord(StccgDecisionStep.STCCG_DECISION_YES_NO, at(12, StccgCardType.EVENT)), "being played");
  assert.equal(
    aboutWord(StccgDecisionStep.STCCG_DECISION_RESPONSE, at(12, StccgCardType.EVENT), view.attempt),
    "acting",
  );
  assert.equal(aboutWord(StccgDecisionStep.STCCG_DECISION_ORDERS, undefined), "this decision");
});

test("shown handles include crews, seeds, piles and hands, never 0", () => {
  const handles = shownHandles(sampleView());
  for (const h of [1, 2, 11, 12, 13, 20, 21, 22, 23, 30, 40, 50]) assert.ok(handles.has(h), `handle ${h}`);
  assert.equal(handles.has(0), false);
});

test("findShown follows a card by handle and says where it is", () => {
  const view = sampleView();
  const me = sidesOf(view, 0);
  assert.equal(findShown(view, me, 22)?.where, "aboard U.S.S. Enterprise");
  assert.equal(findShown(view, me, 21)?.inPlay?.rangeLeft, 6);
  assert.equal(findShown(view, me, 23)?.where, "on the planet at Khitomer Research");
  assert.equal(findShown(view, me, 11)?.where, "in your hand");
  assert.equal(findShown(view, me, 13)?.where, "in your discard pile");
  assert.equal(findShown(view, me, 30)?.where, "seeded under Investigate Rogue Comet");
  assert.equal(findShown(view, me, 2)?.location, 1);
  assert.equal(findShown(view, me, 12345), undefined);
  assert.equal(findShown(view, me, 0), undefined);
});

test("a mission's quadrant and region come from the card database", () => {
  const mission = (quadrant: StccgQuadrant, region: string) =>
    create(StccgCardSchema, { id: "m", details: { case: "mission", value: { quadrant, region } } });
  assert.deepEqual(missionPlace(mission(StccgQuadrant.UNSPECIFIED, "")), ["Alpha Quadrant"]);
  assert.deepEqual(missionPlace(mission(StccgQuadrant.GAMMA, "Bajor")), ["Gamma Quadrant", "Bajor region"]);
  assert.deepEqual(missionPlace(mission(StccgQuadrant.ALPHA, "Neutral Zone Region")), [
    "Alpha Quadrant",
    "Neutral Zone Region",
  ]);
  assert.deepEqual(missionPlace(undefined), []);
  assert.deepEqual(missionPlace(create(StccgCardSchema, { id: "p" })), []);
});

test("a mission says what it still lacks for the player's group there, or that the group meets it", () => {
  assert.equal(groupWords(undefined), "");
  const check = (lacking: string[], matchingAffiliation: boolean) =>
    groupWords(create(StccgRequirementsCheckSchema, { lacking, matchingAffiliation }));
  assert.equal(check([], true), "Your group here meets the requirements");
  assert.equal(check(["Diplomacy", "CUNNING>35"], true), "Lacks: Diplomacy, CUNNING>35");
  assert.equal(check([], false), "Lacks: a personnel matching its affiliation");
});

test("a captive's badge says how long it is disabled", () => {
  const held = sampleView().spaceline[0].ships[0];
  held.captive = true;
  assert.deepEqual(stateWords(held), ["captive: disabled until rescued or released"]);
  held.unattended = true;
  assert.deepEqual(stateWords(held), ["captive, unattended: disabled until rescued or released"]);
});
