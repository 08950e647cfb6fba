// Searching and filtering the card database: pure functions over the cards ListCards sent.
import {
  StccgAffiliation,
  StccgCardType,
  StccgIcon,
  type StccgCard,
} from "../../../gen/spacedock/v1/stccg_cards_pb.js";

export interface CardFilter {
  text: string; // words to find in the title, summary and keywords
  type: StccgCardType; // UNSPECIFIED: any
  affiliation: StccgAffiliation; // UNSPECIFIED: any
  icon: StccgIcon; // UNSPECIFIED: any
  set: string; // a set number ("101"), or "" for any
  playableOnly: boolean; // hide the cards the engine does not play yet
}

export const kAnyCard: CardFilter = {
  text: "",
  type: StccgCardType.UNSPECIFIED,
  affiliation: StccgAffiliation.UNSPECIFIED,
  icon: StccgIcon.UNSPECIFIED,
  set: "",
  playableOnly: false,
};

// A card with what the search compares, worked out once.
export interface IndexedCard {
  card: StccgCard;
  set: string;
  title: string; // normalised
  haystack: string; // normalised title, summary and keywords
  affiliations: StccgAffiliation[];
}

// Lower case, no accents, no apostrophes or dots ("U.S.S." is "uss", "K'Ehleyr" "kehleyr"),
// any other punctuation a single space: so that people find cards however they type them.
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

// The set is the first part of the collector id ("101_215": set 101, Premiere).
export function cardSet(card: StccgCard): string {
  const at = card.id.indexOf("_");
  return at > 0 ? card.id.slice(0, at) : "";
}

const kSetNames: Record<string, string> = {
  "101": "Premiere",
  "103": "Alternate Universe",
  "105": "Q-Continuum",
  "116": "Blaze of Glory",
};

export function setName(set: string): string {
  return kSetNames[set] ?? (set ? `Set ${set}` : "No set");
}

// Every affiliation the card's figures name: its own, a mission's icons, who may use a piece
// of equipment, a treaty's or an Espionage's.
export function cardAffiliations(card: StccgCard): StccgAffiliation[] {
  const d = card.details;
  const found: StccgAffiliation[] = [];
  if (d.case === "personnel") found.push(...d.value.affiliations);
  if (d.case === "ship" || d.case === "facility") found.push(d.value.affiliation);
  if (d.case === "mission")
    found.push(...(d.value.seederEnd?.affiliations ?? []), ...(d.value.opponentEnd?.affiliations ?? []));
  if (d.case === "equipment") found.push(...d.value.usableBy);
  if (d.case === "event") {
    found.push(...d.value.treaty);
    if (d.value.espionage) found.push(d.value.espionage.spy, d.value.espionage.target);
  }
  return [...new Set(found)].filter((a) => a !== StccgAffiliation.UNSPECIFIED);
}

export function indexCards(cards: readonly StccgCard[]): IndexedCard[] {
  return cards.map((card) => ({
    card,
    set: cardSet(card),
    title: normalise(card.title),
    haystack: [card.title, card.summary, ...card.keywords].map(normalise).join(" | "),
    affiliations: cardAffiliations(card),
  }));
}

function passes(entry: IndexedCard, filter: CardFilter, words: string[]): boolean {
  const card = entry.card;
  return (
    (!filter.type || card.type === filter.type) &&
    (!filter.affiliation || entry.affiliations.includes(filter.affiliation)) &&
    (!filter.icon || card.icons.includes(filter.icon)) &&
    (!filter.set || entry.set === filter.set) &&
    (!filter.playableOnly || !card.unsupported) &&
    words.every((word) => entry.haystack.includes(word))
  );
}

// How well the title answers the query: 0 best. Cards found only in their summary or
// keywords come after those named by it.
function rank(entry: IndexedCard, query: string, words: string[]): number {
  if (entry.title === query) return 0;
  if (entry.title.startsWith(query)) return 1;
  return words.every((word) => entry.title.includes(word)) ? 2 : 3;
}

// The cards passing the filter: in the data's order, or best title match first when there are
// words to find (ties keep the data's order).
export function filterCards(index: readonly IndexedCard[], filter: CardFilter): StccgCard[] {
  const query = normalise(filter.text);
  const words = query ? query.split(" ") : [];
  const found = index.filter((entry) => passes(entry, filter, words));
  if (!words.length) return found.map((entry) => entry.card);
  return found
    .map((entry, at) => ({ entry, at, rank: rank(entry, query, words) }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .map((item) => item.entry.card);
}

export interface Facets {
  types: StccgCardType[];
  affiliations: StccgAffiliation[];
  icons: StccgIcon[];
  sets: string[];
}

// The values the filters can take: only those some card has, in enum (or set number) order.
export function facets(index: readonly IndexedCard[]): Facets {
  const types = new Set<StccgCardType>();
  const affiliations = new Set<StccgAffiliation>();
  const icons = new Set<StccgIcon>();
  const sets = new Set<string>();
  for (const entry of index) {
    types.add(entry.card.type);
    entry.affiliations.forEach((a) => affiliations.add(a));
    entry.card.icons.forEach((i) => icons.add(i));
    if (entry.set) sets.add(entry.set);
  }
  const byNumber = (a: number, b: number) => a - b;
  return {
    types: [...types].filter(Boolean).sort(byNumber),
    affiliations: [...affiliations].sort(byNumber),
    icons: [...icons].filter(Boolean).sort(byNumber),
    sets: [...sets].sort((a, b) => a.localeCompare(b, "en", { numeric: true })),
  };
}
