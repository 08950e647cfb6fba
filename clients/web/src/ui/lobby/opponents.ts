// Who may sit opposite: server bots play two-player matches only (CreateMatch.bot_opponents;
// more seats are refused, BOTS_TWO_PLAYERS_ONLY), so the form offers them there alone.
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";

export function botsOffered(game: Game, players: number): boolean {
  return game !== Game.INCURSIONS || players === 2;
}
