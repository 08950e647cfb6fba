import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { EventSchema, ResponseSchema, type Event } from "../gen/spacedock/v1/envelope_pb.js";
import { ViewerRole } from "../gen/spacedock/v1/game_pb.js";
import { MatchInfoSchema } from "../gen/spacedock/v1/lobby_pb.js";
import type { Connection } from "../src/net/connection.js";
import { MatchStore } from "../src/state/match.js";

const matchId = 7n;
const snapshot = (seq: bigint): Event =>
  create(EventSchema, { matchId, seq, body: { case: "snapshot", value: { role: ViewerRole.PLAYER, seat: 0 } } });
const prompt = (decisionId: number): Event =>
  create(EventSchema, {
    matchId,
    body: { case: "prompt", value: { decisionId, seat: 0, options: [{ id: 1n, label: "Pass" }] } },
  });
const clock = create(EventSchema, { matchId, body: { case: "clock", value: {} } });
const gameEvent = (seq: bigint): Event =>
  create(EventSchema, { matchId, seq, body: { case: "gameEvent", value: { text: `event ${seq}` } } });

function followed(): MatchStore {
  const store = new MatchStore();
  const link = { request: async () => create(EventSchema) } as unknown as Connection;
  store.attach(link, create(MatchInfoSchema, { matchId }));
  return store;
}

test("a refreshed snapshot keeps the open decision on screen while it is re-sent", () => {
  const store = followed();
  store.event(snapshot(0n));
  store.event(prompt(5));
  const shown = store.prompt.value;
  store.event(snapshot(0n));
  assert.equal(store.prompt.value, shown);  // not cleared: no blink
  store.event(prompt(5));
  assert.equal(store.prompt.value?.decisionId, 5);
  store.event(clock);
  assert.equal(store.prompt.value?.decisionId, 5);
  store.leave();
});

test("a decision closed meanwhile goes once the snapshot is followed by no prompt", async () => {
  const store = followed();
  store.event(snapshot(0n));
  store.event(prompt(5));
  store.event(snapshot(0n));
  store.event(clock);  // the snapshot's prompts would have come before this
  assert.equal(store.prompt.value, null);
  store.event(prompt(6));
  store.event(snapshot(0n));
  await new Promise((resolve) => setTimeout(resolve, 400));  // nothing at all follows
  assert.equal(store.prompt.value, null);
  store.leave();
});

test("the match's result closes the open decision at once", () => {
  const store = followed();
  store.event(snapshot(0n));
  store.event(prompt(5));
  store.event(create(EventSchema, { matchId, body: { case: "matchUpdate", value: { matchId } } }));
  assert.equal(store.prompt.value?.decisionId, 5);  // an update of a match still going
  const result = { summary: "alice conceded" };
  store.event(create(EventSchema, { matchId, body: { case: "matchUpdate", value: { matchId, result } } }));
  assert.equal(store.prompt.value, null);
  assert.equal(store.info.value?.result?.summary, "alice conceded");
  store.leave();
});

test("events are logged in order; a gap or a repeat is not logged", () => {
  const store = followed();
  store.event(snapshot(2n));
  store.event(gameEvent(2n));  // already in the snapshot
  store.event(gameEvent(3n));
  store.event(gameEvent(5n));  // a gap: a fresh snapshot is asked for instead
  assert.deepEqual(
    store.log.value.map((line) => line.text),
    ["event 3"],
  );
  store.leave();
});

test("a decision the player's setting answers is sent at once and never shown, once however often re-sent", async () => {
  const store = new MatchStore();
  const sent: unknown[] = [];
  const link = {
    request: async (body: { case: string; value: unknown }) => {
      sent.push(body);
      return create(EventSchema);
    },
  } as unknown as Connection;
  store.attach(link, create(MatchInfoSchema, { matchId }));
  store.autoAnswer = (p) => (p.decisionId === 5 ? 1n : null);
  store.event(snapshot(0n));
  store.event(prompt(5));
  assert.equal(store.prompt.value, null);
  assert.equal(store.autoAnswered.value?.count, 1);
  store.event(snapshot(0n));
  store.event(prompt(5));  // the same decision, re-sent after the snapshot
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(sent, [{ case: "submitDecision", value: { matchId, decisionId: 5, optionIds: [1n] } }]);
  store.event(prompt(6));  // not one the setting answers: shown
  assert.equal(store.prompt.peek()?.decisionId, 6);
  assert.equal(sent.length, 1);
  store.leave();
});

test("a spectator follows from the first event, so the log holds the game so far", async () => {
  const store = new MatchStore();
  const sent: { case: string; value: unknown }[] = [];
  const link = {
    request: async (body: { case: string; value: unknown }) => {
      sent.push(body);
      return create(ResponseSchema);
    },
  } as unknown as Connection;
  await store.follow(link, matchId, true, "CODE");
  assert.deepEqual(sent, [{ case: "resume", value: { matchId, lastSeq: 0n, asSpectator: true, inviteCode: "CODE" } }]);
  for (const seq of [1n, 2n, 3n]) store.event(gameEvent(seq));  // replayed before any snapshot
  assert.deepEqual(store.log.value.map((line) => line.text), ["event 1", "event 2", "event 3"]);
  assert.equal(store.isJudging(), false);
  store.leave();
});

test("a judge's page stays a judge's until it follows another match", async () => {
  const store = new MatchStore();
  const link = { request: async () => create(ResponseSchema) } as unknown as Connection;
  await store.follow(link, matchId, false, "", true);
  assert.equal(store.isJudging(), true);
  store.attach(link, create(MatchInfoSchema, { matchId: 8n }));
  assert.equal(store.isJudging(), false);
  store.leave();
});
