// Words for the protocol's enums, for people.
import { ClockPreset } from "../../../gen/spacedock/v1/clock_pb.js";
import { Game, MatchStatus, type MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";

export const gameName = (game: Game): string =>
  game === Game.STCCG ? "Star Trek CCG" : game === Game.INCURSIONS ? "Incursions" : "?";

export const statusName = (status: MatchStatus): string =>
  ({
    [MatchStatus.WAITING]: "waiting",
    [MatchStatus.ACTIVE]: "live",
    [MatchStatus.FINISHED]: "finished",
    [MatchStatus.ABORTED]: "aborted",
    [MatchStatus.UNSPECIFIED]: "?",
  })[status];

export const clockName = (preset: ClockPreset | undefined): string =>
  preset === ClockPreset.BLITZ
    ? "blitz 5+5"
    : preset === ClockPreset.STANDARD
      ? "standard 20+10"
      : preset === ClockPreset.TOURNAMENT
        ? "tournament 40+15"
        : "untimed";

export function playersLine(info: MatchInfo): string {
  const names = info.seats.map((seat) => seat.username);
  const open = info.seatCount - info.seats.length;
  return [...names, ...Array<string>(Math.max(0, open)).fill("(open)")].join(" vs ");
}

// The players' names by seat number, for the tables.
export function seatNames(info: MatchInfo | null | undefined): string[] {
  const names: string[] = [];
  for (const seat of info?.seats ?? []) names[seat.seat] = seat.username;
  return names;
}
