// The player's "Round N started: you play X at table N" notice. It stays until the player
// dismisses it or opens that match: the event's other news (another table's result, the
// standings) arrives seconds later and must not replace it.
import { signal } from "@preact/signals";
import { TournamentUpdate_Kind, type TournamentUpdate } from "../../gen/spacedock/v1/tournament_pb.js";
import type { Route } from "../app/route.js";

export class RoundNotice {
  readonly current = signal<TournamentUpdate | null>(null);

  // Any news of any event: only a round started with a table of the player's is noticed; a
  // later round of the same event without one (the player dropped) ends the old notice.
  news(update: TournamentUpdate): void {
    if (update.kind !== TournamentUpdate_Kind.ROUND_STARTED) return;
    const shown = this.current.peek();
    if (update.yourTable) this.current.value = update;
    else if (shown?.tournamentId === update.tournamentId && update.round > shown.round) this.dismiss();
  }

  // The page moved: opening the notice's match is reading it.
  opened(route: Route): void {
    const table = this.current.peek()?.yourTable;
    if (table && !table.bye && route.page === "match" && route.matchId === table.matchId) this.dismiss();
  }

  dismiss(): void {
    this.current.value = null;
  }
}
