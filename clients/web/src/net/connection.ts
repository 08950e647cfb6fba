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
// A link that stays live this long resets the backoff (a server that drops every new
// connection at once must not be hammered).
const kMinUptimeMs = 10_000;
const kPingEveryMs = 20_000;

export class Connection {
  readonly state = signal<LinkState>("connecting");
  private socket?: WebSocket;
  private nextRequestId = 1n;
  private readonly pending = new Map<bigint, (response: Response | Disconnected) => void>();
  private failures = 0;
  private liveSince = 0;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private pingTimer?: ReturnType<typeof setInterval>;

  constructor(
    private readonly url: string,
    private readonly hooks: ConnectionHooks,
  ) {}

  start(): void {
    this.open();
  }

  // Sends a request and resolves with its Response whatever its code.
  call(body: RequestBody): Promise<Response> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Disconnected());
    const requestId = this.nextRequestId++;
    const message = create(ClientMessageSchema, { requestId, body });
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, (answer) =>
        answer instanceof Disconnected ? reject(answer) : resolve(answer),
      );
      socket.send(toBinary(ClientMessageSchema, message));
    });
  }

  // Sends a request; resolves with an OK Response, rejects with RequestError otherwise.
  async request(body: RequestBody): Promise<Response> {
    const response = await this.call(body);
    if (response.code !== ErrorCode.OK)
      throw new RequestError(response.code, response.message, response.rule);
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

  private open(): void {
    this.reconnectTimer = undefined;
    const socket = new WebSocket(this.url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => {
      this.hooks.opened(this).then(
        () => {
          if (this.socket !== socket) return;
          this.liveSince = Date.now();
          this.state.value = "live";
          this.pingTimer = setInterval(() => {
            this.call({ case: "ping", value: {} }).catch(() => {});
          }, kPingEveryMs);
        },
        () => socket.close(),
      );
    };
    socket.onmessage = (message) => this.receive(message.data as ArrayBuffer);
    socket.onclose = () => this.closed(socket);
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
    for (const answer of this.pending.values()) answer(new Disconnected());
    this.pending.clear();
    if (this.liveSince && Date.now() - this.liveSince >= kMinUptimeMs) this.failures = 0;
    this.liveSince = 0;
    if (this.failures >= kBackoffMs.length) {
      this.state.value = "offline";
      return;
    }
    this.state.value = "reconnecting";
    const delay = kBackoffMs[this.failures++] * (1 + Math.random() * 0.3);
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }
}

// Words for an error code, for people.
export function describeError(error: unknown): string {
  if (error instanceof RequestError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
