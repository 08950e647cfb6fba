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

test("the start view at 0 and the final one at the end, exactly", () => {
  assert.deepEqual(viewAt(replay, 0), { snapshot: start, exact: true, shows: "start" });
  assert.deepEqual(viewAt(replay, 10), { snapshot: final, exact: true, shows: "final" });
});

test("between them, the nearer of the two, marked as not exact", () => {
  assert.deepEqual(viewAt(replay, 3), { snapshot: start, exact: false, shows: "start" });
  assert.deepEqual(viewAt(replay, 5), { snapshot: start, exact: false, shows: "start" });  // a tie: the start
  assert.deepEqual(viewAt(replay, 6), { snapshot: final, exact: false, shows: "final" });
});

test("a replay without events shows its start", () => {
  assert.equal(viewAt({ ...replay, events: [] }, 0).snapshot, start);
});

test("positions stay within the replay; speeds scale the 0.7 s step", () => {
  assert.equal(clampPosition(-3, 10), 0);
  assert.equal(clampPosition(12, 10), 10);
  assert.equal(clampPosition(4.4, 10), 4);
  assert.equal(stepDelayMs(1), 700);
  assert.equal(stepDelayMs(2), 350);
  assert.equal(stepDelayMs(0), 700);
});
