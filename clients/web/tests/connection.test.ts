import { test } from "node:test";
import assert from "node:assert/strict";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ErrorCode,
  ResponseSchema,
  ServerMessageSchema,
  type ClientMessage,
} from "../gen/spacedock/v1/envelope_pb.js";
import { Connection, RequestError, rateLimitedWait } from "../src/net/connection.js";
import { linkNotice, type LinkFacts } from "../src/ui/link_banner.js";

// A WebSocket in memory: `answer` says what the server replies to each request; `refuse` closes
// every new socket before it opens, as a browser does when the server answers the upgrade with
// a 503 or is not there.
class FakeSocket {
  static readonly OPEN = 1;
  static answer: (message: ClientMessage) => Parameters<typeof create<typeof ResponseSchema>>[1] = () => ({});
  static refuse = false;
  static sent: ClientMessage[] = [];
  readyState = 0;
  binaryType = "";
  onopen?: () => void;
  onmessage?: (message: { data: ArrayBuffer }) => void;
  onclose?: () => void;

  constructor(_url: string) {
    setTimeout(() => {
      if (FakeSocket.refuse) return this.close();
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }, 0);
  }

  send(bytes: Uint8Array): void {
    const message = fromBinary(ClientMessageSchema, bytes);
    FakeSocket.sent.push(message);
    const response = create(ResponseSchema, { ...FakeSocket.answer(message), requestId: message.requestId });
    const reply = toBinary(ServerMessageSchema, create(ServerMessageSchema, { body: { case: "response", value: response } }));
    setTimeout(() => this.onmessage?.({ data: reply.slice().buffer }), 0);
  }

  close(): void {
    this.readyState = 3;
    setTimeout(() => this.onclose?.(), 0);
  }
}

function withFakeSocket(): () => void {
  const real = (globalThis as { WebSocket?: unknown }).WebSocket;
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeSocket;
  FakeSocket.refuse = false;
  FakeSocket.sent = [];
  FakeSocket.answer = () => ({});
  return () => ((globalThis as { WebSocket?: unknown }).WebSocket = real);
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function liveConnection(): Promise<Connection> {
  const link = new Connection("ws://test/ws", { opened: async () => {}, event: () => {} });
  link.start();
  await until(() => link.state.value === "live");
  return link;
}

const limited = (retryAfterMs: number) =>
  create(ResponseSchema, { code: ErrorCode.RATE_LIMITED, message: "too many requests", retryAfterMs });

test("a RATE_LIMITED answer waits retry_after_ms (at least 50 ms) and gives up after 120 s in all", () => {
  assert.equal(rateLimitedWait(limited(2000), 0, 0), 2000);
  assert.equal(rateLimitedWait(limited(0), 0, 0), 50);
  assert.equal(rateLimitedWait(limited(10), 0, 0), 50);
  assert.equal(rateLimitedWait(limited(2000), 0, 118_000), 2000);
  assert.equal(rateLimitedWait(limited(2000), 0, 118_001), null);
  assert.equal(rateLimitedWait(limited(130_000), 0, 0), null);
  assert.equal(rateLimitedWait(create(ResponseSchema, { code: ErrorCode.OK }), 0, 0), null);
});

test("a throttled request is sent again when the server says, and the page says it is waiting", async () => {
  const restore = withFakeSocket();
  try {
    const link = await liveConnection();
    let refusals = 1;
    FakeSocket.answer = () => (refusals-- > 0 ? { code: ErrorCode.RATE_LIMITED, retryAfterMs: 120 } : { code: ErrorCode.OK });
    const started = Date.now();
    const answer = link.request({ case: "listDecks", value: {} });
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.ok(link.slowedUntil.value > 0, "waiting: the banner has a time to count down to");
    const notice = linkNotice(facts(link), Date.now());
    assert.equal(notice?.kind, "slowed");
    assert.match(notice!.text, /^The server asks us to slow down; retrying in 1 s\.$/);
    assert.equal((await answer).code, ErrorCode.OK);
    assert.ok(Date.now() - started >= 115, "not sent again before retry_after_ms");
    assert.deepEqual(FakeSocket.sent.map((m) => m.body.case), ["listDecks", "listDecks"]);
    assert.equal(link.slowedUntil.value, 0);
    assert.equal(linkNotice(facts(link), Date.now()), null);
    link.stop();
  } finally {
    restore();
  }
});

test("a request the server would throttle past the two minutes fails with words for the user", async () => {
  const restore = withFakeSocket();
  try {
    const link = await liveConnection();
    FakeSocket.answer = () => ({ code: ErrorCode.RATE_LIMITED, message: "too many requests", retryAfterMs: 200_000 });
    await assert.rejects(link.request({ case: "listDecks", value: {} }), (error: unknown) => {
      assert.ok(error instanceof RequestError);
      assert.equal(error.code, ErrorCode.RATE_LIMITED);
      assert.match(error.message, /slow down.*too many requests.*Try again later/);
      return true;
    });
    link.stop();
  } finally {
    restore();
  }
});

test("a refused WebSocket says so, with the next attempt counted down, never a silent wait", async () => {
  const restore = withFakeSocket();
  FakeSocket.refuse = true;
  try {
    const link = new Connection("ws://test/ws", { opened: async () => {}, event: () => {} });
    link.start();
    await until(() => link.state.value !== "connecting");
    assert.equal(link.state.value, "reconnecting");
    // Before the first link settles the page shows only "Connecting…": the banner must speak.
    const notice = linkNotice({ ...facts(link), settled: false }, Date.now());
    assert.equal(notice?.kind, "reconnecting");
    assert.match(notice!.text, /^The server refused the connection or cannot be reached .*Trying again in 1 s\.$/);
    assert.match(linkNotice({ ...facts(link), state: "offline" }, Date.now())!.text, /cannot be reached.*refused/);
    FakeSocket.refuse = false;
    await until(() => link.state.value === "live");
    assert.equal(link.problem.value, null);
    link.stop();
  } finally {
    restore();
  }
});

test("a session the server will not start says why", async () => {
  const restore = withFakeSocket();
  try {
    const link = new Connection("ws://test/ws", {
      opened: async () => {
        throw new RequestError(ErrorCode.VERSION_MISMATCH, "protocol version 1 is too old", "");
      },
      event: () => {},
    });
    link.start();
    await until(() => link.state.value !== "connecting");
    assert.match(link.problem.value ?? "", /refused to start a session: protocol version 1 is too old/);
    link.stop();
  } finally {
    restore();
  }
});

test("a drop of a live link reads as before: the table comes back", () => {
  const notice = linkNotice(
    { state: "reconnecting", settled: true, problem: null, wasLive: true, retryAt: 0, slowedUntil: 0 },
    0,
  );
  assert.equal(notice?.text, "Connection lost: reconnecting… The table comes back as it was.");
});

function facts(link: Connection): LinkFacts {
  return {
    state: link.state.value,
    settled: true,
    problem: link.problem.value,
    wasLive: link.wasLive.value,
    retryAt: link.retryAt.value,
    slowedUntil: link.slowedUntil.value,
  };
}
