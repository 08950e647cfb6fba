// Denizens in words (§10: a hex's monster or station, in the EVENTS mode): the marker's letters,
// each one's line in the denizen list, its accessible name, and the names rolls and hits give it.
// An object a player's card placed in a hex (§11.1, the full game: Weapons Platform, Outpost) is
// listed among the denizens with its owner and card: it reads as that player's object ("placed by
// alice", "yours"), never as a hex's monster. Every number is one the server sent.
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import { IncursionsCardMechanism } from "../../../gen/spacedock/v1/incursions_pb.js";
import type { IncursionsDenizen, IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { axial, hexKey } from "./hex.js";
import { coordText, dice, ownerName, seatName, tileTitle } from "./words.js";

// A placed object's owner (IncursionsDenizen.owner_seat), undefined for a hex's denizen.
export const placedOwner = (d: Pick<IncursionsDenizen, "ownerSeat">): number | undefined => d.ownerSeat;

// What a denizen is called: a placed object by its card's title, any other by its name.
export const denizenName = (d: Pick<IncursionsDenizen, "name" | "card">): string =>
  d.card?.card?.title || d.name || "Denizen";

// Who placed an object, beside its name: "yours", "placed by alice" (`names`: the players' names
// by seat), "placed by Player 2".
export function placedByWords(owner: number, me: number | undefined, names?: readonly string[]): string {
  return owner === me ? "yours" : `placed by ${seatName(owner, me, names)}`;
}

// A placed object as its owner's, inside a sentence: "your Outpost", "alice's Weapons Platform",
// "Player 2's Outpost".
export function ownedObjectName(
  d: Pick<IncursionsDenizen, "name" | "card" | "ownerSeat">,
  me: number | undefined,
  names?: readonly string[],
): string {
  const owner = d.ownerSeat;
  const name = denizenName(d);
  if (owner === undefined) return `the ${name}`;
  return `${ownerName(owner, me, names)} ${name}`;
}

// Up to two letters for the map marker: the initials of the name's first two words, so that
// "Crystal Entity" (CE) and "Crypt Guardians" (CG) differ. "?" for a nameless one.
export function denizenGlyph(name: string): string {
  const words = name
    .replace(/^the\s+/i, "")
    .split(/[\s:!-]+/)
    .filter((w) => /[A-Za-z0-9]/.test(w));
  const letters = words.slice(0, 2).map((w) => (/[A-Za-z0-9]/.exec(w) ?? ["?"])[0].toUpperCase());
  return letters.join("") || "?";
}

// "evades on 2D6 ≤ 5", or "never evades" (platforms and stations).
export const evasionWords = (evasion: number): string => (evasion > 0 ? `evades on 2D6 ≤ ${evasion}` : "never evades");

// The denizen's life as a share of its full life, 0 to 1.
export const lifeShare = (d: Pick<IncursionsDenizen, "life" | "lifeMax">): number =>
  d.lifeMax > 0 ? Math.max(0, Math.min(1, d.life / d.lifeMax)) : 0;

export interface DenizenLine {
  id: number;
  name: string;
  glyph: string;
  // "Hex 14, Crystal Entity (1,0)"; away from home: "(2,0), away from its hex (1,0)".
  where: string;
  life: string; // "23/35"
  share: number;
  evasion: string;
  weapon: string; // "2D6+2"
  // The seat that dominates it, if any (§10.3), and in words: "dominated by Player 2".
  dominatedBy: number | undefined;
  dominated: string;
  // A placed object (§11.1): the seat that placed it, and in words: "yours", "placed by alice";
  // undefined and "" for a hex's denizen.
  ownerSeat: number | undefined;
  owner: string;
  // "mobile", "can be dominated"; a placed object's "adds its owner's weapon bonus",
  // "repaired by its owner" (from its card's figures).
  traits: string[];
  // Everything in one sentence: its accessible name and tooltip.
  label: string;
}

function placeWords(view: IncursionsView, d: IncursionsDenizen): string {
  const at = axial(d.coord);
  const home = axial(d.home);
  const tile = view.tiles.find((t) => hexKey(axial(t.coord)) === hexKey(at));
  const here = `${tile ? `${tileTitle(tile)} ` : ""}${coordText(at)}`;
  return hexKey(at) === hexKey(home) ? here : `${here}, away from its hex ${coordText(home)}`;
}

// The objects `seat` placed that still stand, in the server's order.
export const placedObjects = (view: IncursionsView, seat: number): IncursionsDenizen[] =>
  view.denizens.filter((d) => d.ownerSeat === seat);

// A placed object on its owner's board: "Outpost at (1,0), 18/20 LP".
export const placedObjectWords = (d: IncursionsDenizen): string =>
  `${denizenName(d)} at ${coordText(axial(d.coord))}, ${d.life}/${d.lifeMax} LP`;

// `names`: the players' names by seat, when known (a placed object's owner is named by them).
export function denizenLine(
  d: IncursionsDenizen,
  view: IncursionsView,
  me: number | undefined,
  choices = 0,
  names?: readonly string[],
): DenizenLine {
  const name = denizenName(d);
  const where = placeWords(view, d);
  const weapon = dice(d.weaponDice, d.weaponFlat);
  const evasion = evasionWords(d.evasion);
  const dominated = d.dominatedBy !== undefined ? `dominated by ${seatName(d.dominatedBy, me, names)}` : "";
  const ownerSeat = placedOwner(d);
  const owner = ownerSeat !== undefined ? placedByWords(ownerSeat, me, names) : "";
  const traits: string[] = [];
  if (d.mobile) traits.push("mobile");
  if (d.dominatable && d.dominatedBy === undefined) traits.push("can be dominated");
  const placed = d.card?.card?.effect?.placed;
  if (ownerSeat !== undefined && placed?.weaponBonus) traits.push("adds its owner's weapon bonus");
  if (ownerSeat !== undefined && placed?.repairable) traits.push("repaired by its owner");
  // A launched Shuttle craft (§11.3): its owner moves it, and takes it back once it is whole.
  if (ownerSeat !== undefined && d.card?.card?.effect?.mechanism === IncursionsCardMechanism.SHUTTLE)
    traits.push("repaired by its owner, back to the hand once whole");
  const parts =
    ownerSeat !== undefined ? [`Placed object: ${name}`, owner, `at ${where}`] : [`Denizen: ${name}`, `at ${where}`];
  parts.push(`life ${d.life} of ${d.lifeMax}`, evasion, `weapon ${weapon}`);
  if (ownerSeat !== undefined) parts.push(...traits);
  if (dominated) parts.push(dominated);
  if (choices > 0) parts.push(choices === 1 ? "target, 1 choice" : `target, ${choices} choices`);
  return {
    id: d.id,
    name,
    glyph: denizenGlyph(name),
    where,
    life: `${d.life}/${d.lifeMax}`,
    share: lifeShare(d),
    evasion,
    weapon,
    dominatedBy: d.dominatedBy,
    dominated,
    ownerSeat,
    owner,
    traits,
    label: parts.join(", "),
  };
}

// The names of the denizens a roll or a hit may name, by id: the living ones in the view, and
// any spawned in `events` (one destroyed since is gone from the view but still named). A placed
// object is named with its owner: "alice's Weapons Platform" (`players`: the players' names by
// seat, else "Player 2's").
export function denizenNames(
  view: IncursionsView | undefined,
  events: readonly GameEvent[],
  players?: readonly string[],
): Map<number, string> {
  const names = new Map<number, string>();
  const nameOf = (d: IncursionsDenizen): string =>
    d.ownerSeat !== undefined ? `${ownerName(d.ownerSeat, undefined, players)} ${denizenName(d)}` : d.name;
  for (const event of events) {
    if (event.body.case !== "incursions") continue;
    const body = event.body.value.body;
    if (body.case === "denizenSpawned" && body.value.denizen)
      names.set(body.value.denizen.id, nameOf(body.value.denizen));
  }
  for (const d of view?.denizens ?? []) names.set(d.id, nameOf(d));
  return names;
}
