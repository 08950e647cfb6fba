// Hex-grid maths for the map: axial coordinates (q, r), pointy-top hexes, after the formulas of
// Red Blob Games (redblobgames.com/grids/hexagons). Drawing only: the server decides what is legal.

export interface Axial {
  q: number;
  r: number;
}

export interface Point {
  x: number;
  y: number;
}

// A rectangle in map units.
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const SQRT3 = Math.sqrt(3);

// The six directions in the protocol's order (HexCoord): east first, then anticlockwise.
export const DIRECTIONS: readonly { name: string; dq: number; dr: number }[] = [
  { name: "east", dq: 1, dr: 0 },
  { name: "north-east", dq: 1, dr: -1 },
  { name: "north-west", dq: 0, dr: -1 },
  { name: "west", dq: -1, dr: 0 },
  { name: "south-west", dq: -1, dr: 1 },
  { name: "south-east", dq: 0, dr: 1 },
];

// A protobuf HexCoord may be absent; absent means the start tile's (0, 0).
export const axial = (c: Partial<Axial> | undefined): Axial => ({ q: c?.q ?? 0, r: c?.r ?? 0 });

// Map key of a hex. `+ 0` turns -0 into 0 so that both spell the same key.
export const hexKey = (h: Axial): string => `${h.q + 0},${h.r + 0}`;

export function parseKey(key: string): Axial {
  const [q, r] = key.split(",").map(Number);
  return { q, r };
}

export const neighbour = (h: Axial, direction: number): Axial => {
  const d = DIRECTIONS[((direction % 6) + 6) % 6];
  return { q: h.q + d.dq, r: h.r + d.dr };
};

export const neighbours = (h: Axial): Axial[] => DIRECTIONS.map((_, i) => neighbour(h, i));

// Steps between two hexes (the game's range).
export function distance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

// Centre of a hex whose corners are `size` from its centre; (0, 0) sits at the origin.
export function hexToPixel(h: Axial, size: number): Point {
  return { x: size * SQRT3 * (h.q + h.r / 2), y: size * 1.5 * h.r };
}

// Corners of a pointy-top hex, clockwise from the upper right one.
export function hexCorners(centre: Point, size: number): Point[] {
  const corners: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    corners.push({ x: centre.x + size * Math.cos(angle), y: centre.y + size * Math.sin(angle) });
  }
  return corners;
}

// The `points` attribute of an SVG polygon, rounded to keep the DOM small.
export const polygonPoints = (corners: Point[]): string =>
  corners.map((p) => `${round2(p.x)},${round2(p.y)}`).join(" ");

const round2 = (n: number): number => Math.round(n * 100) / 100 + 0;

// Empty hexes next to any of `hexes`, in a stable order (by r, then q).
export function emptyNeighbours(hexes: Axial[]): Axial[] {
  const taken = new Set(hexes.map(hexKey));
  const found = new Map<string, Axial>();
  for (const h of hexes) {
    for (const n of neighbours(h)) {
      const key = hexKey(n);
      if (!taken.has(key)) found.set(key, n);
    }
  }
  return [...found.values()].sort((a, b) => a.r - b.r || a.q - b.q);
}

// The rectangle that holds every hex of `hexes` whole, plus `margin` on each side.
export function boundsOf(hexes: Axial[], size: number, margin = 0): Box {
  if (hexes.length === 0) hexes = [{ q: 0, r: 0 }];
  const halfWidth = (SQRT3 / 2) * size;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of hexes) {
    const c = hexToPixel(h, size);
    minX = Math.min(minX, c.x - halfWidth);
    maxX = Math.max(maxX, c.x + halfWidth);
    minY = Math.min(minY, c.y - size);
    maxY = Math.max(maxY, c.y + size);
  }
  return { x: minX - margin, y: minY - margin, w: maxX - minX + 2 * margin, h: maxY - minY + 2 * margin };
}

// Where `count` tokens sharing a hex go, as offsets from where they gather: one in the middle,
// more evenly on a ring, turned so that two sit side by side and the ring stays low and wide.
export function ringOffsets(count: number, radius: number): Point[] {
  if (count <= 1) return [{ x: 0, y: 0 }];
  const offsets: Point[] = [];
  const start = -Math.PI / 2 - Math.PI / count;
  for (let i = 0; i < count; i++) {
    const angle = start + (2 * Math.PI * i) / count;
    offsets.push({ x: round2(radius * Math.cos(angle)), y: round2(radius * Math.sin(angle)) });
  }
  return offsets;
}
