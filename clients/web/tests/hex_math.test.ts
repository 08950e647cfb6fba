import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DIRECTIONS,
  axial,
  boundsOf,
  distance,
  emptyNeighbours,
  hexCorners,
  hexKey,
  hexToPixel,
  neighbour,
  neighbours,
  parseKey,
  polygonPoints,
  ringOffsets,
} from "../src/ui/incursions/hex.js";
import { atLeast, centreBoxOn, panBox, unitsPerPixel, viewBoxAttr, zoomBox } from "../src/ui/incursions/viewbox.js";

const near = (a: number, b: number, what = "") => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} != ${b}`);

test("the six neighbours follow the protocol's order", () => {
  // incursions.proto: (q+1, r), (q+1, r-1), (q, r-1), (q-1, r), (q-1, r+1), (q, r+1).
  assert.deepEqual(neighbours({ q: 2, r: -1 }), [
    { q: 3, r: -1 },
    { q: 3, r: -2 },
    { q: 2, r: -2 },
    { q: 1, r: -1 },
    { q: 1, r: 0 },
    { q: 2, r: 0 },
  ]);
  assert.equal(DIRECTIONS[0].name, "east");
  assert.equal(DIRECTIONS[5].name, "south-east");
  assert.deepEqual(neighbour({ q: 0, r: 0 }, 6), { q: 1, r: 0 }, "directions wrap around");
  assert.deepEqual(neighbour({ q: 0, r: 0 }, -1), { q: 0, r: 1 });
});

test("distance is the number of steps between hexes", () => {
  assert.equal(distance({ q: 0, r: 0 }, { q: 0, r: 0 }), 0);
  for (const n of neighbours({ q: 0, r: 0 })) assert.equal(distance({ q: 0, r: 0 }, n), 1);
  assert.equal(distance({ q: 0, r: 0 }, { q: 2, r: -1 }), 2);
  assert.equal(distance({ q: -2, r: 3 }, { q: 1, r: -1 }), 4);
  assert.equal(distance({ q: 3, r: 0 }, { q: -3, r: 0 }), 6);
  assert.equal(distance({ q: 1, r: 2 }, { q: -2, r: 1 }), distance({ q: -2, r: 1 }, { q: 1, r: 2 }));
});

test("pointy-top pixel centres: neighbours sit sqrt(3)·size apart", () => {
  const size = 10;
  assert.deepEqual(hexToPixel({ q: 0, r: 0 }, size), { x: 0, y: 0 });
  const east = hexToPixel({ q: 1, r: 0 }, size);
  near(east.x, Math.sqrt(3) * size, "east x");
  near(east.y, 0, "east y");
  const southEast = hexToPixel({ q: 0, r: 1 }, size);
  near(southEast.x, (Math.sqrt(3) / 2) * size, "south-east x");
  near(southEast.y, 15, "south-east y");
  for (const n of neighbours({ q: -1, r: 2 })) {
    const a = hexToPixel({ q: -1, r: 2 }, size);
    const b = hexToPixel(n, size);
    near(Math.hypot(a.x - b.x, a.y - b.y), Math.sqrt(3) * size, "neighbour gap");
  }
  // North-west is up and to the left, north-east up and to the right.
  const nw = hexToPixel({ q: 0, r: -1 }, size);
  const ne = hexToPixel({ q: 1, r: -1 }, size);
  assert.ok(nw.x < 0 && nw.y < 0 && ne.x > 0 && ne.y < 0);
});

test("corners of a pointy-top hex: one straight up, all at the given size", () => {
  const corners = hexCorners({ x: 5, y: 5 }, 10);
  assert.equal(corners.length, 6);
  for (const c of corners) near(Math.hypot(c.x - 5, c.y - 5), 10, "radius");
  assert.ok(corners.some((c) => Math.abs(c.x - 5) < 1e-9 && Math.abs(c.y + 5) < 1e-9), "a corner at the top");
  assert.ok(corners.some((c) => Math.abs(c.x - 5) < 1e-9 && Math.abs(c.y - 15) < 1e-9), "a corner at the bottom");
  assert.equal(polygonPoints(hexCorners({ x: 0, y: 0 }, 2)).split(" ").length, 6);
  assert.match(polygonPoints(hexCorners({ x: 0, y: 0 }, 2)), /^1\.73,-1 /);
});

test("keys and absent coordinates", () => {
  assert.equal(hexKey({ q: -0, r: 3 }), "0,3");
  assert.deepEqual(parseKey("-2,5"), { q: -2, r: 5 });
  assert.deepEqual(axial(undefined), { q: 0, r: 0 });
  assert.deepEqual(axial({ q: 4 }), { q: 4, r: 0 });
});

test("the empty ring around a board", () => {
  assert.equal(emptyNeighbours([{ q: 0, r: 0 }]).length, 6);
  // Two adjacent tiles have eight empty neighbours between them.
  const two = emptyNeighbours([{ q: 0, r: 0 }, { q: 1, r: 0 }]);
  assert.equal(two.length, 8);
  assert.ok(!two.some((h) => hexKey(h) === "0,0" || hexKey(h) === "1,0"));
  assert.equal(new Set(two.map(hexKey)).size, 8, "each once");
  // Sorted by row then column, so the DOM order is stable.
  assert.deepEqual(two[0], { q: 0, r: -1 });
});

test("bounds hold every hex whole", () => {
  const size = 10;
  const b = boundsOf([{ q: 0, r: 0 }], size);
  near(b.w, Math.sqrt(3) * size, "width");
  near(b.h, 2 * size, "height");
  const m = boundsOf([{ q: 0, r: 0 }, { q: 2, r: 1 }], size, 5);
  const far = hexToPixel({ q: 2, r: 1 }, size);
  near(m.x + m.w, far.x + (Math.sqrt(3) / 2) * size + 5, "right edge");
  near(m.y + m.h, far.y + size + 5, "bottom edge");
  near(m.x, -(Math.sqrt(3) / 2) * size - 5, "left edge");
});

test("tokens sharing a hex sit on a ring", () => {
  assert.deepEqual(ringOffsets(1, 10), [{ x: 0, y: 0 }]);
  const two = ringOffsets(2, 10);
  near(two[0].y, 0, "two side by side");
  near(two[1].y, 0, "two side by side");
  near(two[0].x, -two[1].x, "centred");
  for (const n of [3, 4, 6]) {
    const ring = ringOffsets(n, 10);
    assert.equal(ring.length, n);
    for (const p of ring) near(Math.round(Math.hypot(p.x, p.y)), 10, "on the ring");
    const keys = new Set(ring.map((p) => `${p.x},${p.y}`));
    assert.equal(keys.size, n, "no two on one spot");
  }
});

test("the camera: zoom within limits, pan, centre, fit", () => {
  const fitted = { x: 0, y: 0, w: 100, h: 50 };
  const zoomed = zoomBox(fitted, 0.5, fitted);
  assert.deepEqual(zoomed, { x: 25, y: 12.5, w: 50, h: 25 });
  // Never beyond a quarter or three times the fitted box.
  assert.equal(zoomBox(fitted, 0.01, fitted).w, 25);
  assert.equal(zoomBox(fitted, 100, fitted).w, 300);
  assert.deepEqual(panBox(fitted, 10, -5), { x: 10, y: -5, w: 100, h: 50 });
  assert.deepEqual(centreBoxOn(fitted, { x: 0, y: 0 }), { x: -50, y: -25, w: 100, h: 50 });
  assert.equal(viewBoxAttr({ x: 1.234, y: -2, w: 3.06, h: 4 }), "1.2 -2 3.1 4");
  assert.equal(unitsPerPixel(fitted, 200, 200), 0.5);
  assert.equal(unitsPerPixel(fitted, 100, 10), 5);
  assert.deepEqual(atLeast({ x: 0, y: 0, w: 10, h: 10 }, 30, 5), { x: -10, y: 0, w: 30, h: 10 });
});
