import { test } from "node:test";
import assert from "node:assert/strict";
import { clockTime, delayWords, judgeWaitWords } from "../src/ui/match/judge_words.js";

// 18:05 today, in the time zone the words are written in.
const started = new Date(2025, 5, 1, 18, 5).getTime();
const minute = 60_000;

test("a judge delay reads in minutes and seconds", () => {
  assert.deepEqual([delayWords(120_000), delayWords(90_000), delayWords(45_000)], ["2 min", "1 min 30 s", "45 s"]);
  assert.equal(clockTime(started), "18:05");
});

test("a judge waiting for the table reads when it appears: the start plus the delay", () => {
  assert.equal(
    judgeWaitWords(2 * minute, started, started + minute),
    "Judge view: runs 2 min behind the game; the table appears from 18:07.",
  );
  assert.equal(
    judgeWaitWords(2 * minute, started, started + 3 * minute),
    "Judge view: runs 2 min behind the game; the table appears in a moment.",
  );
});

test("before the match starts, or from a server that does not say, the words still hold", () => {
  assert.equal(
    judgeWaitWords(2 * minute, 0, started),
    "Judge view: runs 2 min behind the game; the table appears 2 min after the match starts.",
  );
  assert.equal(
    judgeWaitWords(0, 0, started),
    "Judge view: runs behind the game; the table appears a while after the match starts.",
  );
  assert.equal(
    judgeWaitWords(0, started, started + minute),
    "Judge view: runs behind the game, which started at 18:05; the table appears soon.",
  );
});
