// The match this page follows: its header, the viewer's latest snapshot, the event log, the
// open prompt and the clocks. The server's events name what happened but do not carry the new
// view, so after a burst of events the store asks for a fresh snapshot (GetSnapshot); the view
// on screen is always one the server sent, never one the client worked out.
import { signal } from "@preact/signals";
import type { MatchClock } from "../../gen/spacedock/v1/clock_pb.js";
import { ErrorCode, type Event } from "../../gen/spacedock/v1/envelope_pb.js";
import { ViewerRole, type DecisionPrompt, type GameEvent, type GameSnapshot } from "../../gen/spacedock/v1/game_pb.js";
import type { MatchInfo } from "../../gen/spacedock/v1/lobby_pb.js";
import type { ChatMessage } from "../../gen/spacedock/v1/chat_pb.js";
import { RequestError, type Connection } from "../net/connection.js";
import { clockNow, type SeatClockNow } from "./clock_now.js";
import { SequencePlayer } from "./sequence_player.js";

export interface LogLine {
  seq: bigint;
  text: string;
  // The event itself, whose cards the line names as links.
  event?: GameEvent;
}

// How long events may keep arriving before the view is refreshed.
const kRefreshAfterMs = 60;
// How long after a snapshot the open prompts may take to follow it (they are sent with it).
const kPromptsFollowMs = 250;
// The log keeps this many lines.
const kLogLines = 500;
// The structured events kept for what a table shows as it happens (dice, damage).
const kRecentEvents = 16;

export class MatchStore {
  readonly matchId = signal<bigint | null>(null);
  readonly info = signal<MatchInfo | null>(null);
  readonly snapshot = signal<GameSnapshot | null>(null);
  // A judge's snapshot: the moment of the game it shows (0: a live view).
  readonly judgedAsOf = signal(0n);
  readonly log = signal<LogLine[]>([]);
  // The latest events themselves, newest last, for what happens too fast for the view.
  readonly recent = signal<GameEvent[]>([]);
  readonly chat = signal<ChatMessage[]>([]);
  readonly prompt = signal<DecisionPrompt | null>(null);
  // STCCG: what the latest decisions set off, played one step at a time on the table. A decision
  // that comes while some of it is still to be shown waits here, visibly, until it has been.
  readonly sequence = new SequencePlayer(() => this.openWaiting());
  readonly waiting = signal<DecisionPrompt | null>(null);
  readonly clock = signal<MatchClock | null>(null);
  // When the clock reading arrived, by this browser's clock (readings are counted down from it).
  readonly clockReceivedAt = signal(0);
  // An answer the server refused, in its words; cleared by the next prompt.
  readonly refusal = signal<string | null>(null);
  // Another tab or device has taken this seat: this page only watches until it takes it back.
  readonly superseded = signal(false);
  // An answer is on its way: the prompt waits for its response.
  readonly answering = signal(false);
  // The last decision answered for the player by `autoAnswer`, never shown (its title says what
  // it was about), and how many so far.
  readonly autoAnswered = signal<{ title: string; count: number } | null>(null);

  // A player's setting that answers some decisions for them (Incursions: passing a response
  // window with no card to play): the option to send, or null to show the decision. It gets the
  // prompt only, what the player would see.
  autoAnswer: ((prompt: DecisionPrompt) => bigint | null) | null = null;

  private lastSeq = 0n;
  // When the match's result arrived (Date.now() ms; 0: none yet), which stops its clocks.
  private resultAt = 0;
  private spectating = false;
  // An organiser judging: the server sends its delayed full views by itself.
  private judging = false;
  private inviteCode = "";
  private refreshTimer?: ReturnType<typeof setTimeout>;
  private promptsTimer?: ReturnType<typeof setTimeout>;
  private connection?: Connection;
  // The decision answered automatically last: a copy re-sent after a snapshot is not answered
  // twice.
  private autoDecision: number | null = null;

  // Follows `matchId` from the start: as its player if this account holds a seat, else as a
  // spectator (with `inviteCode` for a private match).
  // `judge`: as an organiser, every card, as the game stood a while ago.
  async follow(connection: Connection, matchId: bigint, spectate = false, inviteCode = "", judge = false) {
    this.reset(matchId);
    this.connection = connection;
    this.spectating = spectate || judge;
    this.judging = judge;
    this.inviteCode = inviteCode;
    // Resume from 0 rather than Spectate, whose stream starts at the join: a spectator who comes
    // late reads the game so far in the log (the public events only; protocol/README "Matches").
    const answer = judge
      ? await connection.request({ case: "spectate", value: { matchId, asJudge: true } })
      : await connection.request({
          case: "resume",
          value: { matchId, lastSeq: 0n, asSpectator: spectate, inviteCode },
        });
    if (answer.result.case === "match") this.info.value = answer.result.value;
  }

  // An organiser's delayed view (Spectate.as_judge): it has no log, and no table until the game
  // is older than the judge delay.
  isJudging(): boolean {
    return this.judging;
  }

  // After CreateMatch, JoinMatch or a quick match: the server already streams this match here.
  attach(connection: Connection, info: MatchInfo): void {
    this.reset(info.matchId);
    this.connection = connection;
    this.info.value = info;
  }

  // A re-opened link picks the stream up where it stopped.
  async resume(connection: Connection): Promise<void> {
    const matchId = this.matchId.value;
    if (matchId === null) return;
    this.connection = connection;
    this.superseded.value = false;
    if (this.judging) {
      await connection.request({ case: "spectate", value: { matchId, asJudge: true } });
      return;
    }
    const answer = await connection.request({
      case: "resume",
      value: {
        matchId,
        lastSeq: this.lastSeq,
        asSpectator: this.spectating,
        inviteCode: this.inviteCode,
      },
    });
    if (answer.result.case === "match") this.info.value = answer.result.value;
  }

  // This page plays the seat again, fencing the tab that took it.
  async takeBack(): Promise<void> {
    if (this.connection) await this.resume(this.connection);
  }

  leave(): void {
    this.reset(null);
    this.connection = undefined;
  }

  // Answers the open prompt.
  async choose(optionIds: bigint[]): Promise<void> {
    const prompt = this.prompt.value;
    const matchId = this.matchId.value;
    if (!prompt || matchId === null || !this.connection || this.answering.value) return;
    this.answering.value = true;
    this.refusal.value = null;
    try {
      await this.connection.request({
        case: "submitDecision",
        value: { matchId, decisionId: prompt.decisionId, optionIds },
      });
      if (this.prompt.value === prompt) this.prompt.value = null;
    } catch (error) {
      if (error instanceof RequestError && error.code === ErrorCode.SUPERSEDED) {
        this.superseded.value = true;
      } else if (error instanceof RequestError && error.code === ErrorCode.STALE_DECISION) {
        this.prompt.value = null; // the next prompt is on its way
        this.requestSnapshot();
      } else {
        this.refusal.value = error instanceof Error ? error.message : String(error);
      }
    } finally {
      this.answering.value = false;
    }
  }

  // Answers `prompt` without showing it when the player's setting says so (autoAnswer); true if
  // it is being (or was) answered that way. Should the server refuse, the decision is shown.
  private answerForPlayer(prompt: DecisionPrompt): boolean {
    if (!this.autoAnswer) return false;
    if (prompt.decisionId === this.autoDecision) return true; // answered already: a re-sent copy
    const option = this.autoAnswer(prompt);
    const matchId = this.matchId.value;
    if (option === null || matchId === null || !this.connection) return false;
    this.autoDecision = prompt.decisionId;
    if (this.prompt.value?.decisionId === prompt.decisionId) this.prompt.value = null;
    const count = (this.autoAnswered.value?.count ?? 0) + 1;
    this.autoAnswered.value = { title: prompt.title, count };
    this.connection
      .request({ case: "submitDecision", value: { matchId, decisionId: prompt.decisionId, optionIds: [option] } })
      .catch((error) => {
        if (this.matchId.value !== matchId) return;
        if (error instanceof RequestError && error.code === ErrorCode.STALE_DECISION) return;
        if (error instanceof RequestError && error.code === ErrorCode.SUPERSEDED) {
          this.superseded.value = true;
          return;
        }
        if (!(error instanceof RequestError)) {
          // The link dropped: the decision comes again on resuming, to be answered then.
          if (this.autoDecision === prompt.decisionId) this.autoDecision = null;
          return;
        }
        // Refused: the player decides after all.
        this.prompt.value = prompt;
        this.refusal.value = error.message;
      });
    return true;
  }

  // Debug panel: answers the open decision with an option it does not offer, so the server's
  // refusal can be seen (and tested) end to end.
  async answerNotOffered(): Promise<void> {
    const prompt = this.prompt.value;
    if (!prompt) return;
    const offered = new Set(prompt.options.map((option) => option.id));
    let bogus = 0xfffffn;
    while (offered.has(bogus)) bogus += 1n;
    await this.choose([bogus]); // refused: the prompt stays open, with the server's words
  }

  // The stream position and the raw objects, for the debug panel.
  debugState() {
    return { lastSeq: this.lastSeq, snapshot: this.snapshot.value, prompt: this.prompt.value };
  }

  async concede(): Promise<void> {
    const matchId = this.matchId.value;
    if (matchId === null || !this.connection) return;
    await this.connection.request({ case: "concede", value: { matchId } });
  }

  async say(text: string): Promise<void> {
    const matchId = this.matchId.value;
    if (matchId === null || !this.connection) return;
    await this.connection.request({ case: "sendChat", value: { matchId, text } });
  }

  // Each seat's clock at `now` (this browser's ms), counted from the last reading; null in an
  // untimed match. Players and spectators alike see who is away and the grace left to them.
  clockAt(now: number): SeatClockNow[] | null {
    const clock = this.clock.value;
    if (!clock) return null;
    const over = !!this.info.value?.result;
    // A finished match's clocks stand as they were when the result came.
    const until = over ? this.resultAt || this.clockReceivedAt.value : now;
    return clockNow(clock, until - this.clockReceivedAt.value, over);
  }

  // The seat this viewer plays, or undefined for a spectator.
  seat(): number | undefined {
    const snapshot = this.snapshot.value;
    return snapshot?.role === ViewerRole.PLAYER ? snapshot.seat : undefined;
  }

  event(event: Event): void {
    if (event.matchId !== this.matchId.value) return;
    if (this.promptsTimer !== undefined && event.body.case !== "prompt" && event.body.case !== "snapshot")
      this.dropUnconfirmedPrompt();
    switch (event.body.case) {
      case "snapshot":
        this.snapshot.value = event.body.value;
        this.judgedAsOf.value = event.asOfMs;
        this.lastSeq = event.seq;
        this.expectPrompts();
        break;
      case "gameEvent":
        if (event.seq <= this.lastSeq) break; // already in the snapshot on screen
        if (event.seq !== this.lastSeq + 1n) {
          this.requestSnapshot(); // a gap: start again from a fresh view
          break;
        }
        this.lastSeq = event.seq;
        this.log.value = [
          ...this.log.value,
          { seq: event.seq, text: event.body.value.text, event: event.body.value },
        ].slice(-kLogLines);
        // Played only once a table is on screen: the game so far, which a viewer who comes late
        // gets before any snapshot, is only logged.
        if (this.snapshot.value && event.body.value.body.case === "stccg")
          this.sequence.feed({ seq: event.seq, text: event.body.value.text, event: event.body.value.body.value });
        this.recent.value = [...this.recent.value, event.body.value].slice(-kRecentEvents);
        this.scheduleRefresh();
        break;
      case "prompt":
        if (event.body.value.seat === this.seat()) {
          this.promptsChecked();
          if (this.answerForPlayer(event.body.value)) break;
          if (this.prompt.value?.decisionId !== event.body.value.decisionId) this.refusal.value = null;
          this.offer(event.body.value);
        }
        break;
      case "matchUpdate":
        this.info.value = event.body.value;
        // A finished match asks nothing more: the decision on screen goes with the result, not
        // a refresh later (a concession ends the game with the conceder's decision open).
        if (event.body.value.result) {
          this.prompt.value = null;
          this.waiting.value = null;
          this.resultAt ||= Date.now();
        }
        break;
      case "clock":
        this.clock.value = event.body.value;
        this.clockReceivedAt.value = Date.now();
        break;
      case "chat":
        this.chat.value = [...this.chat.value, event.body.value].slice(-kLogLines);
        break;
      case "seatMoved":
        this.superseded.value = true;
        this.prompt.value = null;
        this.waiting.value = null;
        break;
    }
  }

  // A snapshot is followed at once by the decisions still open. The one on screen stays until
  // they say otherwise (clearing it at the snapshot made the panel blink on every refresh, and
  // lost a click or the keyboard focus); if none follows, it was closed meanwhile.
  private expectPrompts(): void {
    clearTimeout(this.promptsTimer);
    this.promptsTimer = setTimeout(() => this.dropUnconfirmedPrompt(), kPromptsFollowMs);
  }

  private promptsChecked(): void {
    clearTimeout(this.promptsTimer);
    this.promptsTimer = undefined;
  }

  private dropUnconfirmedPrompt(): void {
    this.promptsChecked();
    this.prompt.value = null;
    this.waiting.value = null;
  }

  // Opens a decision, or holds it while the table is still showing what came before it.
  private offer(prompt: DecisionPrompt): void {
    if (this.sequence.holds()) {
      this.prompt.value = null;
      this.waiting.value = prompt;
    } else {
      this.prompt.value = prompt;
    }
  }

  // Everything has been shown: the decision held back opens.
  private openWaiting(): void {
    if (!this.waiting.value) return;
    this.prompt.value = this.waiting.value;
    this.waiting.value = null;
  }

  private reset(matchId: bigint | null): void {
    clearTimeout(this.refreshTimer);
    this.promptsChecked();
    this.matchId.value = matchId;
    this.info.value = null;
    this.snapshot.value = null;
    this.judgedAsOf.value = 0n;
    this.log.value = [];
    this.recent.value = [];
    this.chat.value = [];
    this.prompt.value = null;
    this.waiting.value = null;
    this.sequence.reset();
    this.clock.value = null;
    this.refusal.value = null;
    this.superseded.value = false;
    this.autoAnswered.value = null;
    this.autoDecision = null;
    this.lastSeq = 0n;
    this.resultAt = 0;
    this.spectating = false;
    this.judging = false;
    this.inviteCode = "";
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.requestSnapshot(), kRefreshAfterMs);
  }

  private requestSnapshot(): void {
    const matchId = this.matchId.value;
    if (matchId === null || !this.connection) return;
    this.connection.request({ case: "getSnapshot", value: { matchId } }).catch(() => {});
  }
}
