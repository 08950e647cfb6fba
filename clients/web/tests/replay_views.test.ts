import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import { ReplayView } from "../gen/spacedock/v1/replays_pb.js";
import { allowedViews } from "../src/ui/replay/replay_views.js";

const match = create(MatchInfoSchema, {
  seats: [
    { seat: 0, accountId: 11n, username: "alice" },
    { seat: 1, accountId: 12n, username: "bob" },
  ],
});

test("a player may pick their own view, the public one or every card", () => {
  assert.deepEqual(allowedViews(match, 12n), [ReplayView.PLAYER, ReplayView.PUBLIC, ReplayView.FULL]);
});

test("anyone else: the public view or every card", () => {
  assert.deepEqual(allowedViews(match, 99n), [ReplayView.PUBLIC, ReplayView.FULL]);
  assert.deepEqual(allowedViews(undefined, 11n), [ReplayView.PUBLIC, ReplayView.FULL]);
  assert.deepEqual(allowedViews(match, undefined), [ReplayView.PUBLIC, ReplayView.FULL]);
});
