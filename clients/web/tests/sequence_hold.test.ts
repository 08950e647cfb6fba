// The match store holds the player's STCCG decision while the table shows what came before it,
// and opens it once that has been shown (or skipped); the game so far, sent to a page that
// follows late, is logged but never played.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import { EventSchema, type Event } from "../gen/spacedock/v1/envelope_pb.js";
import { ViewerRole } from "../gen/spacedock/v1/game_pb.js";
import { MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../src/net/connection.js";
import type { Beat } from "../src/state/sequence.js";
import { MatchStore } from "../src/state/match.js";
import { chalnothAttempt } from "./sequence_events.js";

const matchId = 9n;
const snapshot = (seq: bigint): Event =>
  create(EventSchema, { matchId, seq, body: { case: "snapshot", value: { role: ViewerRole.PLAYER, seat: 0 } } });
const prompt = (decisionId: number): Event =>
  create(EventSchema, {
    matchId,
    body: { case: "prompt", value: { decisionId, seat: 0, options: [{ id: 1n, label: "Attempt" }] } },
  });
const gameEvents = (from: bigint, beats: Beat[]): Event[] =>
  beats.map((b, i) =>
    create(EventSchema, {
      matchId,
      seq: from + BigInt(i),
      body: { case: "gameEvent", value: { text: b.text, body: { case: "stccg", value: b.event } } },
    }),
  );

function followed(): MatchStore {
  const store = new MatchStore();
  const link = { request: async () => create(EventSchema) } as unknown as Connection;
  store.attach(link, create(MatchInfoSchema, { matchId }));
  return store;
}

test("a decision that comes while an attempt is being shown waits, visibly, until it has been", () => {
  const store = followed();
  store.sequence.setMode("step");
  store.event(snapshot(0n));
  for (const e of gameEvents(1n, chalnothAttempt())) store.event(e);
  store.event(prompt(5));
  assert.equal(store.prompt.value, null);
  assert.equal(store.waiting.value?.decisionId, 5);
  store.sequence.step();
  assert.equal(store.prompt.peek(), null);  // more to show still
  store.sequence.skip();  // "Show it now"
  assert.equal(store.prompt.peek()?.decisionId, 5);
  assert.equal(store.waiting.value, null);
  assert.equal(store.log.value.length, 9);  // every event is in the log as well
  store.leave();
});

test("a decision after events that make no sequence opens at once", () => {
  const store = followed();
  store.sequence.setMode("play");
  store.event(snapshot(0n));
  store.event(prompt(6));
  assert.equal(store.prompt.value?.decisionId, 6);
  store.leave();
});

test("the game so far, sent before the first snapshot to a page that follows late, is logged, not played", () => {
  const store = followed();
  store.sequence.setMode("step");
  for (const e of gameEvents(1n, chalnothAttempt())) store.event(e);
  assert.equal(store.log.value.length, 9);
  assert.equal(store.sequence.holds(), false);
  store.event(snapshot(9n));
  store.event(prompt(7));
  assert.equal(store.prompt.value?.decisionId, 7);
  store.leave();
});

test("the match's result closes a decision that was waiting", () => {
  const store = followed();
  store.sequence.setMode("step");
  store.event(snapshot(0n));
  for (const e of gameEvents(1n, chalnothAttempt())) store.event(e);
  store.event(prompt(5));
  const result = { summary: "alice wins" };
  store.event(create(EventSchema, { matchId, body: { case: "matchUpdate", value: { matchId, result } } }));
  assert.equal(store.waiting.value, null);
  store.sequence.skip();
  assert.equal(store.prompt.value, null);
  store.leave();
});
