// Who is logged in. The session token is kept in the browser's storage so that a reload, or a
// link re-opened after a drop, logs in again without the password.
import { signal } from "@preact/signals";
import type { LoginResult } from "../../gen/spacedock/v1/account_pb.js";
import { ErrorCode, ProtocolVersion, type Welcome } from "../../gen/spacedock/v1/envelope_pb.js";
import { RequestError, type Connection } from "../net/connection.js";

const kTokenKey = "spacedock.token";

export class Session {
  readonly user = signal<LoginResult | null>(null);
  readonly welcome = signal<Welcome | null>(null);
  // False until the first link has said whether the stored token still works.
  readonly settled = signal(false);

  constructor(private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem">) {}

  // Every new link: Hello, then the stored token if there is one.
  async opened(connection: Connection): Promise<void> {
    const hello = await connection.request({
      case: "hello",
      value: { protocolVersion: ProtocolVersion.CURRENT, clientName: "spacedock-web" },
    });
    if (hello.result.case === "welcome") this.welcome.value = hello.result.value;
    const token = this.storage.getItem(kTokenKey);
    if (token) {
      try {
        const answer = await connection.request({ case: "authenticate", value: { token } });
        if (answer.result.case === "login") this.user.value = answer.result.value;
      } catch (error) {
        if (!(error instanceof RequestError) || error.code !== ErrorCode.INVALID_CREDENTIALS) throw error;
        this.forget(); // expired or revoked: the login page asks again
      }
    }
    this.settled.value = true;
  }

  async login(connection: Connection, username: string, password: string): Promise<void> {
    const answer = await connection.request({ case: "login", value: { username, password } });
    if (answer.result.case !== "login") throw new Error("the server answered Login oddly");
    this.storage.setItem(kTokenKey, answer.result.value.token);
    this.user.value = answer.result.value;
  }

  // Registers, then logs the new account in.
  async register(connection: Connection, username: string, password: string): Promise<void> {
    await connection.request({ case: "register", value: { username, password } });
    await this.login(connection, username, password);
  }

  async logout(connection: Connection): Promise<void> {
    try {
      await connection.request({ case: "logout", value: {} });
    } finally {
      this.forget();
    }
  }

  private forget(): void {
    this.storage.removeItem(kTokenKey);
    this.user.value = null;
  }
}
