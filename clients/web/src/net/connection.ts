// The one WebSocket to the server: binary protobuf frames, requests matched to responses by
// request_id, pushed events handed on, and a dropped link re-opened with backoff and jitter.
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import { signal } from "@preact/signals";
import {
  ClientMessageSchema,
  ErrorCode,
  ServerMessageSchema,
  type Event,
  type Response,
} from "../../gen/spacedock/v1/envelope_pb.js";

export type RequestBody = NonNullable<MessageInitShape<typeof ClientMessageSchema>["body"]>;

// live: usable; connecting/reconnecting: wait; offline: retries ran out (see retry()).
export type LinkState = "connecting" | "live" | "reconnecting" | "offline";

// A request the server answered with a code other than OK.
export class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly rule: string,
  ) {
    super(message || ErrorCode[code]);
  }
}

// The link dropped before the request was answered; it may or may not have been applied.
export class Disconnected extends Error {
  constructor() {
    super("the connection to the server dropped");
  }
}

export interface ConnectionHooks {
  // Runs on every (re)opened link before it counts as live: Hello, Authenticate, Resume.
  opened(connection: Connection): Promise<void>;
  event(event: Event): void;
}

// Delays before each reconnection attempt; past the last, the link is offline until retry().
const kBackoffMs = [250, 1000, 2000, 4000, 8000, 15000, 15000, 15000];
// A new socket that hears nothing from the server this long (no handshake, or no answer to
// Hello) is given up and tried again: the page must never wait on it silently.
const kOpenTimeoutMs = 15_000;
// A RATE_LIMITED request is sent again when the server says (retry_after_ms, at least this), for
// this long in all; then its refusal goes to the caller.
const kMinRetryAfterMs = 50;
const kRateLimitedForMs = 120_000;
// A link that stays live this long resets the backoff (a server that drops every new
// connection at once must not be hammered).
const kMinUptimeMs = 10_000;
const kPingEveryMs = 20_000;

// How long to wait before sending a RATE_LIMITED request again, or null to give up: the
// server's retry_after_ms (at least kMinRetryAfterMs), unless that passes kRateLimitedForMs
// after the request was first sent (`firstSentAt`).
export function rateLimitedWait(response: Response, firstSentAt: number, now: number): number | null {
  if (response.code !== ErrorCode.RATE_LIMITED) return null;
  const wait = Math.max(kMinRetryAfterMs, response.retryAfterMs);
  return now + wait - firstSentAt > kRateLimitedForMs ? null : wait;
}

export class Connection {
  readonly state = signal<LinkState>("connecting");
  // Why the last attempt to open the link failed, in words (null: it did not, or it was live).
  readonly problem = signal<string | null>(null);
  // When the next attempt to open the link goes (Date.now() ms), while reconnecting.
  readonly retryAt = signal(0);
  // The link was live before the current outage (a drop, not a refusal from the start).
  readonly wasLive = signal(false);
  // When the requests the server asked us to slow down for are sent again (Date.now() ms of the
  // last of them); 0 while none is waiting.
  readonly slowedUntil = signal(0);
  private socket?: WebSocket;
  private nextRequestId = 1n;
  private readonly pending = new Map<bigint, (response: Response | Disconnected) => void>();
  private failures = 0;
  private liveSince = 0;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private pingTimer?: ReturnType<typeof setInterval>;
  private openTimer?: ReturnType<typeof setTimeout>;
  // Requests waiting out a RATE_LIMITED answer.
  private slowed = 0;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly hooks: ConnectionHooks,
  ) {}

  start(): void {
    this.open();
  }

  // Sends a request and resolves with its Response whatever its code, except RATE_LIMITED: the
  // server says when to send it again, and it is, on the same link, for up to kRateLimitedForMs.
  async call(body: RequestBody): Promise<Response> {
    const socket = this.socket;
    const firstSentAt = Date.now();
    for (;;) {
      const response = await this.send(socket, body);
      const wait = rateLimitedWait(response, firstSentAt, Date.now());
      if (wait === null) return response;
      await this.slowDown(wait);
    }
  }

  // One request on `socket`, which must still be the link (a request sent before a drop is not
  // sent again on the next link, which has yet to say Hello).
  private send(socket: WebSocket | undefined, body: RequestBody): Promise<Response> {
    if (!socket || socket !== this.socket || socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new Disconnected());
    const requestId = this.nextRequestId++;
    const message = create(ClientMessageSchema, { requestId, body });
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, (answer) => (answer instanceof Disconnected ? reject(answer) : resolve(answer)));
      socket.send(toBinary(ClientMessageSchema, message));
    });
  }

  // Waits `ms` before a throttled request goes again; the banner counts it down meanwhile.
  private async slowDown(ms: number): Promise<void> {
    this.slowed++;
    this.slowedUntil.value = Math.max(this.slowedUntil.peek(), Date.now() + ms);
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      if (--this.slowed === 0) this.slowedUntil.value = 0;
    }
  }

  // Sends a request; resolves with an OK Response, rejects with RequestError otherwise.
  async request(body: RequestBody): Promise<Response> {
    const response = await this.call(body);
    if (response.code === ErrorCode.RATE_LIMITED) {
      const detail = response.message ? ` (${response.message})` : "";
      const words = `The server still asks us to slow down after two minutes of retrying${detail}. Try again later.`;
      throw new RequestError(response.code, words, response.rule);
    }
    if (response.code !== ErrorCode.OK) throw new RequestError(response.code, response.message, response.rule);
    return response;
  }

  // After the retries ran out: try again now, from the first delay.
  retry(): void {
    this.failures = 0;
    if (this.state.value === "offline") this.open();
  }

  // The page became visible again: a link that died while hidden is re-opened at once.
  wake(): void {
    if (this.state.value === "reconnecting" && this.reconnectTimer !== undefined) {
      clearTimeout(this.reconnectTimer);
      this.open();
    }
  }

  // Closes the socket as a network failure would (the debug panel's "drop" button).
  drop(): void {
    this.socket?.close();
  }

  // Closes the link for good: nothing is re-opened (a page that is done with it).
  stop(): void {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.close();
  }

  private open(): void {
    this.reconnectTimer = undefined;
    const socket = new WebSocket(this.url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    let opened = false;
    // Why this attempt failed, when it was not a drop of a live link.
    let why: string | null = null;
    // A refused or unreachable server closes the socket; a silent one is given up on here.
    this.openTimer = setTimeout(() => {
      why = "The server did not answer in time.";
      socket.close();
    }, kOpenTimeoutMs);
    socket.onopen = () => {
      opened = true;
      this.hooks.opened(this).then(
        () => {
          if (this.socket !== socket) return;
          clearTimeout(this.openTimer);
          this.liveSince = Date.now();
          this.problem.value = null;
          this.wasLive.value = false;
          this.state.value = "live";
          this.pingTimer = setInterval(() => {
            this.call({ case: "ping", value: {} }).catch(() => {});
          }, kPingEveryMs);
        },
        (error) => {
          why = `The server refused to start a session: ${describeError(error)}`;
          socket.close();
        },
      );
    };
    socket.onmessage = (message) => {
      clearTimeout(this.openTimer); // the server is there, if slow to let us in
      this.receive(message.data as ArrayBuffer);
    };
    socket.onclose = () => {
      // The browser does not say why a socket never opened: a server that is full (HTTP 503)
      // looks like no server at all.
      if (this.socket === socket && this.state.peek() !== "live")
        this.problem.value =
          why ??
          (opened
            ? "The server closed the connection before the session started."
            : "The server refused the connection or cannot be reached (it may be full or restarting).");
      this.closed(socket);
    };
  }

  private receive(data: ArrayBuffer): void {
    const message = fromBinary(ServerMessageSchema, new Uint8Array(data));
    if (message.body.case === "response") {
      const response = message.body.value;
      const answer = this.pending.get(response.requestId);
      this.pending.delete(response.requestId);
      answer?.(response);
    } else if (message.body.case === "event") {
      this.hooks.event(message.body.value);
    }
  }

  private closed(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    clearInterval(this.pingTimer);
    clearTimeout(this.openTimer);
    if (this.state.peek() === "live") {
      this.wasLive.value = true;
      this.problem.value = null;
    }
    for (const answer of this.pending.values()) answer(new Disconnected());
    this.pending.clear();
    if (this.liveSince && Date.now() - this.liveSince >= kMinUptimeMs) this.failures = 0;
    this.liveSince = 0;
    if (this.failures >= kBackoffMs.length || this.stopped) {
      this.state.value = "offline";
      return;
    }
    this.state.value = "reconnecting";
    const delay = kBackoffMs[this.failures++] * (1 + Math.random() * 0.3);
    this.retryAt.value = Date.now() + delay;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }
}

// Words for an error code, for people.
export function describeError(error: unknown): string {
  if (error instanceof RequestError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
