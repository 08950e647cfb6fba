import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { DecisionPromptSchema } from "../gen/spacedock/v1/game_pb.js";
import { IncursionsActionKind as Kind, IncursionsViewSchema } from "../gen/spacedock/v1/incursions_pb.js";
import { boundsOf, hexKey } from "../src/ui/incursions/hex.js";
import { buildMapModel, isFocusable, kHexSize } from "../src/ui/incursions/map_model.js";
import { promptTargets } from "../src/ui/incursions/prompt_targets.js";

// Start, one tile east holding a mine; seat 0 at the start, seat 1 east, seat 2 eliminated.
const view = create(IncursionsViewSchema, {
  tiles: [
    { coord: {}, hexId: "start", name: "Start" },
    { coord: { q: 1, r: 0 }, hexId: "hex.p2.asteroid_field", name: "Asteroid Field", ownerSeat: 1 },
  ],
  vessels: [
    { seat: 0, position: {} },
    { seat: 1, position: { q: 1, r: 0 } },
    { seat: 2, position: { q: 1, r: 0 }, eliminated: true },
  ],
  mines: [{ coord: { q: 1, r: 0 }, ownerSeat: 0, dice: 2, armed: true }],
});

const prompt = create(DecisionPromptSchema, {
  options: [
    { id: 1n, label: "Move east", detail: { case: "incursions", value: { kind: Kind.MOVE, destination: { q: 1, r: 0 } } } },
    { id: 2n, label: "Explore west", detail: { case: "incursions", value: { kind: Kind.EXPLORE, destination: { q: -1, r: 0 } } } },
    // A destination outside the ring is still drawn (the server said so).
    { id: 3n, label: "Far", detail: { case: "incursions", value: { kind: Kind.MOVE, destination: { q: 5, r: 0 } } } },
  ],
});

test("the map holds the tiles, their empty ring, and any hex an option names", () => {
  const model = buildMapModel(view, promptTargets(prompt, view), 0);
  const tiles = model.cells.filter((c) => c.tile);
  assert.deepEqual(tiles.map((c) => c.key), ["0,0", "1,0"]);
  const empty = model.cells.filter((c) => !c.tile).map((c) => c.key);
  assert.equal(empty.length, 8 + 1);
  assert.ok(empty.includes("-1,0") && empty.includes("5,0"));
  assert.equal(new Set(model.cells.map((c) => c.key)).size, model.cells.length, "each hex once");
});

test("who and what is in each hex; eliminated vessels are off the board", () => {
  const model = buildMapModel(view, promptTargets(null, view), 0);
  const east = model.byKey.get("1,0")!;
  assert.deepEqual(east.vessels.map((v) => v.seat), [1]);
  assert.equal(east.mines.length, 1);
  assert.deepEqual(model.byKey.get("0,0")!.vessels.map((v) => v.seat), [0]);
  assert.equal(east.label, "Asteroid Field, from Player 2's hexpile, Player 2's ship here, your mine 2D6, armed, at (1,0)");
  assert.equal(model.byKey.get("0,0")!.label, "Start tile, your ship here, at (0,0)");
});

test("lit hexes carry their options; only tiles and lit space take focus", () => {
  const model = buildMapModel(view, promptTargets(prompt, view), 0);
  assert.deepEqual(model.byKey.get("1,0")!.target!.options.map((o) => o.id), [1n]);
  assert.match(model.byKey.get("-1,0")!.label, /^Unexplored space, explorable, at \(-1,0\)$/);
  assert.ok(isFocusable(model.byKey.get("0,0")!));
  assert.ok(isFocusable(model.byKey.get("-1,0")!));
  assert.ok(!isFocusable(model.byKey.get("0,-1")!), "plain empty space is not a tab stop");
});

test("the fitted box holds every cell, and a small board is not blown up", () => {
  const model = buildMapModel(view, promptTargets(prompt, view), 0);
  const all = boundsOf(model.cells.map((c) => c.at), kHexSize);
  assert.ok(model.fitted.x <= all.x && model.fitted.y <= all.y);
  assert.ok(model.fitted.x + model.fitted.w >= all.x + all.w && model.fitted.y + model.fitted.h >= all.y + all.h);
  const alone = buildMapModel(create(IncursionsViewSchema, {}), promptTargets(null, view), undefined);
  assert.deepEqual(alone.cells.map((c) => c.key)[0], hexKey({ q: 0, r: -1 }), "no tiles: the ring around (0,0)");
  assert.ok(alone.fitted.w >= 5 * kHexSize * Math.sqrt(3) - 1e-6);
  assert.ok(alone.fitted.h >= 4 * kHexSize * 1.5 - 1e-6);
});
