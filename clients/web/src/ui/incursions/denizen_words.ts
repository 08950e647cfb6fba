// Denizens in words (§10: a hex's monster or station, in the EVENTS mode): the marker's letters,
// each one's line in the denizen list, its accessible name, and the names rolls and hits give it.
// Every number is one the server sent.
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import type { IncursionsDenizen, IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { axial, hexKey } from "./hex.js";
import { coordText, dice, seatName, tileTitle } from "./words.js";

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
  life: string;  // "23/35"
  share: number;
  evasion: string;
  weapon: string;  // "2D6+2"
  // The seat that dominates it, if any (§10.3), and in words: "dominated by Player 2".
  dominatedBy: number | undefined;
  dominated: string;
  // "mobile", "can be dominated".
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

export function denizenLine(d: IncursionsDenizen, view: IncursionsView, me: number | undefined, choices = 0): DenizenLine {
  const name = d.name || "Denizen";
  const where = placeWords(view, d);
  const weapon = dice(d.weaponDice, d.weaponFlat);
  const evasion = evasionWords(d.evasion);
  const dominated = d.dominatedBy !== undefined ? `dominated by ${seatName(d.dominatedBy, me)}` : "";
  const traits: string[] = [];
  if (d.mobile) traits.push("mobile");
  if (d.dominatable && d.dominatedBy === undefined) traits.push("can be dominated");
  const parts = [`Denizen: ${name}`, `at ${where}`, `life ${d.life} of ${d.lifeMax}`, evasion, `weapon ${weapon}`];
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
    traits,
    label: parts.join(", "),
  };
}

// The names of the denizens a roll or a hit may name, by id: the living ones in the view, and
// any spawned in `events` (one destroyed since is gone from the view but still named).
export function denizenNames(view: IncursionsView | undefined, events: readonly GameEvent[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const event of events) {
    if (event.body.case !== "incursions") continue;
    const body = event.body.value.body;
    if (body.case === "denizenSpawned" && body.value.denizen) names.set(body.value.denizen.id, body.value.denizen.name);
  }
  for (const d of view?.denizens ?? []) names.set(d.id, d.name);
  return names;
}
