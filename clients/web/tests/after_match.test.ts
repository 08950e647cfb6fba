import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { MatchInfoSchema, MatchStatus } from "../gen/spacedock/v1/lobby_pb.js";
import { afterMatchLinks } from "../src/ui/match/after_match.js";

const info = (status: MatchStatus) => create(MatchInfoSchema, { matchId: 12n, status });

test("a finished match leads to its replay and back to the lobby; a live one to neither", () => {
  assert.deepEqual(afterMatchLinks(info(MatchStatus.FINISHED)), [
    { href: "#/replay/12", text: "Watch the replay" },
    { href: "#/lobby", text: "Back to the lobby" },
  ]);
  assert.deepEqual(afterMatchLinks(info(MatchStatus.ACTIVE)), []);
  assert.deepEqual(afterMatchLinks(info(MatchStatus.WAITING)), []);
  assert.deepEqual(afterMatchLinks(null), []);
});

test("an aborted match has no replay to show", () => {
  assert.deepEqual(afterMatchLinks(info(MatchStatus.ABORTED)), [{ href: "#/lobby", text: "Back to the lobby" }]);
});
