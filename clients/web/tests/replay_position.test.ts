import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { GameSnapshotSchema } from "../gen/spacedock/v1/game_pb.js";
import { ReplayView } from "../gen/spacedock/v1/replays_pb.js";
import type { LoadedReplay } from "../src/ui/replay/replay_load.js";
import { clampPosition, stepDelayMs, viewAt } from "../src/ui/replay/replay_position.js";

const start = create(GameSnapshotSchema, { seat: 0 });
const final = create(GameSnapshotSchema, { seat: 1 });
const replay: LoadedReplay = {
  match: undefined,
  view: ReplayView.FULL,
  seat: 0,
  start,
  final,
  events: Array.from({ length: 10 }, () => ({ text: "x" }) as LoadedReplay["events"][number]),
  check: undefined,
};

const none = new Map();

test("the start view at 0 and the final one at the end, exactly", () => {
  assert.deepEqual(viewAt(replay, 0, none), { snapshot: start, includes: 0, pending: false });
  assert.deepEqual(viewAt(replay, 10, none), { snapshot: final, includes: 10, pending: false });
});

test("between them, a view fetched for the position, else the nearest known before it", () => {
  const at3 = create(GameSnapshotSchema, { seat: 3 });
  const at6 = create(GameSnapshotSchema, { seat: 6 });
  // The view asked for at 6 came from an input that brought events 6 and 7.
  const fetched = new Map([
    [3, { snapshot: at3, includes: 3 }],
    [6, { snapshot: at6, includes: 7 }],
  ]);
  assert.deepEqual(viewAt(replay, 3, fetched), { snapshot: at3, includes: 3, pending: false });
  assert.deepEqual(viewAt(replay, 6, fetched), { snapshot: at6, includes: 7, pending: false });
  assert.deepEqual(viewAt(replay, 5, fetched), { snapshot: at3, includes: 3, pending: true });
  // At 8 the nearest known view before it is the one fetched for 6, which includes 7 events.
  assert.deepEqual(viewAt(replay, 8, fetched), { snapshot: at6, includes: 7, pending: true });
  assert.deepEqual(viewAt(replay, 2, fetched), { snapshot: start, includes: 0, pending: true });
});

test("a replay without events shows its start", () => {
  assert.equal(viewAt({ ...replay, events: [] }, 0, none).snapshot, start);
});

test("positions stay within the replay; speeds scale the 0.7 s step", () => {
  assert.equal(clampPosition(-3, 10), 0);
  assert.equal(clampPosition(12, 10), 10);
  assert.equal(clampPosition(4.4, 10), 4);
  assert.equal(stepDelayMs(1), 700);
  assert.equal(stepDelayMs(2), 350);
  assert.equal(stepDelayMs(0), 700);
});
