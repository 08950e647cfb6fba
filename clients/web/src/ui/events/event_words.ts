// Tournament facts in words, for the event pages: statuses, table results, tie-breaker shares,
// the round's time left, a table's clocks, the round that comes next and the settings line.
import { ClockPreset, type MatchClock } from "../../../gen/spacedock/v1/clock_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import {
  TableOutcome,
  TimeCall,
  TournamentStatus,
  type TournamentEntrant,
  type TournamentInfo,
  type TournamentRound,
  type TournamentSettings,
  type TournamentTable,
} from "../../../gen/spacedock/v1/tournament_pb.js";
import { clockNow, type SeatClockNow } from "../../state/clock_now.js";

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

// "Registered with: Enterprise crew": the deck an entrant registered (STCCG), named by the
// server (TournamentEntrant.deck_title; a server that does not name it gets a plainer line).
// `locked`: it may no longer be changed.
export function registeredDeckWords(entry: TournamentEntrant, game: Game, locked: boolean): string {
  if (game !== Game.STCCG) return "";
  if (entry.deckTitle) return `Registered with: ${entry.deckTitle}`;
  return locked ? "Your deck is registered and locked." : "Your deck is registered.";
}

// An entrant may change their deck until their first round is paired; the server refuses after
// (RegisterForTournament.change_seat).
export function mayChangeDeck(info: TournamentInfo, entry: TournamentEntrant): boolean {
  if (info.settings?.game !== Game.STCCG || info.status === TournamentStatus.FINISHED) return false;
  return entry.droppedAfter === 0 && info.roundsPaired < Math.max(entry.firstRound, 1);
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

// A table's clocks at `nowMs`, counted from the reading the server took at its as_of_ms (the
// last one it sent the players, which may be a while ago).
export const tableClocksAt = (clock: MatchClock, nowMs: number): SeatClockNow[] =>
  clockNow(clock, clock.asOfMs > 0n ? nowMs - Number(clock.asOfMs) : 0, false);

// A seat's clock figures on the organiser's dashboard, each saying what it counts: "12:34 left
// on the clock, running", "away for 0:45", "0:38 of grace left to come back". `paused`: every
// clock of the match is stopped.
export function seatClockWords(seat: SeatClockNow, paused: boolean): string[] {
  const state = seat.running ? "running" : paused ? "stopped (clocks paused)" : "stopped";
  const words = [`${clockText(seat.remainingMs)} left on the clock, ${state}`];
  if (seat.awayMs > 0) words.push(`away for ${clockText(seat.awayMs)}`);
  if (seat.forfeitInMs !== null)
    words.push(
      seat.forfeitInMs > 0
        ? `${clockText(seat.forfeitInMs)} of grace left to come back`
        : "grace over: forfeits once another player is here",
    );
  return words;
}

// The Swiss rounds, then the cut's: top_cut halved until the players still in the event fill
// it (as the server pairs it), one round per halving.
function cutRounds(info: TournamentInfo): number {
  const players = info.entrants.filter((e) => e.droppedAfter === 0).length;
  let size = info.settings?.topCut ?? 0;
  while (size > players) size /= 2;
  return size < 2 ? 0 : Math.log2(size);
}

// The round the organiser may pair next, or null when none follows: the event is over, or
// `last` (the last round paired, when known) is its final round: the last Swiss round of an
// event with no cut, or the cut's final (a single table).
export function nextRound(info: TournamentInfo, last: TournamentRound | null): number | null {
  if (info.status === TournamentStatus.FINISHED) return null;
  const paired = info.roundsPaired;
  if (paired === 0) return 1;
  if (paired < info.swissRounds) return paired + 1;
  if (last?.round === paired && last.cut) return last.tables.length > 1 ? paired + 1 : null;
  return paired < info.swissRounds + cutRounds(info) ? paired + 1 : null;
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
