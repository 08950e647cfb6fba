// Everything the pages share: the link to the server, the session and the followed match.
import { signal } from "@preact/signals";
import type { Event } from "../../gen/spacedock/v1/envelope_pb.js";
import type { ChatMessage } from "../../gen/spacedock/v1/chat_pb.js";
import type { QuickMatchUpdate } from "../../gen/spacedock/v1/lobby_pb.js";
import type { TournamentUpdate } from "../../gen/spacedock/v1/tournament_pb.js";
import { Connection } from "../net/connection.js";
import { MatchStore } from "../state/match.js";
import { RoundNotice } from "../state/round_notice.js";
import { Session } from "../state/session.js";
import { autoPass, autoPassOption } from "../ui/incursions/auto_pass.js";
import { parseRoute, routeHash, type Route } from "./route.js";

export class Client {
  readonly session: Session;
  readonly match = new MatchStore();
  readonly connection: Connection;
  readonly route = signal<Route>(parseRoute(location.hash));
  readonly lobbyChat = signal<ChatMessage[]>([]);
  readonly quickMatch = signal<QuickMatchUpdate | null>(null);
  // The last news of a tournament (a round started with your table, standings published...).
  readonly tournamentNews = signal<TournamentUpdate | null>(null);
  // Where the player plays the round just started, until they dismiss it or open that match.
  readonly roundNotice = new RoundNotice();
  private followingLobbyChat = false;

  constructor(url: string, storage: Storage) {
    this.session = new Session(storage);
    this.connection = new Connection(url, {
      opened: async (connection) => {
        await this.session.opened(connection);
        if (!this.session.user.value) return;
        if (this.followingLobbyChat) await connection.request({ case: "followLobbyChat", value: {} }).catch(() => {});
        await this.match.resume(connection).catch(() => {});
      },
      event: (event) => this.event(event),
    });
    // The player's setting: Incursions response windows with no card to play pass by themselves.
    this.match.autoAnswer = (prompt) => autoPassOption(prompt, autoPass.value);
    addEventListener("hashchange", () => this.routed(parseRoute(location.hash)));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.connection.wake();
    });
  }

  go(route: Route): void {
    const hash = routeHash(route);
    if (location.hash !== hash) location.hash = hash;
    this.routed(route);
  }

  private routed(route: Route): void {
    this.route.value = route;
    this.roundNotice.opened(route);
  }

  async followLobbyChat(): Promise<void> {
    if (this.followingLobbyChat) return;
    this.followingLobbyChat = true;
    await this.connection.request({ case: "followLobbyChat", value: {} });
  }

  private event(event: Event): void {
    if (event.body.case === "chat" && event.matchId === 0n) {
      this.lobbyChat.value = [...this.lobbyChat.value, event.body.value].slice(-200);
    } else if (event.body.case === "quickMatch") {
      this.quickMatch.value = event.body.value;
    } else if (event.body.case === "tournament") {
      this.tournamentNews.value = event.body.value;
      this.roundNotice.news(event.body.value);
    } else {
      this.match.event(event);
    }
  }
}

export function serverUrl(): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}
