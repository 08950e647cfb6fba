// The page the URL names. Routes live in the hash (#/match/12) so that a reload, a bookmark or
// an invite link lands on the same page, and the server serves one index.html for all of them.
export type Route =
  | { page: "login" }
  | { page: "lobby" }
  // judge: an organiser's delayed view with every card (Spectate.as_judge).
  | { page: "match"; matchId: bigint; spectate: boolean; invite: string; judge?: boolean }
  | { page: "replay"; matchId: bigint }
  | { page: "decks" }
  | { page: "cards" }
  | { page: "events" }
  | { page: "event"; tournamentId: bigint };

export function parseRoute(hash: string): Route {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?", 2);
  const parts = path.split("/").filter(Boolean);
  const params = new URLSearchParams(query);
  const id = parts[1] && /^\d{1,19}$/.test(parts[1]) ? BigInt(parts[1]) : undefined;
  switch (parts[0]) {
    case "match":
      if (id !== undefined)
        return {
          page: "match",
          matchId: id,
          spectate: params.get("watch") === "1",
          invite: params.get("invite") ?? "",
          judge: params.get("judge") === "1",
        };
      break;
    case "replay":
      if (id !== undefined) return { page: "replay", matchId: id };
      break;
    case "event":
      if (id !== undefined) return { page: "event", tournamentId: id };
      return { page: "events" };
    case "events":
      return { page: "events" };
    case "decks":
      return { page: "decks" };
    case "cards":
      return { page: "cards" };
    case "login":
      return { page: "login" };
  }
  return { page: "lobby" };
}

export function routeHash(route: Route): string {
  switch (route.page) {
    case "match": {
      const params = new URLSearchParams();
      if (route.spectate) params.set("watch", "1");
      if (route.invite) params.set("invite", route.invite);
      if (route.judge) params.set("judge", "1");
      const query = params.toString();
      return `#/match/${route.matchId}${query ? `?${query}` : ""}`;
    }
    case "replay":
      return `#/replay/${route.matchId}`;
    case "event":
      return `#/event/${route.tournamentId}`;
    default:
      return `#/${route.page}`;
  }
}
