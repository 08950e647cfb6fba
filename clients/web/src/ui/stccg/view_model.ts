// What the table derives from a StccgView: who sits where, words for seats and cards, and each
// location split into the two players' sides. Pure, so that it can be tested without a DOM.
import {
  StccgCardType,
  StccgPlacement,
  StccgQuadrant,
  StccgSideDeck,
  type StccgCard,
  type StccgMissionEnd,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgDecisionStep,
  StccgPhase,
  type StccgAttempt,
  type StccgCardInPlay,
  type StccgCardRef,
  type StccgHeldSeed,
  type StccgLocation,
  type StccgRequirementsCheck,
  type StccgView,
} from "../../../gen/spacedock/v1/stccg_pb.js";
import { affiliationName, typeName } from "../cards/card_words.js";

// The viewer's seat sits at the bottom; a spectator sees the first seat there.
export interface Sides {
  bottom: number;
  top: number;
  player: boolean;
  // The players' names by seat, for a spectator's words ("alice" rather than "Seat 0").
  names?: string[];
}

export function sidesOf(view: StccgView, seat: number | undefined, names?: string[]): Sides {
  const seats = view.players.map((p) => p.seat);
  const bottom = seat ?? seats[0] ?? 0;
  const top = seats.find((s) => s !== bottom) ?? (bottom === 0 ? 1 : 0);
  return { bottom, top, player: seat !== undefined, ...(names ? { names } : {}) };
}

export type Side = "mine" | "theirs" | "neutral";

// The CSS class for a seat: blue at the bottom, orange at the top.
export function sideOf(sides: Sides, seat: number): Side {
  return seat === sides.bottom ? "mine" : seat === sides.top ? "theirs" : "neutral";
}

// "You", "Opponent", or "Seat 1" for spectators and for seats outside the game (255: nobody).
export function seatName(sides: Sides, seat: number): string {
  if (sides.player && seat === sides.bottom) return "You";
  if (sides.player && seat === sides.top) return "Opponent";
  return seat === sides.bottom || seat === sides.top ? (sides.names?.[seat] ?? `Seat ${seat}`) : "Nobody";
}

// seatName in running text: "you", "opponent", "alice" (a user name keeps its case).
export function seatWord(sides: Sides, seat: number): string {
  const name = seatName(sides, seat);
  return name === sides.names?.[seat] ? name : name.toLowerCase();
}

export function possessive(sides: Sides, seat: number): string {
  if (sides.player && seat === sides.bottom) return "your";
  if (sides.player && seat === sides.top) return "opponent's";
  if (seat !== sides.bottom && seat !== sides.top) return "nobody's";
  const name = sides.names?.[seat];
  return name ? `${name}'s` : `seat ${seat}'s`;
}

// A label's first word: "Your", "Opponent's", "alice's" (a user name keeps its case).
export function whoseLabel(sides: Sides, seat: number): string {
  const words = possessive(sides, seat);
  if (words === `${sides.names?.[seat]}'s`) return words;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A name short enough for a card's corner: "alice", "Bot (st…".
const kTagLength = 8;
function shortName(name: string): string {
  return name.length <= kTagLength ? name : `${name.slice(0, kTagLength - 1)}…`;
}

// The short owner marker printed on a card, so that ownership never relies on colour alone:
// the player's name for spectators, judges and replays.
export function ownerTag(sides: Sides, seat: number): string {
  if (sides.player && seat === sides.bottom) return "You";
  if (sides.player && seat === sides.top) return "Opp";
  if (seat !== sides.bottom && seat !== sides.top) return "—";
  const name = sides.names?.[seat];
  return name ? shortName(name) : `S${seat}`;
}

// A ref with no identity is a face-down card (its handle may be 0).
export function isHidden(ref: StccgCardRef | undefined): boolean {
  return !ref || (ref.cardId === "" && ref.title === "");
}

// "personnel", "ship": the card database's type names, in running text.
export function typeWord(type: StccgCardType): string {
  return typeName(type).toLowerCase();
}

export function cardTitle(ref: StccgCardRef | undefined): string {
  return isHidden(ref) ? "Face-down card" : ref!.title || ref!.cardId;
}

export function placementWord(p: StccgPlacement): string {
  if (p === StccgPlacement.PLANET) return "planet";
  if (p === StccgPlacement.SPACE) return "space";
  return p === StccgPlacement.DUAL ? "planet and space" : "";
}

export function sideDeckName(kind: StccgSideDeck): string {
  if (kind === StccgSideDeck.Q_CONTINUUM) return "Q-Continuum";
  if (kind === StccgSideDeck.Q_TENT) return "Q's Tent";
  return kind === StccgSideDeck.BATTLE_BRIDGE ? "Battle Bridge" : "Side deck";
}

// The state words of a card in play, most important first; shown as badges and read aloud. They
// also say why an option is missing: an unstaffed ship cannot move, a stopped card cannot act.
export function stateWords(c: StccgCardInPlay): string[] {
  const words: string[] = [];
  if (c.staffed === false) words.push(c.staffingMissing ? `unstaffed: needs ${c.staffingMissing}` : "unstaffed");
  if (c.disabled) words.push("disabled");
  if (c.stopped) words.push("stopped: for this turn"); // unstopped at the start of the next turn
  if (c.damaged) words.push("damaged");
  if (c.hull > 0 && c.hull < 100) words.push(`hull ${c.hull}%`);
  if (c.cloaked) words.push("cloaked");
  if (c.undocked) words.push("undocked");
  // Captives are disabled until rescued, released or freed by their captor (§3.14).
  if (c.captive) words.push(`${c.unattended ? "captive, unattended" : "captive"}: disabled until rescued or released`);
  else if (c.unattended) words.push("unattended");
  if (c.houseArrest) words.push("house arrest");
  // A hidden agenda (BoG): its owner sees which card; it does nothing until revealed.
  if (c.faceDown) words.push("face down: a hidden agenda, in effect once revealed");
  return words;
}

// The word on the card the open decision is about, as a first-edition player says it.
export function aboutWord(what: StccgDecisionStep, about: StccgCardRef | undefined, attempt?: StccgAttempt): string {
  const handle = about?.handle ?? 0;
  if (handle !== 0 && (attempt?.vessel?.handle === handle || attempt?.members.some((m) => m.handle === handle)))
    return "attempting";
  if (about?.type === StccgCardType.DILEMMA) return "encountered";
  switch (what) {
    case StccgDecisionStep.STCCG_DECISION_BATTLE_JOIN:
    case StccgDecisionStep.STCCG_DECISION_RETURN_FIRE:
    case StccgDecisionStep.STCCG_DECISION_RETURN_JOIN:
    case StccgDecisionStep.STCCG_DECISION_DRAW_TACTIC:
    case StccgDecisionStep.STCCG_DECISION_CURRENT_TACTIC:
    case StccgDecisionStep.STCCG_DECISION_RETALIATE:
      return "attacked";
    case StccgDecisionStep.STCCG_DECISION_RESPONSE:
      return "acting";
    case StccgDecisionStep.STCCG_DECISION_CHOOSE:
    case StccgDecisionStep.STCCG_DECISION_YES_NO:
      return "being played";
    default:
      return "this decision";
  }
}

// --- Locations ---

export interface SideCards {
  space: StccgCardInPlay[]; // facilities first, then ships and other cards in space
  surface: StccgCardInPlay[];
}

export interface SeedSummary {
  total: number;
  mine: number; // seeded by the bottom seat
  theirs: number;
  known: StccgCardRef[]; // the ones whose identity the viewer knows
  held: number; // cards held under those seeds (a Cryosatellite's personnel)
  knownHeld: StccgHeldSeed[]; // the held ones whose identity the viewer knows
}

export interface LocationModel {
  loc: StccgLocation;
  top: SideCards;
  bottom: SideCards;
  // In play here but controlled by neither seat (a self-controlling card).
  neutral: StccgCardInPlay[];
  seeds: SeedSummary;
  // The mission's end facing each seat; `same` when both read alike.
  bottomEnd?: StccgMissionEnd;
  topEnd?: StccgMissionEnd;
  sameEnds: boolean;
}

function blankEnd(e: StccgMissionEnd | undefined): boolean {
  return !e || (e.span === 0 && e.points === undefined && e.affiliations.length === 0 && e.requirements === "");
}

function sameEnd(a: StccgMissionEnd | undefined, b: StccgMissionEnd | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.span === b.span &&
    a.points === b.points &&
    a.requirements === b.requirements &&
    a.affiliations.join() === b.affiliations.join()
  );
}

export function locationModel(loc: StccgLocation, sides: Sides): LocationModel {
  const top: SideCards = { space: [], surface: [] };
  const bottom: SideCards = { space: [], surface: [] };
  const neutral: StccgCardInPlay[] = [];
  const place = (c: StccgCardInPlay, where: keyof SideCards) => {
    if (c.controller === sides.bottom) bottom[where].push(c);
    else if (c.controller === sides.top) top[where].push(c);
    else neutral.push(c);
  };
  for (const c of loc.facilities) place(c, "space");
  for (const c of loc.ships) place(c, "space");
  for (const c of loc.surface) place(c, "surface");

  const mine = loc.seeds.filter((s) => s.owner === sides.bottom).length;
  const seeds: SeedSummary = {
    total: loc.seeds.length,
    mine,
    theirs: loc.seeds.length - mine,
    known: loc.seeds.filter((s) => !isHidden(s)),
    held: loc.heldSeeds.length,
    knownHeld: loc.heldSeeds.filter((h) => h.card && !isHidden(h.card)),
  };
  // other_end may be left empty when it reads as the seeder's end.
  const seederEnd = loc.seederEnd;
  const otherEnd = blankEnd(loc.otherEnd) ? seederEnd : loc.otherEnd;
  const bottomSeeded = loc.seeder === sides.bottom;
  const bottomEnd = bottomSeeded ? seederEnd : otherEnd;
  const topEnd = bottomSeeded ? otherEnd : seederEnd;
  return { loc, top, bottom, neutral, seeds, bottomEnd, topEnd, sameEnds: sameEnd(bottomEnd, topEnd) };
}

// "35 points · span 2 · Federation, Klingon": what a mission end shows at a glance.
export function endWords(e: StccgMissionEnd | undefined): string[] {
  if (!e) return [];
  const words: string[] = [];
  if (e.points !== undefined) words.push(`${e.points} points`);
  if (e.span > 0) words.push(`span ${e.span}`);
  if (e.affiliations.length) words.push(e.affiliations.map(affiliationName).join(", "));
  return words;
}

// What the mission still lacks for the player's nearest group there (the server works it out:
// StccgLocation.your_group): "Your group here meets the requirements", "Lacks: Diplomacy,
// CUNNING>35". Empty when the view does not say (nobody of theirs there, or not their view).
export function groupWords(check: StccgRequirementsCheck | undefined): string {
  if (!check) return "";
  const lacks = [...check.lacking, ...(check.matchingAffiliation ? [] : ["a personnel matching its affiliation"])];
  return lacks.length ? `Lacks: ${lacks.join(", ")}` : "Your group here meets the requirements";
}

// "4 seeds · 2 yours" (the number and owners of seed cards are public), and "· 3 held under
// them" when a seed card holds others (a Cryosatellite's personnel).
export function seedWords(s: SeedSummary, sides: Sides): string {
  if (s.total === 0) return "no seeds";
  const count = s.total === 1 ? "1 seed" : `${s.total} seeds`;
  const held = s.held > 0 ? ` · ${s.held} held under ${s.total === 1 ? "it" : "them"}` : "";
  if (sides.player) return `${count} · ${s.mine} yours${held}`;
  const who = (seat: number) => sides.names?.[seat] ?? `seat ${seat}`;
  return `${count} · ${s.mine} ${who(sides.bottom)}, ${s.theirs} ${who(sides.top)}${held}`;
}

// --- The whole view ---

const kSeeding: Partial<Record<StccgPhase, string>> = {
  [StccgPhase.SEED_DOORWAYS]: "Seeding doorways",
  [StccgPhase.SEED_MISSIONS]: "Seeding missions",
  [StccgPhase.SEED_DILEMMAS]: "Seeding dilemmas",
  [StccgPhase.SEED_OUTPOSTS]: "Seeding outposts",
};

export function isSeeding(phase: StccgPhase): boolean {
  return kSeeding[phase] !== undefined;
}

// The phase line: "Turn 4 · Your turn", "Seeding missions · Opponent seeds next", "Game over · You won".
export function phaseWords(view: StccgView, sides: Sides): string {
  const who = seatName(sides, view.activeSeat);
  const seeding = kSeeding[view.phase];
  if (seeding) return `${seeding} · ${who === "You" ? "you seed" : `${who} seeds`} next`;
  if (view.phase === StccgPhase.PLAYING) {
    const whose = who === "You" ? "Your" : who === "Nobody" ? "Nobody's" : `${who}'s`;
    return `Turn ${view.turn} · ${whose} turn`;
  }
  if (view.phase === StccgPhase.GAME_OVER) {
    if (view.winners.length === 0) return "Game over";
    if (view.winners.length > 1) return "Game over · A draw";
    return `Game over · ${seatName(sides, view.winners[0])} won`;
  }
  return "Starting";
}

// Calls `visit` for every card ref the table draws as a button, so that options naming other
// handles (stand-ins for hidden cards) can be told apart.
export function forEachShownRef(view: StccgView, visit: (ref: StccgCardRef) => void): void {
  const inPlay = (c: StccgCardInPlay) => {
    if (c.card) visit(c.card);
    c.aboard.forEach(inPlay);
    c.attached.forEach(inPlay);
  };
  for (const p of view.players) {
    [...p.hand, ...p.seedPile, ...p.drawDeck, ...p.discard, ...p.bonus, ...p.outOfPlay].forEach(visit);
    p.table.forEach(inPlay);
    for (const deck of p.sideDecks) {
      if (deck.door) inPlay(deck.door);
      [...deck.cards, ...deck.used].forEach(visit);
    }
  }
  for (const loc of view.spaceline) {
    if (loc.mission) visit(loc.mission);
    if (loc.copy) visit(loc.copy);
    loc.seeds.forEach(visit);
    [...loc.facilities, ...loc.ships, ...loc.surface, ...loc.attached].forEach(inPlay);
  }
  view.resolving.forEach(visit);
  view.held.forEach(visit);
  const a = view.attempt;
  if (a) {
    if (a.vessel) visit(a.vessel);
    a.members.forEach(visit);
    if (a.dilemma) visit(a.dilemma);
  }
}

export function shownHandles(view: StccgView): Set<number> {
  const handles = new Set<number>();
  forEachShownRef(view, (ref) => {
    if (ref.handle !== 0) handles.add(ref.handle);
  });
  return handles;
}

// Where a mission lies, from the card database (the view names the card, not its figures):
// "Alpha Quadrant", "Gamma Quadrant · Gamma Quadrant region" ...
export function missionPlace(card: StccgCard | undefined): string[] {
  if (!card || card.details.case !== "mission") return [];
  const mission = card.details.value;
  const quadrant =
    mission.quadrant === StccgQuadrant.GAMMA
      ? "Gamma Quadrant"
      : mission.quadrant === StccgQuadrant.DELTA
        ? "Delta Quadrant"
        : "Alpha Quadrant";
  if (!mission.region) return [quadrant];
  // Some regions carry the word in their name ("Neutral Zone Region"), most do not ("Bajor").
  const region = /\bregion$/i.test(mission.region) ? mission.region : `${mission.region} region`;
  return [quadrant, region];
}
