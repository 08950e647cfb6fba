// What one decision set off, shown one step at a time (src/state/sequence.ts): which events form
// a sequence, the step position, play, step and skip, and when the viewer's decision may open;
// and the player that runs it (src/state/sequence_player.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { StccgCardType } from "../gen/spacedock/v1/stccg_cards_pb.js";
import { StccgOutcome, StccgWhere, StccgZone } from "../gen/spacedock/v1/stccg_pb.js";
import {
  emptySequence,
  feed,
  holdsPrompt,
  pending,
  shownScene,
  skipToEnd,
  stepOn,
  type Beat,
  type Sequence,
} from "../src/state/sequence.js";
import { SequencePlayer } from "../src/state/sequence_player.js";
import { beat, chalnoth, chalnothAttempt, data, galaxy, inPlay, ref, troi, turnEnds } from "./sequence_events.js";

const fed = (beats: Beat[], s: Sequence = emptySequence()) => beats.reduce(feed, s);
const seqs = (s: Sequence) => s.steps.flatMap((step) => step.beats.map((b) => b.seq));
const cases = (s: Sequence) => s.steps.map((step) => step.beats.map((b) => b.event.body.case).join("+"));

test("an attempt's events are steps in the order they came, none left out; what reads as one is one step", () => {
  const attempt = chalnothAttempt();
  const s = fed([...attempt, ...turnEnds()]);
  assert.deepEqual(seqs(s), attempt.map((b) => b.seq));
  assert.deepEqual(cases(s), [
    "revealed+attemptStarted",  // the group shown, then the attempt
    "cardMoved",  // Chalnoth met
    "cardMoved",  // Deanna Troi killed
    "stopped+stopped",  // the rest stopped together
    "dilemmaResolved+cardMoved",  // not overcome, and discarded
    "attemptEnded",
  ]);
  assert.ok(s.steps.every((step) => step.kind === "attempt" && step.scene === s.steps[0].scene));
});

test("the decision waits while a step is still to be shown; stepping or skipping to the end lets it open", () => {
  let s = fed(chalnothAttempt());
  assert.equal(s.shown, 0);
  assert.equal(pending(s), 6);
  assert.equal(holdsPrompt(s), true);
  s = stepOn(stepOn(s));
  assert.equal(s.shown, 2);
  assert.equal(holdsPrompt(s), true);
  s = skipToEnd(s);
  assert.equal(pending(s), 0);
  assert.equal(holdsPrompt(s), false);
  assert.equal(stepOn(s).shown, s.shown);  // nothing beyond the end
});

test("ordinary events (a turn ending, a draw) form no sequence and hold nothing back", () => {
  const s = fed(turnEnds());
  assert.deepEqual(s.steps, []);
  assert.equal(holdsPrompt(s), false);
  assert.equal(shownScene(s), null);
});

test("a turn the server ended for want of anything to do says so: after an attempt, as its last step", () => {
  const attempt = chalnothAttempt();
  const [ends, draw] = turnEnds(true);
  const s = fed([...attempt, ends, draw]);
  assert.deepEqual(seqs(s), [...attempt, ends].map((b) => b.seq));
  assert.equal(s.steps[s.steps.length - 1].scene, s.steps[0].scene);
  // Alone, it is a happening of its own.
  const alone = fed(turnEnds(true));
  assert.equal(alone.steps.length, 1);
  assert.equal(alone.steps[0].kind, "happening");
});

test("a battle inside an attempt is a scene of its own, and the attempt goes on after it", () => {
  const beats = [
    beat("start", { case: "attemptStarted", value: { seat: 0, location: 2 } }),
    beat("met", { case: "cardMoved", value: { card: chalnoth, from: { zone: StccgZone.SEED }, to: { zone: StccgZone.RESOLVING } } }),
    beat("battle", { case: "battleStarted", value: { attacker: 1, location: 2 } }),
    beat("fire", { case: "fired", value: { seat: 1, attack: 9, defense: 7, hit: 1 } }),
    beat("won", { case: "battleEnded", value: { location: 2, winner: 1 } }),
    beat("resolved", { case: "dilemmaResolved", value: { card: chalnoth, outcome: StccgOutcome.APPLIED } }),
    beat("ended", { case: "attemptEnded", value: { seat: 0, location: 2 } }),
  ];
  const s = fed(beats);
  const scenes = s.steps.map((step) => `${step.kind}${step.scene}`);
  assert.deepEqual(scenes, ["attempt1", "attempt1", "battle2", "battle2", "battle2", "attempt1", "attempt1"]);
  assert.deepEqual(s.open, []);
  const shown = shownScene(stepOn(stepOn(stepOn(s))));
  assert.equal(shown?.kind, "battle");
  assert.equal(shown?.more, true);
  const end = shownScene(skipToEnd(s));
  assert.equal(end?.kind, "attempt");
  assert.equal(end?.steps.length, 4);  // the attempt's own steps, the battle's left out
  assert.equal(end?.more, false);
});

test("the fighters stopped at a battle's end join it; the next event of note starts a happening", () => {
  const beats = [
    beat("attack", { case: "battleStarted", value: { attacker: 1, location: 4, target: galaxy } }),
    beat("ended", { case: "battleEnded", value: { location: 4, winner: 1 } }),
    beat("stopped", { case: "stopped", value: { card: galaxy } }),
    beat("crew stopped", { case: "stopped", value: { card: data } }),
    beat("draw", { case: "cardMoved", value: { card: { owner: 1 }, from: { zone: StccgZone.DRAW_DECK }, to: { zone: StccgZone.HAND } } }),
    beat("captured", { case: "captured", value: { card: troi, captor: 1 } }),
  ];
  const s = fed(beats);
  assert.deepEqual(cases(s), ["battleStarted", "battleEnded", "stopped+stopped", "captured"]);
  assert.deepEqual(s.steps.map((step) => step.kind), ["battle", "battle", "battle", "happening"]);
  assert.notEqual(s.steps[3].scene, s.steps[0].scene);
});

test("damage markers that land together, and the damage they do, are one step", () => {
  const marker = (handle: number) =>
    beat("marker", {
      case: "cardMoved",
      value: {
        card: ref(handle, "Hit", StccgCardType.TACTIC, 1),
        from: { zone: StccgZone.SIDE_DECK },
        to: { zone: StccgZone.PLAY, where: StccgWhere.ON, host: galaxy },
      },
    });
  const s = fed([
    beat("attack", { case: "battleStarted", value: { attacker: 1, target: galaxy } }),
    marker(71),
    marker(72),
    beat("damaged", { case: "damaged", value: { card: galaxy, hull: 60 } }),
  ]);
  assert.deepEqual(cases(s), ["battleStarted", "cardMoved+cardMoved+damaged"]);
});

test("a new scene lets go of the scenes shown before the one on screen, and of nothing still to come", () => {
  const first = skipToEnd(fed(chalnothAttempt()));
  const second = fed(chalnothAttempt(), first);
  assert.equal(second.steps.length, 12);  // the first stays on screen until the second shows
  assert.equal(shownScene(second)?.id, first.steps[0].scene);
  const third = fed(chalnothAttempt(), skipToEnd(second));
  assert.equal(third.steps.length, 12);  // the first is gone
  assert.equal(third.shown, 6);
  assert.equal(shownScene(third)?.id, second.steps[6].scene);
  const unseen = fed(chalnothAttempt(), fed(chalnothAttempt()));
  assert.equal(unseen.steps.length, 12);  // nothing is dropped before it is shown
  assert.equal(unseen.shown, 0);
});

test("a captive taken outside an attempt is a happening, with the card shown before it", () => {
  const s = fed([
    beat("moved", { case: "cardMoved", value: { card: troi, from: inPlay, to: inPlay } }),
    beat("shows", { case: "revealed", value: { card: troi } }),
    beat("captured", { case: "captured", value: { card: troi, captor: 1 } }),
  ]);
  assert.deepEqual(cases(s), ["revealed+captured"]);
  assert.equal(s.steps[0].kind, "happening");
});

test("the player shows the first step at once, then steps as its setting says; skipping lets the decision open", () => {
  let opened = 0;
  const stepping = new SequencePlayer(() => opened++, 5, "step");
  for (const b of chalnothAttempt()) stepping.feed(b);
  assert.equal(stepping.state.value.shown, 1);  // the viewer sees that something began
  assert.equal(stepping.holds(), true);
  stepping.step();
  assert.equal(stepping.state.value.shown, 2);
  stepping.skip();
  assert.equal(stepping.holds(), false);
  assert.equal(opened, 1);

  const skipping = new SequencePlayer(() => opened++, 5, "skip");
  for (const b of chalnothAttempt()) skipping.feed(b);
  assert.equal(skipping.holds(), false);
  assert.equal(skipping.state.value.shown, 6);  // all of it on screen at once
});

test("playing, the player goes through every step by itself and then lets the decision open", async () => {
  let opened = 0;
  const player = new SequencePlayer(() => opened++, 1, "play");
  for (const b of chalnothAttempt()) player.feed(b);
  assert.equal(player.holds(), true);
  for (let i = 0; i < 100 && player.holds(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(player.state.value.shown, 6);
  assert.equal(opened, 1);
  player.reset();
});

test("paused, the player waits; played again, it goes on", async () => {
  const player = new SequencePlayer(() => {}, 1, "play");
  for (const b of chalnothAttempt()) player.feed(b);
  player.pause();
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(player.state.value.shown, 1);
  player.play();
  for (let i = 0; i < 100 && player.holds(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.equal(player.holds(), false);
  player.reset();
});
