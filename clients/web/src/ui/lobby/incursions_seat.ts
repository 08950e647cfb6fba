// A player's Incursions seat: in the basic game only the hexes they bring (a preset hexpile);
// with captains and crew (CREW mode, and EVENTS, which adds hex events and denizens) also the
// ship, the captain and up to three crew they choose (§3.1); in the full game (FULL) the ship,
// the captain and a deck (a preset), the crew coming from the deck. The choosers offer only what
// the content lists and keep the crew to one per position; the server checks the seat again and
// says which rule a refused one breaks.
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import {
  IncursionsMode,
  IncursionsPosition,
  type IncursionsCard,
  type IncursionsSeatOptionsSchema,
  type IncursionsShip,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { Game, type MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import { ErrorCode } from "../../../gen/spacedock/v1/envelope_pb.js";
import { describeError, RequestError } from "../../net/connection.js";
import { positionName } from "../incursions/officer_words.js";
import { raceName } from "../incursions/words.js";

// What the seat chooser holds. Empty strings are the server's defaults.
export interface CrewChoice {
  // A ship id; "": drawn at random from the pool.
  ship: string;
  // A card id; "": the captain of the ship's race; "none": no captain. A crew card here stands
  // in as captain.
  captain: string;
  // Crew card ids in the order chosen.
  crew: string[];
  // The hexpile preset brought (HexpilePreset.id); absent or "": the standard one.
  hexpile?: string;
  // FULL: the deck preset brought (DeckPreset.id); absent or "": the standard one.
  deck?: string;
}

export const kNoCrewChoice: CrewChoice = { ship: "", captain: "", crew: [] };
export const kMaxCrew = 3;
export const kNoCaptain = "none";
export const kStandardHexpile = "standard";
export const kStandardDeck = "standard";

type SeatInit = MessageInitShape<typeof IncursionsSeatOptionsSchema>;

// The IncursionsSeatOptions for a seat: the hexpile preset (`hexpile`, else the choice's, else
// the standard one), plus, with captains and crew, the ship and officers chosen (`crew` null: the
// basic game, which refuses any such choice). `full`: the full game, where the crew come from the
// deck (a crew list is refused there) and the seat names its deck preset instead (which any
// other mode refuses).
export function incursionsSeat(crew: CrewChoice | null, hexpile?: string, full = false): SeatInit {
  const seat: SeatInit = { hexpilePreset: hexpile || crew?.hexpile || kStandardHexpile };
  if (!crew) return seat;
  if (crew.ship) seat.ship = crew.ship;
  if (crew.captain) seat.captain = crew.captain;
  if (full) seat.deckPreset = crew.deck || kStandardDeck;
  else if (crew.crew.length > 0) seat.crew = [...crew.crew];
  return seat;
}

// The mode of a match's header (the basic game when it says nothing).
export function matchMode(info: MatchInfo | null | undefined): IncursionsMode {
  if (info?.game !== Game.INCURSIONS || info.options.case !== "incursions") return IncursionsMode.BASIC;
  return info.options.value.mode || IncursionsMode.BASIC;
}

// Modes in which each player chooses a ship and officers: CREW, and EVENTS, which builds on it.
// (FULL draws its crew from the deck: see choosesShip.)
export const choosesCrew = (mode: IncursionsMode): boolean =>
  mode === IncursionsMode.CREW || mode === IncursionsMode.EVENTS;

// The full game, with a deck of game cards per player.
export const usesDeck = (mode: IncursionsMode): boolean => mode === IncursionsMode.FULL;

// Modes in which each player chooses a ship and a captain: every one but the basic game.
export const choosesShip = (mode: IncursionsMode): boolean => choosesCrew(mode) || usesDeck(mode);

// Whether joining the match asks for a ship and officers (and in the full game a deck).
export const isCrewMatch = (info: MatchInfo | null | undefined): boolean => choosesShip(matchMode(info));

// Whether the match is the full game, whose seats bring a deck.
export const isFullMatch = (info: MatchInfo | null | undefined): boolean => usesDeck(matchMode(info));

// The modes a new match may be created in: name, and a line on what it means.
export const kModes: [IncursionsMode, string, string][] = [
  [
    IncursionsMode.BASIC,
    "Basic",
    "Ships are dealt at random; no captains or crew; hexes do nothing but the wormhole's roll.",
  ],
  [IncursionsMode.CREW, "Captains and crew", "Each player chooses a ship, a captain and up to three crew."],
  [
    IncursionsMode.EVENTS,
    "Hex events and denizens",
    "Captains and crew, and the hexes act: they damage, repair or hold the ships that enter or stay, " +
      "change what ships can do there, and some hold denizens (monsters and stations) that attack visitors " +
      "and pay a reward to the ship that destroys them.",
  ],
  [
    IncursionsMode.FULL,
    "Full game with cards",
    "Hex events and denizens, and each player brings a deck of game cards: a hand of five, a card drawn " +
      "every turn, crew drawn from the deck, commands and weapons attached to maneuvers, defenses played " +
      "against hits, and response windows where a Countermand cancels what another player declares.",
  ],
];

// What the match list says of a match's mode after the game's name ("" for the basic game).
export function modeTag(info: MatchInfo | null | undefined): string {
  const mode = matchMode(info);
  if (info?.game !== Game.INCURSIONS || mode === IncursionsMode.BASIC) return "";
  switch (mode) {
    case IncursionsMode.FULL:
      return "the full game with cards";
    case IncursionsMode.EVENTS:
      return "hex events and denizens";
    case IncursionsMode.CREW:
      return "captains and crew";
    default:
      return "";
  }
}

// The deck presets a player may bring in the full game, as the chooser lists them, each with a
// line on what is in it: "33 cards: Fire ×4, Phasers ×4, ...; crew: Helm Officer, ...".
export function deckChoices(content: IncursionsContent): (Choice & { hint: string })[] {
  return content.deckPresets.map((preset) => {
    const counts = new Map<string, number>();
    for (const id of preset.cards) counts.set(id, (counts.get(id) ?? 0) + 1);
    const title = (id: string) => content.cards.find((c) => c.id === id)?.title ?? id;
    const isCrew = (id: string) => {
      const card = content.cards.find((c) => c.id === id);
      return !!card && card.position !== IncursionsPosition.UNSPECIFIED && !isCaptainCard(card);
    };
    const cards = [...counts]
      .filter(([id]) => !isCrew(id))
      .map(([id, n]) => (n > 1 ? `${title(id)} ×${n}` : title(id)));
    const crew = [...counts].filter(([id]) => isCrew(id)).map(([id, n]) => (n > 1 ? `${title(id)} ×${n}` : title(id)));
    const n = preset.cards.length;
    const hint =
      `${n} ${n === 1 ? "card" : "cards"}: ${cards.join(", ")}` +
      (crew.length ? `; crew: ${crew.join(", ")}` : "; no crew");
    return { value: preset.id, label: preset.name || preset.id, hint };
  });
}

// The hexpile presets a player may bring, as the chooser lists them: "Borg space (2 denizens)",
// and a line on each: "12 hexes, 30 hexpoints; denizens: Crystal Entity, Doomsday Device".
export function presetChoices(content: IncursionsContent): (Choice & { hint: string })[] {
  return content.hexpilePresets.map((preset) => {
    const defs = preset.hexes.map((id) => content.hexes.find((h) => h.id === id));
    const hexpoints = defs.reduce((sum, h) => sum + (h?.hexpoints ?? 0), 0);
    const denizens = defs.flatMap((h) => (h?.event?.denizen ? [h.event.denizen.name || h.name] : []));
    const name = preset.name || preset.id;
    const label = denizens.length ? `${name} (${denizens.length} denizen${denizens.length === 1 ? "" : "s"})` : name;
    const hint =
      `${preset.hexes.length} hexes, ${hexpoints} hexpoints` +
      (denizens.length ? `; denizens: ${denizens.join(", ")}` : "; no denizens");
    return { value: preset.id, label, hint };
  });
}

// Ships a player may choose: the content's ships but the rules' test fixtures (TS-*).
export const playableShips = (content: IncursionsContent): IncursionsShip[] =>
  content.ships.filter((ship) => !ship.id.startsWith("TS-"));

export const shipLabel = (ship: IncursionsShip): string => `${ship.name} (${raceName(ship.race)})`;

export const isCaptainCard = (card: IncursionsCard): boolean => card.position === IncursionsPosition.CAPTAIN;
export const crewCards = (content: IncursionsContent): IncursionsCard[] =>
  content.cards.filter((card) => !isCaptainCard(card) && card.position !== IncursionsPosition.UNSPECIFIED);

export interface Choice {
  value: string;
  label: string;
}

export interface CaptainChoices {
  defaults: Choice[];
  captains: Choice[];
  // Crew cards, each as a stand-in captain.
  standIns: Choice[];
}

export function captainChoices(content: IncursionsContent): CaptainChoices {
  return {
    defaults: [
      { value: "", label: "The captain of the ship's race" },
      { value: kNoCaptain, label: "No captain" },
    ],
    captains: content.cards.filter(isCaptainCard).map((card) => ({ value: card.id, label: card.title })),
    standIns: crewCards(content).map((card) => ({ value: card.id, label: `${card.title}, as stand-in captain` })),
  };
}

// Why a crew card cannot be added to the choice now, or null if it can (or is already in it).
export function crewBlock(choice: CrewChoice, card: IncursionsCard, content: IncursionsContent): string | null {
  if (choice.crew.includes(card.id)) return null;
  const holder = choice.crew
    .map((id) => content.cards.find((c) => c.id === id))
    .find((c) => c?.position === card.position);
  if (holder) return `${positionName(card.position)} is taken by your ${holder.title}`;
  if (choice.crew.length >= kMaxCrew) return `three crew chosen already`;
  return null;
}

// The choice with a crew card added (if it may be) or taken out.
export function toggleCrew(choice: CrewChoice, id: string, content: IncursionsContent): CrewChoice {
  if (choice.crew.includes(id)) return { ...choice, crew: choice.crew.filter((c) => c !== id) };
  const card = content.cards.find((c) => c.id === id);
  if (!card || isCaptainCard(card) || crewBlock(choice, card, content) !== null) return choice;
  return { ...choice, crew: [...choice.crew, id] };
}

// The choice as one line: "Klingon Bird of Prey, Klingon Captain, crew: Helm Officer"; in the
// full game (`full`) the deck instead of the crew: "..., the Standard (33 cards) deck, crew drawn
// from it".
export function choiceSummary(choice: CrewChoice, content: IncursionsContent, full = false): string {
  const title = (id: string) => content.cards.find((c) => c.id === id)?.title ?? id;
  const ship = choice.ship ? (content.ships.find((s) => s.id === choice.ship)?.name ?? choice.ship) : "a random ship";
  const captain =
    choice.captain === ""
      ? "the captain of its race"
      : choice.captain === kNoCaptain
        ? "no captain"
        : crewCards(content).some((c) => c.id === choice.captain)
          ? `${title(choice.captain)} as captain`
          : title(choice.captain);
  if (full) {
    const id = choice.deck || kStandardDeck;
    const deck = content.deckPresets.find((d) => d.id === id)?.name || id;
    return `${ship}, ${captain}, the ${deck} deck, crew drawn from it`;
  }
  const crew = choice.crew.length ? `crew: ${choice.crew.map(title).join(", ")}` : "no crew";
  return `${ship}, ${captain}, ${crew}`;
}

// What the set-up rules of a refused seat or match mean (Response.rule of INVALID_OPTIONS).
const kRuleWords: Record<string, string> = {
  POSITION_OCCUPIED: "Two of your officers are for the same position: choose one officer per position.",
  TOO_MANY_CREW: "A vessel starts with at most three crew besides its captain.",
  NOT_CREW: "A captain card was chosen as crew: choose it as the captain instead.",
  UNKNOWN_SHIP: "The server does not know the ship chosen.",
  UNKNOWN_CARD: "The server does not know a card chosen.",
  CREW_FROM_DECK: "In the full game the crew come from the deck: choose no crew.",
  DECK_NOT_IN_MODE: "Only the full game is played with a deck.",
  DECK_TOO_SMALL: "A deck holds at least 25 cards.",
  DECK_TOO_LARGE: "The deck is larger than this server takes.",
  TITLE_LIMIT: "A deck holds at most four copies of a title.",
  RARITY_LIMIT: "The deck has more rare cards than the rarity limits allow (U 1, X 3, R 7, S 13).",
  NOT_A_DECK_CARD: "A captain cannot go in a deck.",
  SHIP_CHOICE_NOT_IN_BASIC: "This match is the basic game: ships are dealt at random.",
  OFFICERS_NOT_IN_BASIC: "This match is the basic game: it has no captains or crew.",
  UNSUPPORTED_MODE: "The server does not play that mode yet.",
  PLAYERS_OUT_OF_RANGE: "An Incursions match has 2 to 6 players.",
  BOTS_TWO_PLAYERS_ONLY: "Bot opponents play two-player matches only.",
  UNKNOWN_PRESET: "The server does not know the hexpile or deck chosen.",
  UNKNOWN_HEX: "The server does not know a hex of the hexpile chosen.",
};

// A refused request in words: for INVALID_OPTIONS, what the rule means, then the server's own
// words and the rule's code; otherwise the server's message.
export function optionsErrorWords(code: ErrorCode, rule: string, message: string): string {
  if (code !== ErrorCode.INVALID_OPTIONS || !rule) return message || ErrorCode[code];
  const words = kRuleWords[rule] ?? "The server refused these options.";
  return message ? `${words} (${message}; ${rule})` : `${words} (${rule})`;
}

export function describeSeatError(failure: unknown): string {
  if (failure instanceof RequestError) return optionsErrorWords(failure.code, failure.rule, failure.message);
  return describeError(failure);
}
