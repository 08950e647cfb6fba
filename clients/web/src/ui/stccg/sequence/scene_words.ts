// The shown steps of a scene (state/sequence.ts) as the table shows them, in first-edition
// words: each dilemma as a card with what it did and whom it killed, stopped or captured, each
// side's fire with its totals, damage markers as they land. Where the server's line says it
// well, that line is kept; its card titles become links.
import type { StccgCard } from "../../../../gen/spacedock/v1/stccg_cards_pb.js";
import {
  StccgMoveCause,
  StccgOutcome,
  StccgZone,
  type StccgCardMoved,
  type StccgCardRef,
} from "../../../../gen/spacedock/v1/stccg_pb.js";
import { isMarker, sameCard, type Beat, type ShownScene, type Step } from "../../../state/sequence.js";
import { eventRefs, linkCards, type Missions, type Part } from "./card_links.js";

export type Tone = "plain" | "killed" | "stopped" | "captured" | "damage" | "score" | "end";

export interface Line {
  parts: Part[];
  tone: Tone;
}

export type Item =
  | {
      kind: "dilemma";
      key: string;
      card: StccgCardRef;
      outcome?: StccgOutcome;
      // Where it went once resolved: "discarded", "back under the mission".
      went?: Part[];
      lines: Line[];
      newest: boolean;
    }
  | {
      kind: "fire";
      key: string;
      side: string;
      target?: StccgCardRef;
      attack: number;
      defense: number;
      result: string;
      newest: boolean;
    }
  | { kind: "line"; key: string; line: Line; newest: boolean };

export interface SceneView {
  title: Line;
  // The group that attempts, as it was shown to everyone.
  group: StccgCardRef[];
  items: Item[];
  more: boolean;
}

export interface Words {
  // A seat as a noun: "you", "bob"; 255 (no player) is a self-controlling card.
  seat(seat: number): string;
  missions: Missions;
}

export function sceneView(scene: ShownScene, words: Words): SceneView {
  const opener = scene.steps[0].beats.find(
    (b) => b.event.body.case === "attemptStarted" || b.event.body.case === "battleStarted",
  );
  const group = scene.steps[0].beats.flatMap((b) =>
    b !== opener && b.event.body.case === "revealed" && b.event.body.value.card ? [b.event.body.value.card] : [],
  );
  const title = opener ? serverLine(opener, words) : { parts: ["What happened"], tone: "plain" as const };
  const items: Item[] = [];
  let open: Extract<Item, { kind: "dilemma" }> | null = null;
  scene.steps.forEach((step, index) => {
    const newest = index === scene.steps.length - 1;
    const main = step.beats.find((b) => b.event.body.case !== "revealed") ?? step.beats[0];
    const body = main.event.body;
    const key = String(step.beats[0].seq);
    if (main === opener) return;
    if (body.case === "cardMoved" && met(body.value, scene.kind) && body.value.card) {
      open = { kind: "dilemma", key, card: body.value.card, lines: [], newest };
      items.push(open);
      return;
    }
    if (body.case === "dilemmaResolved") {
      const card = body.value.card;
      const known: Extract<Item, { kind: "dilemma" }> | null = open && sameCard(open.card, card) ? open : null;
      const item = known ?? { kind: "dilemma" as const, key, card: card!, lines: [], newest };
      item.outcome = body.value.outcome;
      item.went = wentWords(step.beats.slice(step.beats.indexOf(main) + 1), words);
      item.newest = newest;
      if (!known && card) items.push(item);
      open = null;
      return;
    }
    if (body.case === "fired") {
      const f = body.value;
      items.push({
        kind: "fire",
        key,
        side: words.seat(f.seat),
        target: f.target,
        attack: f.attack,
        defense: f.defense,
        result: fireResult(f.hit, !f.target),
        newest,
      });
      return;
    }
    const line = stepLine(step, main, scene.kind, words);
    if (open) {
      open.lines.push(line);
      open.newest = newest;
    } else {
      items.push({ kind: "line", key, line, newest });
    }
  });
  return { title, group, items, more: scene.more };
}

// A seed card met (from under the mission), or a Q-card met in a Q-Flash; a card drawn from a
// side deck in a battle is a tactic instead.
function met(moved: StccgCardMoved, kind: ShownScene["kind"]): boolean {
  if (moved.to?.zone !== StccgZone.RESOLVING) return false;
  return moved.from?.zone === StccgZone.SEED || (kind === "attempt" && moved.from?.zone === StccgZone.SIDE_DECK);
}

function stepLine(step: Step, main: Beat, kind: ShownScene["kind"], words: Words): Line {
  const body = main.event.body;
  switch (body.case) {
    case "stopped": {
      const stopped = step.beats.flatMap((b) =>
        b.event.body.case === "stopped" && b.event.body.value.card ? [b.event.body.value.card] : [],
      );
      return { parts: [...list(stopped), stopped.length > 1 ? " are stopped" : " is stopped"], tone: "stopped" };
    }
    case "damaged":
      return { parts: [...card(body.value.card), " is damaged: ", hullWords(body.value.hull)], tone: "damage" };
    case "captured":
      return { ...serverLine(main, words), tone: "captured" };
    case "scored":
      return { ...serverLine(main, words), tone: "score" };
    case "attemptEnded":
    case "battleEnded":
      return { ...serverLine(main, words), tone: "end" };
    case "revealed":
      return {
        parts: joinParts(
          step.beats.map((b) => serverLine(b, words).parts),
          "; ",
        ),
        tone: "plain",
      };
    case "cardMoved":
      return movedLine(step, body.value, main, kind, words);
    default:
      return serverLine(main, words);
  }
}

function movedLine(step: Step, moved: StccgCardMoved, main: Beat, kind: ShownScene["kind"], words: Words): Line {
  const gone = step.beats.flatMap((b) =>
    b !== main &&
    b.event.body.case === "cardMoved" &&
    b.event.body.value.cause === StccgMoveCause.WITH_HOST &&
    b.event.body.value.card
      ? [b.event.body.value.card]
      : [],
  );
  const withIt: Part[] = gone.length ? [", with ", ...list(gone)] : [];
  if (moved.cause === StccgMoveCause.KILLED)
    return { parts: [...card(moved.card), " is killed", ...withIt], tone: "killed" };
  if (moved.cause === StccgMoveCause.DESTROYED)
    return { parts: [...card(moved.card), " is destroyed", ...withIt], tone: "killed" };
  if (isMarker(moved)) {
    const markers = step.beats.flatMap((b) =>
      b.event.body.case === "cardMoved" && isMarker(b.event.body.value) ? [b.event.body.value.card!] : [],
    );
    const damaged = step.beats.find((b) => b.event.body.case === "damaged")?.event.body.value as
      { hull: number } | undefined;
    const count = markers.length === 1 ? "A damage marker lands" : `${markers.length} damage markers land`;
    const parts: Part[] = [`${count} on `, ...card(moved.to?.host), " (", ...list(markers), ")"];
    if (damaged) parts.push(": ", hullWords(damaged.hull));
    return { parts, tone: "damage" };
  }
  if (kind === "battle" && moved.from?.zone === StccgZone.SIDE_DECK && moved.to?.zone === StccgZone.RESOLVING) {
    const drawn: Part[] = moved.card?.title ? [": ", ...card(moved.card)] : [];
    return { parts: [`Tactic drawn by ${words.seat(moved.card?.owner ?? 255)}`, ...drawn], tone: "plain" };
  }
  const line = serverLine(main, words);
  return { ...line, parts: [...line.parts, ...withIt] };
}

// Where a resolved dilemma went, from the moves that followed its resolution.
function wentWords(after: Beat[], words: Words): Part[] | undefined {
  const moved = after.find((b) => b.event.body.case === "cardMoved")?.event.body.value as StccgCardMoved | undefined;
  switch (moved?.to?.zone) {
    case undefined:
      return undefined;
    case StccgZone.DISCARD:
      return ["discarded"];
    case StccgZone.SEED:
      return ["back under the mission"];
    case StccgZone.BONUS:
      return [`to ${words.seat(moved.to.controller)} as bonus points`];
    case StccgZone.OUT_OF_PLAY:
      return ["out of play"];
    case StccgZone.PLAY:
      return moved.to.host?.title ? ["placed on ", ...card(moved.to.host)] : ["stays in play"];
    default:
      return undefined;
  }
}

// A dilemma's outcome in first-edition words, and whether it went the group's way.
export function outcomeWords(outcome: StccgOutcome | undefined): { text: string; good: boolean } | undefined {
  switch (outcome) {
    case StccgOutcome.OVERCOME:
      return { text: "Overcome", good: true };
    case StccgOutcome.FAILED:
      return { text: "Not overcome", good: false };
    case StccgOutcome.APPLIED:
      return { text: "Takes effect", good: false };
    case StccgOutcome.NO_TRIGGER:
      return { text: "No effect: nothing triggers it", good: true };
    case StccgOutcome.NO_SHIP:
      return { text: "No effect without a ship", good: true };
    case StccgOutcome.DUPLICATE:
      return { text: "A duplicate: discarded", good: true };
    case StccgOutcome.CURED:
      return { text: "Cured", good: true };
    case StccgOutcome.ARTIFACT_FOUND:
      return { text: "Artifact found", good: true };
    case StccgOutcome.Q_FLASH_IGNORED:
      return { text: "No Q-Continuum to face: discarded", good: true };
    case StccgOutcome.MISSEED:
      return { text: "Misseeded: out of play", good: true };
    case StccgOutcome.CANCELLED:
      return { text: "Discarded unresolved", good: true };
    default:
      return undefined;
  }
}

// What the card data says of a dilemma: our one-line summary, and what it needs.
export function dilemmaFacts(card: StccgCard | undefined): { summary: string; needs: string } {
  const details = card?.details;
  const needs = details?.case === "dilemma" ? details.value.condition : "";
  return { summary: card?.summary ?? "", needs };
}

// `hit`: ship battles 0 a miss, 1 a hit, 2 a direct hit; personnel battles 1 if this side won.
function fireResult(hit: number, personnel: boolean): string {
  if (personnel) return hit ? "wins" : "";
  return ["a miss", "a hit", "a direct hit"][hit] ?? "a hit";
}

function hullWords(hull: number): string {
  return hull > 0 ? `HULL ${hull}%` : "HULL 0%: it is destroyed";
}

function serverLine(beat: Beat, words: Words): Line {
  return { parts: linkCards(beat.text, eventRefs(beat.event, words.missions)), tone: "plain" };
}

function card(ref: StccgCardRef | undefined): Part[] {
  if (!ref) return ["a card"];
  return ref.title ? [{ card: ref, text: ref.title }] : ["a face-down card"];
}

// "A", "A and B", "A, B and C".
function list(refs: StccgCardRef[]): Part[] {
  return joinParts(refs.map(card), ", ", " and ");
}

function joinParts(groups: Part[][], between: string, last = between): Part[] {
  return groups.flatMap((g, i) => (i === 0 ? g : [i === groups.length - 1 ? last : between, ...g]));
}
