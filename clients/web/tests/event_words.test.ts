import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { MatchClockSchema } from "../gen/spacedock/v1/clock_pb.js";
import { Game } from "../gen/spacedock/v1/lobby_pb.js";
import {
  TableOutcome,
  TimeCall,
  TournamentEntrantSchema,
  TournamentInfoSchema,
  TournamentRoundSchema,
  TournamentSettingsSchema,
  TournamentStatus,
  TournamentTableSchema,
} from "../gen/spacedock/v1/tournament_pb.js";
import {
  clockText,
  mayChangeDeck,
  nextRound,
  percent,
  registeredDeckWords,
  seatClockWords,
  settingsLine,
  tableClocksAt,
  tableResult,
  timeLeft,
} from "../src/ui/events/event_words.js";

const table = (outcome: TableOutcome, atTime = false, second = true) =>
  create(TournamentTableSchema, {
    table: 1,
    first: { accountId: 1n, username: "alice" },
    second: second ? { accountId: 2n, username: "bob" } : undefined,
    outcome,
    atTime,
  });

test("a table's result names its winner, and says when it was decided at time", () => {
  assert.equal(tableResult(table(TableOutcome.FIRST_WINS), false), "alice won");
  assert.equal(tableResult(table(TableOutcome.SECOND_WINS, true), false), "bob won at time");
  assert.equal(tableResult(table(TableOutcome.DRAW), false), "a draw");
  assert.equal(tableResult(table(TableOutcome.DOUBLE_LOSS), false), "a double loss");
  assert.equal(tableResult(table(TableOutcome.PENDING), true), "playing");
  assert.equal(tableResult(table(TableOutcome.FIRST_WINS, false, false), false), "bye");
});

test("shares, clocks and the time left read as people say them", () => {
  assert.equal(percent(2 / 3), "66.7");
  assert.equal(percent(1 / 3), "33.3");
  assert.equal(clockText(125_000n), "2:05");
  assert.equal(clockText(-5), "0:00");
  assert.equal(timeLeft(10_000n, 20_000), "time is up");
  assert.equal(timeLeft(50_000n, 20_000), "less than a minute left");
  assert.equal(timeLeft(20_000n + 12n * 60_000n, 20_000), "12 min left");
});

test("the settings line says the game, the rounds, the cut and what differs from the defaults", () => {
  const s = create(TournamentSettingsSchema, {
    name: "x",
    game: Game.STCCG,
    topCut: 8,
    roundMinutes: 75,
    timeCall: TimeCall.DRAW,
    privateEvent: true,
  });
  assert.equal(
    settingsLine(s, 5),
    "Star Trek CCG · 5 Swiss rounds and a top 8 · 75 min a round · no chess clock · unfinished games are draws · private",
  );
  assert.match(settingsLine(s, 0), /Swiss rounds set at round 1/);
});

// An event of `players` entrants, `paired` rounds paired, the last one done.
const event = (swissRounds: number, topCut: number, paired: number, players = 8) =>
  create(TournamentInfoSchema, {
    status: TournamentStatus.RUNNING,
    settings: { topCut },
    swissRounds,
    roundsPaired: paired,
    roundDone: true,
    entrants: Array.from({ length: players }, (_, i) => ({ accountId: BigInt(i + 1) })),
  });
const cutRound = (round: number, tables: number) =>
  create(TournamentRoundSchema, { round, cut: true, tables: Array.from({ length: tables }, (_, i) => ({ table: i + 1 })) });

test("no round is offered after the last: the last Swiss round without a cut, or the cut's final", () => {
  assert.equal(nextRound(event(3, 0, 0), null), 1);
  assert.equal(nextRound(event(3, 0, 2), null), 3);
  assert.equal(nextRound(event(3, 0, 3), null), null, "round 3 of 3, no cut");
  assert.equal(nextRound(event(3, 4, 3), null), 4, "the cut follows the Swiss rounds");
  assert.equal(nextRound(event(3, 4, 4), cutRound(4, 2)), 5, "the semi-finals, then the final");
  assert.equal(nextRound(event(3, 4, 5), cutRound(5, 1)), null, "the final");
  assert.equal(nextRound(event(3, 4, 5), null), null, "a top 4 is two rounds");
  assert.equal(nextRound(event(3, 8, 4), null), 5, "a top 8 is three rounds");
  assert.equal(nextRound(event(2, 8, 3, 4), null), 4, "a top 8 of four players is a top 4");
  assert.equal(nextRound(event(2, 8, 4, 4), null), null);
  const finished = create(TournamentInfoSchema, { ...event(3, 0, 2), status: TournamentStatus.FINISHED });
  assert.equal(nextRound(finished, null), null);
});

test("the organiser's clock figures each say what they count, counted from the server's reading", () => {
  const clock = create(MatchClockSchema, {
    asOfMs: 100_000n,
    seats: [
      { seat: 0, remainingMs: 61_000n, running: true },
      { seat: 1, remainingMs: 754_000n, running: false, awayMs: 40_000n, forfeitInMs: 43_000n },
    ],
  });
  const [running, away] = tableClocksAt(clock, 105_000);
  assert.deepEqual(seatClockWords(away, false), [
    "12:34 left on the clock, stopped",
    "away for 0:45",
    "0:38 of grace left to come back",
  ]);
  assert.deepEqual(seatClockWords(running, false), ["0:56 left on the clock, running"]);
  const paused = create(MatchClockSchema, { ...clock, paused: true });
  assert.deepEqual(seatClockWords(tableClocksAt(paused, 105_000)[0], true), ["1:01 left on the clock, stopped (clocks paused)"]);
  const over = tableClocksAt(clock, 150_000)[1];
  assert.equal(seatClockWords(over, false)[2], "grace over: forfeits once another player is here");
});

test("an entrant reads which deck they registered with (a server that does not say: that it is locked)", () => {
  const entry = (deckTitle: string) => create(TournamentEntrantSchema, { username: "alice", firstRound: 1, deckTitle });
  assert.equal(registeredDeckWords(entry("Enterprise crew"), Game.STCCG, true), "Registered with: Enterprise crew");
  assert.equal(registeredDeckWords(entry(""), Game.STCCG, true), "Your deck is registered and locked.");
  assert.equal(registeredDeckWords(entry(""), Game.STCCG, false), "Your deck is registered.");
  assert.equal(registeredDeckWords(entry(""), Game.INCURSIONS, true), "");
});

test("the deck may change until the entrant's first round is paired", () => {
  const event = (roundsPaired: number, game = Game.STCCG, status = TournamentStatus.REGISTRATION) =>
    create(TournamentInfoSchema, { settings: { game }, roundsPaired, status });
  const entrant = (firstRound: number, droppedAfter = 0) =>
    create(TournamentEntrantSchema, { username: "alice", firstRound, droppedAfter });
  assert.equal(mayChangeDeck(event(0), entrant(1)), true);
  assert.equal(mayChangeDeck(event(1, Game.STCCG, TournamentStatus.RUNNING), entrant(1)), false);
  // A late entrant, paired from round 3, while round 2 is played.
  assert.equal(mayChangeDeck(event(2, Game.STCCG, TournamentStatus.RUNNING), entrant(3)), true);
  assert.equal(mayChangeDeck(event(3, Game.STCCG, TournamentStatus.RUNNING), entrant(3)), false);
  assert.equal(mayChangeDeck(event(0, Game.INCURSIONS), entrant(1)), false);
  assert.equal(mayChangeDeck(event(0), entrant(1, 1)), false);
});
