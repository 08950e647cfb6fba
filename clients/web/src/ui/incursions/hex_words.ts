// What a hex does, in words, from the content the server lists (ListCards: each
// HexDefinition's summary, and the denizen its event holds), so a player can learn a hex by
// pointing at it. Nothing here decides what a hex does: the server acts, this only reads.
import type {
  DenizenDefinition,
  HexDefinition,
  IncursionsContent,
} from "../../../gen/spacedock/v1/incursions_content_pb.js";
import type {
  IncursionsDenizen,
  IncursionsTile,
  IncursionsVessel,
  IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { denizenLine, evasionWords } from "./denizen_words.js";
import { axial, hexKey, type Axial } from "./hex.js";
import { coordText, dice, ownerLabel, ownerName, raceName, tileTitle } from "./words.js";

export const kStartSummary = "The start tile: every ship begins here, and a failed wormhole roll sends it back here.";

// Each hex id's summary: the content's words, and the start tile's.
export function hexSummaries(content: IncursionsContent | undefined): Map<string, string> {
  const summaries = new Map<string, string>([["start", kStartSummary]]);
  for (const hex of content?.hexes ?? []) if (hex.summary) summaries.set(hex.id, hex.summary);
  return summaries;
}

// A denizen a hex holds, as its definition says: "Crystal Entity: life 35, evades on 2D6 ≤ 5,
// weapon 2D6+2, mobile, can be dominated".
export function denizenDefWords(def: DenizenDefinition): string {
  const parts = [
    `life ${def.life}`,
    evasionWords(def.evasion),
    `weapon ${dice(def.weapon?.dice ?? 0, def.weapon?.flat ?? 0)}`,
  ];
  if (def.mobile) parts.push("mobile");
  parts.push(def.dominatable ? "can be dominated" : "cannot be dominated");
  return `${def.name}: ${parts.join(", ")}`;
}

export interface HexInfo {
  // "Hex 14, Crystal Entity" or "Unexplored space".
  title: string;
  at: string; // "(1,0)"
  // "From your hexpile · 4 hexpoints · Federation block".
  facts: string[];
  // What the hex does, in the content's words ("" when the content has not arrived).
  summary: string;
  // The denizen its event holds, as printed: "Crystal Entity: life 35, ...".
  denizen: string;
  // Who is in it now: vessels and living denizens.
  here: string[];
}

export const hexDefinition = (content: IncursionsContent | undefined, hexId: string): HexDefinition | undefined =>
  content?.hexes.find((h) => h.id === hexId);

// Everything the hex panel shows about the hex at `at` (a tile, or unexplored space). `names`:
// the players' names by seat, when known.
export function hexInfo(
  at: Axial,
  tile: IncursionsTile | undefined,
  view: IncursionsView,
  content: IncursionsContent | undefined,
  me: number | undefined,
  names?: readonly string[],
): HexInfo {
  const key = hexKey(at);
  const here: string[] = [];
  for (const v of view.vessels.filter((v: IncursionsVessel) => !v.eliminated && hexKey(axial(v.position)) === key))
    here.push(`${ownerLabel(v.seat, me, names)} ${v.ship?.name ?? "ship"}${v.cloaked ? " (cloaked)" : ""}`);
  for (const d of view.denizens.filter((d: IncursionsDenizen) => hexKey(axial(d.coord)) === key)) {
    const line = denizenLine(d, view, me, 0, names);
    // A placed object is its owner's: "Your Outpost: life 20/20".
    const name = line.ownerSeat !== undefined ? `${ownerLabel(line.ownerSeat, me, names)} ${line.name}` : line.name;
    here.push(`${name}: life ${line.life}${line.dominated ? `, ${line.dominated}` : ""}`);
  }
  if (!tile) return { title: "Unexplored space", at: coordText(at), facts: [], summary: "", denizen: "", here };
  const def = hexDefinition(content, tile.hexId);
  const facts: string[] = [];
  if (tile.ownerSeat !== undefined) facts.push(`From ${ownerName(tile.ownerSeat, me, names)} hexpile`);
  if (def && tile.hexId !== "start") {
    facts.push(`${def.hexpoints} hexpoint${def.hexpoints === 1 ? "" : "s"}`);
    if (def.affinity) facts.push(`${raceName(def.affinity)} block`);
  }
  if (tile.wormhole) facts.push("Wormhole");
  const summary = tile.hexId === "start" ? kStartSummary : (def?.summary ?? "");
  const denizen = def?.event?.denizen ? denizenDefWords(def.event.denizen) : "";
  return { title: tileTitle(tile), at: coordText(at), facts, summary, denizen, here };
}
