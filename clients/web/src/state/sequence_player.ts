// Plays the sequence (sequence.ts) for a person: a step every so often, or by hand, or all at
// once, as the viewer's setting says (kept in this browser). It tells the match store when
// everything has been shown, so that a decision held back meanwhile can open.
import { signal } from "@preact/signals";
import type { StccgCardRef } from "../../gen/spacedock/v1/stccg_pb.js";
import {
  emptySequence,
  feed,
  holdsPrompt,
  pending,
  setPlaying,
  skipToEnd,
  stepOn,
  type Beat,
  type Sequence,
} from "./sequence.js";

// "play": a step every kPaceMs; "step": the viewer steps; "skip": everything at once.
export type SequenceMode = "play" | "step" | "skip";

const kModeKey = "spacedock.sequence";
// Long enough to read a dilemma's line and what it did.
const kPaceMs = 1400;
// A browser driven by a test (navigator.webdriver) plays quickly, so that its clicking is not
// held up for long; it still goes through every step.
const kAutomatedPaceMs = 30;

function storedMode(): SequenceMode {
  const stored = typeof localStorage === "undefined" ? null : localStorage.getItem(kModeKey);
  return stored === "step" || stored === "skip" ? stored : "play";
}

// Whether the next step to show is the first of another scene than the one on screen.
function startsScene(s: Sequence): boolean {
  return s.steps[s.shown]?.scene !== s.steps[s.shown - 1]?.scene;
}

function defaultPace(): number {
  return typeof navigator !== "undefined" && navigator.webdriver ? kAutomatedPaceMs : kPaceMs;
}

export class SequencePlayer {
  readonly state = signal<Sequence>(emptySequence());
  readonly mode = signal<SequenceMode>("play");
  // The scene the viewer closed (its id), until another one begins.
  readonly dismissed = signal(0);
  // The card a line of what happened names, which the viewer asked to see in the preview (a new
  // object each time, so that asking again for the same card shows it again).
  readonly looked = signal<{ card: StccgCardRef } | null>(null);
  private timer?: ReturnType<typeof setTimeout>;
  // When a step was last shown (Date.now() ms): the pace is kept from there.
  private lastShown = -Infinity;

  // `shown`: called when the last step is shown and a decision held back may open.
  constructor(
    private readonly shown: () => void,
    private readonly paceMs = defaultPace(),
    mode: SequenceMode = storedMode(),
  ) {
    this.mode.value = mode;
    this.state.value = emptySequence(mode === "play");
  }

  holds(): boolean {
    return holdsPrompt(this.state.value);
  }

  feed(beat: Beat): void {
    const before = this.state.value;
    let next = feed(before, beat);
    if (this.mode.value === "skip") next = skipToEnd(next);
    // A new scene shows its first step at once, whatever the mode: the viewer sees that
    // something began. The rest of a burst (it comes within milliseconds) takes its turn.
    else if (pending(before) === 0 && pending(next) > 0 && startsScene(next)) next = stepOn(next);
    this.set(next);
  }

  step(): void {
    this.set(stepOn(this.state.value));
  }

  skip(): void {
    this.set(skipToEnd(this.state.value));
  }

  play(): void {
    this.set(setPlaying(this.state.value, true));
  }

  pause(): void {
    this.set(setPlaying(this.state.value, false));
  }

  setMode(mode: SequenceMode): void {
    this.mode.value = mode;
    try {
      localStorage.setItem(kModeKey, mode);
    } catch {
      // Storage refused (a private window): the setting lasts for this page only.
    }
    const next = setPlaying(this.state.value, mode === "play");
    this.set(mode === "skip" ? skipToEnd(next) : next);
  }

  dismiss(): void {
    const s = this.state.value;
    this.dismissed.value = s.steps[s.shown - 1]?.scene ?? 0;
  }

  look(card: StccgCardRef): void {
    this.looked.value = { card };
  }

  reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.state.value = emptySequence(this.mode.value === "play");
    this.dismissed.value = 0;
    this.looked.value = null;
    this.lastShown = -Infinity;
  }

  private set(next: Sequence): void {
    const held = holdsPrompt(this.state.value);
    if (next.shown > this.state.value.shown) this.lastShown = Date.now();
    this.state.value = next;
    this.schedule();
    if (held && !holdsPrompt(next)) this.shown();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const s = this.state.value;
    if (!s.playing || pending(s) === 0) return;
    const wait = Math.max(0, this.lastShown + this.paceMs - Date.now());
    this.timer = setTimeout(() => this.step(), wait);
  }
}
