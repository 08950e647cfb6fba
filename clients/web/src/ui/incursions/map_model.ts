// The cells the map draws, worked out from the view and the prompt's targets: every explored
// tile, the empty ring around them (dashed; explorable where an option says so), who and what
// is in each (vessels, mines, denizens), what each tile does (its summary, when the content is
// known), and the box that fits them all.
import type {
  IncursionsDenizen,
  IncursionsMine,
  IncursionsTile,
  IncursionsVessel,
  IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import {
  axial,
  boundsOf,
  emptyNeighbours,
  hexKey,
  hexToPixel,
  parseKey,
  type Axial,
  type Box,
  type Point,
} from "./hex.js";
import type { HexTarget, PromptTargets } from "./prompt_targets.js";
import { atLeast } from "./viewbox.js";
import { describeHex } from "./words.js";

// Corner radius of a hex in map units.
export const kHexSize = 60;

export interface Cell {
  key: string;
  at: Axial;
  centre: Point;
  tile: IncursionsTile | undefined; // undefined: unexplored space
  vessels: IncursionsVessel[]; // on the board (not eliminated)
  mines: IncursionsMine[];
  denizens: IncursionsDenizen[]; // living ones, where they are now
  target: HexTarget | undefined;
  label: string; // the accessible name
  summary: string; // what the tile does, from the content ("" if unknown or unexplored)
}

export interface MapModel {
  cells: Cell[];
  byKey: Map<string, Cell>;
  fitted: Box;
}

// A fitted box at least this many hexes wide and high, so a young board is not drawn huge.
const kMinHexesAcross = 5;
const kMinHexesDown = 4;

// `summaries`: each hex id's summary (hex_words.ts hexSummaries), when the content is known;
// `names`: the players' names by seat, when known.
export function buildMapModel(
  view: IncursionsView,
  targets: PromptTargets,
  me: number | undefined,
  summaries?: ReadonlyMap<string, string>,
  names?: readonly string[],
): MapModel {
  const tiles = new Map<string, IncursionsTile>();
  for (const tile of view.tiles) tiles.set(hexKey(axial(tile.coord)), tile);
  const placed = [...tiles.keys()].map(parseKey);
  if (placed.length === 0) placed.push({ q: 0, r: 0 });
  // The ring of empty neighbours, plus any hex an option names that lies further out.
  const empty = new Map(emptyNeighbours(placed).map((h) => [hexKey(h), h]));
  for (const key of targets.hexes.keys()) if (!tiles.has(key) && !empty.has(key)) empty.set(key, parseKey(key));

  const cell = (at: Axial, tile: IncursionsTile | undefined): Cell => {
    const key = hexKey(at);
    const vessels = view.vessels.filter((v) => !v.eliminated && hexKey(axial(v.position)) === key);
    const mines = view.mines.filter((m) => hexKey(axial(m.coord)) === key);
    const denizens = view.denizens.filter((d) => hexKey(axial(d.coord)) === key);
    const target = targets.hexes.get(key);
    const label = describeHex(
      { tile, at, vessels, mines, denizens, roles: target?.roles ?? new Set(), choices: target?.options.length ?? 0 },
      me,
      names,
    );
    const summary = (tile && summaries?.get(tile.hexId)) || "";
    return { key, at, centre: hexToPixel(at, kHexSize), tile, vessels, mines, denizens, target, label, summary };
  };
  const cells = [
    ...[...tiles.entries()].map(([key, tile]) => cell(parseKey(key), tile)),
    ...[...empty.values()].map((at) => cell(at, undefined)),
  ];
  const box = boundsOf(
    cells.map((c) => c.at),
    kHexSize,
    kHexSize * 0.15,
  );
  const fitted = atLeast(box, kMinHexesAcross * kHexSize * Math.sqrt(3), kMinHexesDown * kHexSize * 1.5);
  return { cells, byKey: new Map(cells.map((c) => [c.key, c])), fitted };
}

// The cells a keyboard can reach: explored tiles, and empty space that offers a choice.
export const isFocusable = (cell: Cell): boolean => cell.tile !== undefined || cell.target !== undefined;
