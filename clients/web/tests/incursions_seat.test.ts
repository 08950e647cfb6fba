import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ErrorCode } from "../gen/spacedock/v1/envelope_pb.js";
import { IncursionsContentSchema } from "../gen/spacedock/v1/incursions_content_pb.js";
import { IncursionsMode, IncursionsPosition as Pos, Race } from "../gen/spacedock/v1/incursions_pb.js";
import { Game, MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import { RequestError } from "../src/net/connection.js";
import {
  captainChoices,
  choiceSummary,
  crewBlock,
  crewCards,
  describeSeatError,
  incursionsSeat,
  choosesCrew,
  choosesShip,
  deckChoices,
  isCrewMatch,
  isFullMatch,
  kModes,
  kNoCrewChoice,
  matchMode,
  modeTag,
  optionsErrorWords,
  playableShips,
  presetChoices,
  shipLabel,
  toggleCrew,
  usesDeck,
  type CrewChoice,
} from "../src/ui/lobby/incursions_seat.js";
import { seatOptions } from "../src/ui/lobby/seat_options.js";

const content = create(IncursionsContentSchema, {
  ships: [
    { id: "FED-1", name: "Federation Explorer", race: Race.FEDERATION },
    { id: "KLI-2", name: "Klingon Bird of Prey", race: Race.KLINGON },
    { id: "TS-F", name: "Test Ship F", race: Race.FEDERATION },
  ],
  cards: [
    { id: "CAP-FED", title: "Federation Captain", position: Pos.CAPTAIN, race: Race.FEDERATION },
    { id: "CAP-KLI", title: "Klingon Captain", position: Pos.CAPTAIN, race: Race.KLINGON },
    { id: "CRW-XO", title: "First Officer", position: Pos.FIRST_OFFICER },
    { id: "CRW-HELM", title: "Helm Officer", position: Pos.HELM },
    { id: "CRW-HELM2", title: "Second Helm", position: Pos.HELM },
    { id: "CRW-TAC", title: "Tactical Officer", position: Pos.TACTICAL },
    { id: "CRW-SCI", title: "Science Officer", position: Pos.SCIENCE },
  ],
});

const choice = (crew: string[], extra: Partial<CrewChoice> = {}): CrewChoice => ({ ...kNoCrewChoice, ...extra, crew });

test("a basic seat brings the standard hexes only", () => {
  assert.deepEqual(incursionsSeat(null), { hexpilePreset: "standard" });
  assert.deepEqual(seatOptions(Game.INCURSIONS, "sample:federation"), {
    case: "incursionsSeat",
    value: { hexpilePreset: "standard" },
  });
});

test("a seat with captains and crew names only what was chosen; empty means the server's default", () => {
  assert.deepEqual(incursionsSeat(kNoCrewChoice), { hexpilePreset: "standard" });
  assert.deepEqual(incursionsSeat({ ship: "KLI-2", captain: "CAP-KLI", crew: ["CRW-HELM", "CRW-TAC"] }), {
    hexpilePreset: "standard",
    ship: "KLI-2",
    captain: "CAP-KLI",
    crew: ["CRW-HELM", "CRW-TAC"],
  });
  assert.deepEqual(incursionsSeat({ ship: "", captain: "none", crew: [] }), { hexpilePreset: "standard", captain: "none" });
  // Through seatOptions, as the lobby sends it; a STCCG seat ignores the crew.
  const seat = seatOptions(Game.INCURSIONS, "sample:federation", choice(["CRW-XO"], { captain: "CRW-SCI" }));
  assert.deepEqual(seat, { case: "incursionsSeat", value: { hexpilePreset: "standard", captain: "CRW-SCI", crew: ["CRW-XO"] } });
  assert.equal(seatOptions(Game.STCCG, "sample:klingon", choice(["CRW-XO"])).case, "stccgSeat");
});

test("a match's mode comes from its header", () => {
  const info = (mode: IncursionsMode | undefined, game = Game.INCURSIONS) =>
    create(MatchInfoSchema, {
      game,
      options: mode === undefined ? { case: undefined } : { case: "incursions", value: { mode } },
    });
  assert.equal(matchMode(info(IncursionsMode.CREW)), IncursionsMode.CREW);
  assert.equal(matchMode(info(IncursionsMode.UNSPECIFIED)), IncursionsMode.BASIC);
  assert.equal(matchMode(info(undefined)), IncursionsMode.BASIC);
  assert.equal(matchMode(null), IncursionsMode.BASIC);
  assert.equal(isCrewMatch(info(IncursionsMode.CREW)), true);
  assert.equal(isCrewMatch(info(IncursionsMode.BASIC)), false);
  assert.equal(isCrewMatch(info(undefined, Game.STCCG)), false);
  // Hex events and denizens build on captains and crew: joining asks for a ship and officers.
  assert.equal(isCrewMatch(info(IncursionsMode.EVENTS)), true);
  assert.equal(modeTag(info(IncursionsMode.EVENTS)), "hex events and denizens");
  assert.equal(modeTag(info(IncursionsMode.CREW)), "captains and crew");
  assert.equal(modeTag(info(IncursionsMode.BASIC)), "");
  assert.equal(modeTag(info(undefined, Game.STCCG)), "");
});

test("the modes offered: basic, captains and crew, hex events and denizens, the full game", () => {
  assert.deepEqual(
    kModes.map(([mode, name]) => [mode, name]),
    [
      [IncursionsMode.BASIC, "Basic"],
      [IncursionsMode.CREW, "Captains and crew"],
      [IncursionsMode.EVENTS, "Hex events and denizens"],
      [IncursionsMode.FULL, "Full game with cards"],
    ],
  );
  assert.match(kModes[2][2], /denizens/);
  assert.match(kModes[3][2], /deck/);
  const modes = [IncursionsMode.BASIC, IncursionsMode.CREW, IncursionsMode.EVENTS, IncursionsMode.FULL];
  assert.deepEqual(modes.map(choosesCrew), [false, true, true, false]);
  assert.deepEqual(modes.map(choosesShip), [false, true, true, true]);
  assert.deepEqual(modes.map(usesDeck), [false, false, false, true]);
});

test("a seat of the full game brings its ship, captain and deck preset, never crew", () => {
  // The crew a chooser may still hold from another mode are not sent (CREW_FROM_DECK).
  const chosen = choice(["CRW-HELM"], { ship: "KLI-2", captain: "CAP-KLI", deck: "klingon" });
  assert.deepEqual(incursionsSeat(chosen, undefined, true), {
    hexpilePreset: "standard",
    ship: "KLI-2",
    captain: "CAP-KLI",
    deckPreset: "klingon",
  });
  // The standard deck by default; and through seatOptions as the lobby sends it.
  assert.deepEqual(seatOptions(Game.INCURSIONS, "sample:federation", kNoCrewChoice, "borg", true), {
    case: "incursionsSeat",
    value: { hexpilePreset: "borg", deckPreset: "standard" },
  });
  // Outside the full game no deck is named (DECK_NOT_IN_MODE).
  assert.equal(incursionsSeat(chosen).deckPreset, undefined);
  assert.equal(incursionsSeat(null, undefined, true).deckPreset, undefined);
});

test("joining a full-game match asks for a ship, captain and deck", () => {
  const info = create(MatchInfoSchema, { game: Game.INCURSIONS, options: { case: "incursions", value: { mode: IncursionsMode.FULL } } });
  assert.equal(isCrewMatch(info), true);
  assert.equal(isFullMatch(info), true);
  assert.equal(modeTag(info), "the full game with cards");
  assert.equal(isFullMatch(create(MatchInfoSchema, { game: Game.INCURSIONS })), false);
});

test("the deck presets offered, each with what is in it; the summary names the deck", () => {
  const withDecks = create(IncursionsContentSchema, {
    cards: [{ id: "FIRE", title: "Fire" }, { id: "WARP", title: "Warp" }],
    deckPresets: [
      { id: "standard", name: "Standard (5 cards)", cards: ["FIRE", "FIRE", "WARP", "CRW-HELM", "CRW-TAC"] },
      { id: "bare", cards: ["WARP"] },
    ],
  });
  withDecks.cards.push(...content.cards);
  assert.deepEqual(deckChoices(withDecks), [
    { value: "standard", label: "Standard (5 cards)", hint: "5 cards: Fire ×2, Warp; crew: Helm Officer, Tactical Officer" },
    { value: "bare", label: "bare", hint: "1 card: Warp; no crew" },
  ]);
  assert.equal(
    choiceSummary(choice(["CRW-HELM"]), withDecks, true),
    "a random ship, the captain of its race, the Standard (5 cards) deck, crew drawn from it",
  );
});

test("the hexpile brought: the preset chosen, else the standard one; presets listed with their denizens", () => {
  assert.deepEqual(incursionsSeat(null, "borg"), { hexpilePreset: "borg" });
  assert.deepEqual(incursionsSeat({ ...kNoCrewChoice, hexpile: "klingon" }), { hexpilePreset: "klingon" });
  assert.deepEqual(incursionsSeat({ ...kNoCrewChoice, hexpile: "" }), { hexpilePreset: "standard" });
  assert.deepEqual(seatOptions(Game.INCURSIONS, "sample:federation", null, "borg"), {
    case: "incursionsSeat",
    value: { hexpilePreset: "borg" },
  });
  const withPresets = create(IncursionsContentSchema, {
    hexes: [
      { id: "hex.002.wormhole_ii", hexpoints: 0, wormhole: true },
      { id: "hex.014.crystal_entity", hexpoints: 4, event: { denizen: { name: "Crystal Entity" } } },
      { id: "hex.015.doomsday_device", hexpoints: 5, event: { denizen: { name: "Doomsday Device" } } },
      { id: "hex.p1.open_space", hexpoints: 1 },
    ],
    hexpilePresets: [
      { id: "standard", name: "Neutral space", hexes: ["hex.002.wormhole_ii", "hex.p1.open_space", "hex.p1.open_space"] },
      { id: "borg", name: "Borg space", hexes: ["hex.002.wormhole_ii", "hex.014.crystal_entity", "hex.015.doomsday_device"] },
    ],
  });
  assert.deepEqual(presetChoices(withPresets), [
    { value: "standard", label: "Neutral space", hint: "3 hexes, 2 hexpoints; no denizens" },
    { value: "borg", label: "Borg space (2 denizens)", hint: "3 hexes, 9 hexpoints; denizens: Crystal Entity, Doomsday Device" },
  ]);
});

test("the ships offered leave out the rules' test fixtures", () => {
  assert.deepEqual(playableShips(content).map((s) => s.id), ["FED-1", "KLI-2"]);
  assert.equal(shipLabel(content.ships[1]), "Klingon Bird of Prey (Klingon)");
});

test("captains: the defaults, each captain, then each crew card as a stand-in", () => {
  const c = captainChoices(content);
  assert.deepEqual(c.defaults.map((x) => x.value), ["", "none"]);
  assert.deepEqual(c.captains.map((x) => [x.value, x.label]), [
    ["CAP-FED", "Federation Captain"],
    ["CAP-KLI", "Klingon Captain"],
  ]);
  assert.deepEqual(c.standIns.map((x) => x.value), ["CRW-XO", "CRW-HELM", "CRW-HELM2", "CRW-TAC", "CRW-SCI"]);
  assert.equal(c.standIns[1].label, "Helm Officer, as stand-in captain");
  assert.deepEqual(crewCards(content).map((c) => c.id), ["CRW-XO", "CRW-HELM", "CRW-HELM2", "CRW-TAC", "CRW-SCI"]);
});

test("crew: one per position, at most three, and a chosen one can always be taken out", () => {
  const card = (id: string) => content.cards.find((c) => c.id === id)!;
  let c = toggleCrew(kNoCrewChoice, "CRW-HELM", content);
  assert.deepEqual(c.crew, ["CRW-HELM"]);
  // A second Helm is blocked, with the reason.
  assert.equal(crewBlock(c, card("CRW-HELM2"), content), "Helm is taken by your Helm Officer");
  assert.deepEqual(toggleCrew(c, "CRW-HELM2", content).crew, ["CRW-HELM"]);
  c = toggleCrew(toggleCrew(c, "CRW-TAC", content), "CRW-XO", content);
  assert.deepEqual(c.crew, ["CRW-HELM", "CRW-TAC", "CRW-XO"]);
  assert.equal(crewBlock(c, card("CRW-SCI"), content), "three crew chosen already");
  assert.deepEqual(toggleCrew(c, "CRW-SCI", content).crew, c.crew);
  assert.equal(crewBlock(c, card("CRW-TAC"), content), null);
  // Taking one out frees its position and a place.
  c = toggleCrew(c, "CRW-HELM", content);
  assert.deepEqual(c.crew, ["CRW-TAC", "CRW-XO"]);
  assert.deepEqual(toggleCrew(c, "CRW-HELM2", content).crew, ["CRW-TAC", "CRW-XO", "CRW-HELM2"]);
  // Captains and unknown cards are not crew.
  assert.deepEqual(toggleCrew(kNoCrewChoice, "CAP-FED", content).crew, []);
  assert.deepEqual(toggleCrew(kNoCrewChoice, "NOPE", content).crew, []);
});

test("the choice in one line", () => {
  assert.equal(choiceSummary(kNoCrewChoice, content), "a random ship, the captain of its race, no crew");
  assert.equal(
    choiceSummary({ ship: "KLI-2", captain: "CRW-SCI", crew: ["CRW-HELM"] }, content),
    "Klingon Bird of Prey, Science Officer as captain, crew: Helm Officer",
  );
  assert.equal(choiceSummary({ ship: "", captain: "none", crew: [] }, content), "a random ship, no captain, no crew");
  assert.equal(choiceSummary({ ship: "", captain: "CAP-KLI", crew: [] }, content), "a random ship, Klingon Captain, no crew");
});

test("a refused seat says what the rule means, the server's words and the rule", () => {
  assert.equal(
    optionsErrorWords(ErrorCode.INVALID_OPTIONS, "POSITION_OCCUPIED", "two officers for the position of CRW-HELM"),
    "Two of your officers are for the same position: choose one officer per position. " +
      "(two officers for the position of CRW-HELM; POSITION_OCCUPIED)",
  );
  assert.match(optionsErrorWords(ErrorCode.INVALID_OPTIONS, "UNSUPPORTED_MODE", ""), /does not play that mode yet\. \(UNSUPPORTED_MODE\)$/);
  assert.equal(
    optionsErrorWords(ErrorCode.INVALID_OPTIONS, "SOMETHING_NEW", "a new rule"),
    "The server refused these options. (a new rule; SOMETHING_NEW)",
  );
  // Other errors: the server's message as it is.
  assert.equal(optionsErrorWords(ErrorCode.MATCH_FULL, "", "the match is full"), "the match is full");
  assert.match(
    describeSeatError(new RequestError(ErrorCode.INVALID_OPTIONS, "a vessel starts with at most 3 crew", "TOO_MANY_CREW")),
    /^A vessel starts with at most three crew besides its captain\. .*TOO_MANY_CREW\)$/,
  );
  assert.equal(describeSeatError(new Error("the connection to the server dropped")), "the connection to the server dropped");
});
