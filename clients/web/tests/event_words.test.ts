import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { Game } from "../gen/spacedock/v1/lobby_pb.js";
import {
  TableOutcome,
  TimeCall,
  TournamentSettingsSchema,
  TournamentTableSchema,
} from "../gen/spacedock/v1/tournament_pb.js";
import { clockText, percent, settingsLine, tableResult, timeLeft } from "../src/ui/events/event_words.js";

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
