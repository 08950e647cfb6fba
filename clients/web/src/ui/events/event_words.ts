// Tournament facts in words, for the event pages: statuses, table results, tie-breaker shares,
// the round's time left and the settings line.
import { ClockPreset } from "../../../gen/spacedock/v1/clock_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import {
  TableOutcome,
  TimeCall,
  TournamentStatus,
  type TournamentSettings,
  type TournamentTable,
} from "../../../gen/spacedock/v1/tournament_pb.js";

export function statusName(status: TournamentStatus): string {
  switch (status) {
    case TournamentStatus.REGISTRATION:
      return "Registration open";
    case TournamentStatus.RUNNING:
      return "Running";
    case TournamentStatus.FINISHED:
      return "Finished";
    default:
      return "";
  }
}

export function gameWords(game: Game): string {
  return game === Game.STCCG ? "Star Trek CCG" : "Star Trek: Incursions";
}

// "alice won at time", "a draw", "bye", "playing"...
export function tableResult(table: TournamentTable, matchLive: boolean): string {
  if (!table.second) return "bye";
  const atTime = table.atTime ? " at time" : "";
  switch (table.outcome) {
    case TableOutcome.FIRST_WINS:
      return `${table.first?.username ?? "?"} won${atTime}`;
    case TableOutcome.SECOND_WINS:
      return `${table.second.username} won${atTime}`;
    case TableOutcome.DRAW:
      return `a draw${atTime}`;
    case TableOutcome.DOUBLE_LOSS:
      return "a double loss";
    default:
      return matchLive ? "playing" : "waiting for the result";
  }
}

// A tie-breaker share as a percentage with one decimal: "66.7".
export function percent(share: number): string {
  return (Math.round(share * 1000) / 10).toFixed(1);
}

// "12 min left", "less than a minute left", "time is up".
export function timeLeft(endsAtMs: bigint, nowMs: number): string {
  const left = Number(endsAtMs) - nowMs;
  if (left <= 0) return "time is up";
  if (left < 60_000) return "less than a minute left";
  return `${Math.ceil(left / 60_000)} min left`;
}

// "m:ss" of a bank in milliseconds.
export function clockText(ms: bigint | number): string {
  const total = Math.max(0, Math.floor(Number(ms) / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

const kClocks: Record<ClockPreset, string> = {
  [ClockPreset.NONE]: "no chess clock",
  [ClockPreset.BLITZ]: "blitz clocks",
  [ClockPreset.STANDARD]: "standard clocks",
  [ClockPreset.TOURNAMENT]: "tournament clocks",
};

// One line for the event's settings: "Star Trek CCG · 5 Swiss rounds and a top 8 · 75 min a round"
export function settingsLine(s: TournamentSettings, swissRounds: number): string {
  const parts = [gameWords(s.game)];
  let rounds =
    swissRounds > 0 ? `${swissRounds} Swiss round${swissRounds === 1 ? "" : "s"}` : "Swiss rounds set at round 1";
  if (s.topCut > 0) rounds += ` and a top ${s.topCut}`;
  parts.push(rounds, `${s.roundMinutes} min a round`, kClocks[s.clock]);
  if (s.timeCall === TimeCall.DRAW) parts.push("unfinished games are draws");
  if (s.lateRegistrationRounds > 0) parts.push(`late registration during round ${s.lateRegistrationRounds}`);
  if (s.privateEvent) parts.push("private");
  return parts.join(" · ");
}
