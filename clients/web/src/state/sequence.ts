// What one decision set off on the STCCG table, shown one step at a time: an attempt meeting its
// dilemmas, a battle, a captive taken. The events are grouped as the server sent them, never
// reordered or dropped; a step is one event, or a few that read as one (a crew stopped together,
// a dilemma and where it went). Pure: sequence_player.ts runs the clock, the table draws it.
import { StccgCardType } from "../../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgMoveCause,
  StccgWhere,
  StccgZone,
  type StccgCardMoved,
  type StccgCardRef,
  type StccgGameEvent,
} from "../../gen/spacedock/v1/stccg_pb.js";

export type SceneKind = "attempt" | "battle" | "happening";

// One event as it came: its number in the match's stream, the server's words and its body.
export interface Beat {
  seq: bigint;
  text: string;
  event: StccgGameEvent;
}

export interface Step {
  scene: number;
  kind: SceneKind;
  beats: Beat[];
}

interface OpenScene {
  id: number;
  kind: SceneKind;
  // Ended, but what its end brings (the fighters stopped after a battle) still joins it.
  ended: boolean;
}

export interface Sequence {
  steps: Step[];
  // steps[0, shown) are on screen; the rest wait their turn.
  shown: number;
  playing: boolean;
  // The attempts and battles under way, innermost last (a battle may start inside an attempt).
  open: OpenScene[];
  // The scene events of note join while no attempt or battle is under way: the one that just
  // ended, or a happening (a captive taken); null after an ordinary event (a draw, a turn).
  loose: OpenScene | null;
  lastScene: number;
  // Cards shown just before (the group about to attempt), for the step that follows.
  lead: Beat[];
}

export function emptySequence(playing = true): Sequence {
  return { steps: [], shown: 0, playing, open: [], loose: null, lastScene: 0, lead: [] };
}

export const pending = (s: Sequence): number => s.steps.length - s.shown;

// The viewer's decision waits while anything that came before it is still to be shown.
export const holdsPrompt = (s: Sequence): boolean => pending(s) > 0;

export function stepOn(s: Sequence): Sequence {
  return pending(s) > 0 ? { ...s, shown: s.shown + 1 } : s;
}

export function skipToEnd(s: Sequence): Sequence {
  return { ...s, shown: s.steps.length };
}

export function setPlaying(s: Sequence, playing: boolean): Sequence {
  return { ...s, playing };
}

export function feed(s: Sequence, beat: Beat): Sequence {
  const body = beat.event.body;
  if (body.case === "attemptStarted" || body.case === "battleStarted") {
    const kind = body.case === "attemptStarted" ? "attempt" : "battle";
    const base = s.open.length === 0 ? freshStart(s) : s;
    const scene = { id: base.lastScene + 1, kind, ended: false } as const;
    return {
      ...base,
      steps: [...base.steps, { scene: scene.id, kind, beats: [...base.lead, beat] }],
      open: [...base.open, scene],
      loose: null,
      lastScene: scene.id,
      lead: [],
    };
  }
  const inner = s.open[s.open.length - 1];
  if (inner) {
    const next = add(s, inner, beat);
    if (!closes(beat.event, inner.kind)) return next;
    const open = s.open.slice(0, -1);
    return { ...next, open, loose: open.length === 0 ? { ...inner, ended: true } : null };
  }
  if (s.loose && (s.loose.ended ? aftermath(beat.event) : notable(beat.event))) return add(s, s.loose, beat);
  if (notable(beat.event)) {
    const base = freshStart(s);
    const scene: OpenScene = { id: base.lastScene + 1, kind: "happening", ended: false };
    const steps = [...base.steps, { scene: scene.id, kind: scene.kind, beats: [...base.lead, beat] }];
    return { ...base, steps, loose: scene, lastScene: scene.id, lead: [] };
  }
  if (body.case === "revealed") return { ...s, loose: null, lead: [...s.lead, beat] };
  return s.loose || s.lead.length ? { ...s, loose: null, lead: [] } : s;
}

// A new scene: once everything is shown, the scenes before the one on screen are let go of
// (that one stays on screen until the new scene's first step is shown).
function freshStart(s: Sequence): Sequence {
  if (pending(s) > 0) return s;
  const onScreen = s.steps[s.shown - 1]?.scene;
  const steps = s.steps.filter((step) => step.scene === onScreen);
  return { ...s, steps, shown: steps.length };
}

function add(s: Sequence, scene: OpenScene, beat: Beat): Sequence {
  const last = s.steps[s.steps.length - 1];
  if (last && last.scene === scene.id && joins(last, beat)) {
    const joined = { ...last, beats: [...last.beats, beat] };
    return { ...s, steps: [...s.steps.slice(0, -1), joined] };
  }
  return { ...s, steps: [...s.steps, { scene: scene.id, kind: scene.kind, beats: [beat] }] };
}

function closes(event: StccgGameEvent, kind: SceneKind): boolean {
  return (
    (kind === "attempt" && event.body.case === "attemptEnded") ||
    (kind === "battle" && event.body.case === "battleEnded")
  );
}

// What the end of a battle or attempt brings right after it: the fighters stopped, tactics put
// away under their side deck, the turn ended for want of anything left to do.
function aftermath(event: StccgGameEvent): boolean {
  const body = event.body;
  if (body.case === "stopped" || turnEndedByItself(event)) return true;
  return body.case === "cardMoved" && body.value.from?.zone === StccgZone.RESOLVING;
}

// Worth a step on its own, outside an attempt or battle.
function notable(event: StccgGameEvent): boolean {
  const body = event.body;
  switch (body.case) {
    case "captured":
    case "rescued":
    case "commandeered":
    case "nullified":
    case "damaged":
    case "stopped":
    case "scored":
    case "dilemmaResolved":
      return true;
    case "stepStarted":
      return turnEndedByItself(event);
    case "cardMoved":
      return body.value.cause !== StccgMoveCause.UNSPECIFIED || isMarker(body.value);
    default:
      return false;
  }
}

// Whether `beat` reads as part of the step `step` ends with rather than as a step of its own.
function joins(step: Step, beat: Beat): boolean {
  const body = beat.event.body;
  const last = step.beats[step.beats.length - 1].event.body;
  if (quiet(beat.event)) return true;
  if (body.case === "stopped") return last.case === "stopped";
  if (body.case === "revealed" && last.case === "revealed") return true;
  if (body.case === "revealed" || body.case === "captured")
    return step.beats.every((b) => concerns(b.event, body.value.card));
  if (body.case === "damaged") return last.case === "cardMoved" && isMarker(last.value);
  if (body.case !== "cardMoved") return false;
  const moved = body.value;
  if (moved.cause === StccgMoveCause.WITH_HOST) return true;
  if (last.case === "dilemmaResolved") return concerns(beat.event, last.value.card);
  return isMarker(moved) && last.case === "cardMoved" && isMarker(last.value);
}

// The server ended the turn: ending it was the player's only order (StccgStepStarted.nothing_left).
function turnEndedByItself(event: StccgGameEvent): boolean {
  return event.body.case === "stepStarted" && event.body.value.nothingLeft;
}

// Housekeeping that says nothing the step before did not: a draw, a shuffle, a card put away.
function quiet(event: StccgGameEvent): boolean {
  const body = event.body;
  if (body.case === "shuffled" || body.case === "passed") return true;
  if (body.case !== "cardMoved" || body.value.cause !== StccgMoveCause.UNSPECIFIED) return false;
  const { from, to } = body.value;
  const away = [StccgZone.HAND, StccgZone.DRAW_DECK, StccgZone.SIDE_DECK, StccgZone.SIDE_USED, StccgZone.SEED_PILE];
  if (away.includes(to?.zone ?? StccgZone.UNSPECIFIED)) return true;
  return from?.zone === StccgZone.RESOLVING && to?.zone === StccgZone.DISCARD;
}

// A damage marker: a tactic placed on the ship or facility it damages (§3.13).
export function isMarker(moved: StccgCardMoved): boolean {
  return moved.to?.where === StccgWhere.ON && moved.card?.type === StccgCardType.TACTIC;
}

export function sameCard(a: StccgCardRef | undefined, b: StccgCardRef | undefined): boolean {
  if (!a || !b) return false;
  if (a.handle !== 0 && a.handle === b.handle) return true;
  return a.cardId !== "" && a.cardId === b.cardId && a.owner === b.owner;
}

// Whether `event` is about `card` (a move names it by its handle before or after).
function concerns(event: StccgGameEvent, card: StccgCardRef | undefined): boolean {
  const body = event.body;
  if (body.case === "cardMoved") {
    const m = body.value;
    return sameCard(m.card, card) || (m.handleBefore !== 0 && m.handleBefore === card?.handle);
  }
  if (body.case === "revealed" || body.case === "captured" || body.case === "dilemmaResolved")
    return sameCard(body.value.card, card);
  return false;
}

// The scene on screen: its shown steps, and whether more of it is still to come.
export interface ShownScene {
  id: number;
  kind: SceneKind;
  steps: Step[];
  more: boolean;
}

export function shownScene(s: Sequence): ShownScene | null {
  const newest = s.steps[s.shown - 1];
  if (!newest) return null;
  const steps = s.steps.slice(0, s.shown).filter((step) => step.scene === newest.scene);
  const more =
    s.steps.slice(s.shown).some((step) => step.scene === newest.scene) ||
    s.open.some((scene) => scene.id === newest.scene);
  return { id: newest.scene, kind: steps[0].kind, steps, more };
}
