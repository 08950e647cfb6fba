import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ReplaySchema, ReplayView, type Replay } from "../gen/spacedock/v1/replays_pb.js";
import { loadReplay } from "../src/ui/replay/replay_load.js";

const events = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ text: `event ${from + i}` }));

// Three pages as the server sends them: start on the first, final and check on the last.
const book: Record<number, Replay> = {
  0: create(ReplaySchema, {
    match: { matchId: 9n },
    view: ReplayView.PUBLIC,
    start: { seat: 0 },
    events: events(0, 3),
    firstEvent: 0,
    nextEvent: 3,
  }),
  3: create(ReplaySchema, { view: ReplayView.PUBLIC, events: events(3, 2), firstEvent: 3, nextEvent: 5 }),
  5: create(ReplaySchema, {
    view: ReplayView.PUBLIC,
    events: events(5, 1),
    firstEvent: 5,
    nextEvent: 0,
    final: { seat: 1 },
    check: { reproduced: true },
  }),
};

test("every page is fetched in turn and joined", async () => {
  const asked: number[] = [];
  const progress: number[] = [];
  const whole = await loadReplay(
    async (first) => {
      asked.push(first);
      return book[first];
    },
    (n) => progress.push(n),
  );
  assert.deepEqual(asked, [0, 3, 5]);
  assert.deepEqual(progress, [3, 5]);
  assert.deepEqual(whole.events.map((e) => e.text), events(0, 6).map((e) => e.text));
  assert.equal(whole.view, ReplayView.PUBLIC);
  assert.equal(whole.match?.matchId, 9n);
  assert.equal(whole.start?.seat, 0);
  assert.equal(whole.final?.seat, 1);
  assert.equal(whole.check?.reproduced, true);
});

test("a one-page replay needs one request", async () => {
  const only = create(ReplaySchema, { events: events(0, 2), nextEvent: 0, start: {}, final: {} });
  let calls = 0;
  const whole = await loadReplay(async () => (calls++, only));
  assert.equal(calls, 1);
  assert.equal(whole.events.length, 2);
});

test("pages that do not move on are refused rather than fetched forever", async () => {
  const stuck = create(ReplaySchema, { events: events(0, 1), firstEvent: 0, nextEvent: 0 });
  const loop = create(ReplaySchema, { events: events(4, 1), firstEvent: 4, nextEvent: 4 });
  await assert.doesNotReject(loadReplay(async () => stuck));
  await assert.rejects(
    loadReplay(async (first) => (first === 0 ? create(ReplaySchema, { nextEvent: 4 }) : loop)),
    /do not move on/,
  );
});
