import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ResultReason } from "../gen/spacedock/v1/common_pb.js";
import { EventSchema } from "../gen/spacedock/v1/envelope_pb.js";
import { MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../src/net/connection.js";
import { MatchStore } from "../src/state/match.js";
import { absenceWords } from "../src/ui/match/clocks.js";

const matchId = 3n;

// alice (seat 0) owes a decision; bob (seat 1) has been away 12 s, with 48 s of grace left.
const reading = create(EventSchema, {
  matchId,
  body: {
    case: "clock",
    value: {
      asOfMs: 1000n,
      seats: [
        { seat: 0, remainingMs: 300_000n, running: true },
        { seat: 1, remainingMs: 290_000n, running: false, awayMs: 12_000n, forfeitInMs: 48_000n },
      ],
    },
  },
});

function watching(): MatchStore {
  const store = new MatchStore();
  const link = { request: async () => create(EventSchema) } as unknown as Connection;
  store.attach(link, create(MatchInfoSchema, { matchId, seats: [{ seat: 0, username: "alice" }, { seat: 1, username: "bob" }] }));
  store.event(reading);
  return store;
}

test("an away player's absence counts up and their grace down, though it is not their decision", () => {
  const store = watching();
  const at = store.clockReceivedAt.value;
  const [alice, bob] = store.clockAt(at + 10_000)!;
  assert.equal(alice.remainingMs, 290_000);  // the running clock counts down
  assert.equal(bob.remainingMs, 290_000);  // not bob's decision: his clock stands
  assert.equal(bob.running, false);
  assert.equal(bob.awayMs, 22_000);
  assert.equal(bob.forfeitInMs, 38_000);
  assert.deepEqual(absenceWords(bob), ["away 0:22", "has 38 s to reconnect"]);
  assert.deepEqual(absenceWords(alice), []);
  store.leave();
});

test("at the end of the grace the page says what the server will do, not that it happened", () => {
  const store = watching();
  const bob = store.clockAt(store.clockReceivedAt.value + 60_000)![1];
  assert.equal(bob.forfeitInMs, 0);
  assert.deepEqual(absenceWords(bob), ["away 1:12", "grace over: forfeits once another player is here"]);
  store.leave();
});

test("a grace of a minute or more reads in minutes; no forfeit coming says none", () => {
  assert.deepEqual(absenceWords({ seat: 1, remainingMs: 0, running: false, awayMs: 5000, forfeitInMs: 90_000 }), [
    "away 0:05",
    "has 1:30 to reconnect",
  ]);
  assert.deepEqual(absenceWords({ seat: 1, remainingMs: 0, running: false, awayMs: 5000, forfeitInMs: null }), ["away 0:05"]);
});

test("once the match has a result its clocks stop where they stood, and no forfeit is coming", async () => {
  const store = watching();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const result = { reason: ResultReason.FORFEIT, winners: [0], summary: "bob forfeited: away longer than the grace" };
  store.event(create(EventSchema, { matchId, body: { case: "matchUpdate", value: { matchId, result } } }));
  const later = store.clockAt(Date.now() + 30_000)!;
  assert.ok(later[0].remainingMs > 299_000, "alice's clock stopped with the result");
  assert.equal(later[0].running, false);
  assert.ok(later[1].awayMs < 13_000);
  assert.equal(later[1].forfeitInMs, null);
  store.leave();
});

test("an untimed match has no clocks", () => {
  const store = new MatchStore();
  assert.equal(store.clockAt(Date.now()), null);
});
