// The cards a line of the server's words names, found by their titles so that each can be a link
// to the preview: the refs the event carries, and the missions at the locations it names.
import type { GameEvent } from "../../../../gen/spacedock/v1/game_pb.js";
import {
  StccgZone,
  type StccgCardRef,
  type StccgGameEvent,
  type StccgPlace,
  type StccgView,
} from "../../../../gen/spacedock/v1/stccg_pb.js";

// A piece of a line: words, or a card named by its title.
export type Part = string | { card: StccgCardRef; text: string };

// The mission ref at each spaceline index, as the view has them.
export type Missions = readonly (StccgCardRef | undefined)[];

export function eventRefs(event: StccgGameEvent, missions: Missions = []): StccgCardRef[] {
  const refs: (StccgCardRef | undefined)[] = [];
  const at = (location: number | undefined) => location !== undefined && refs.push(missions[location]);
  const place = (p: StccgPlace | undefined) => {
    refs.push(p?.host);
    if (p && p.zone !== StccgZone.RESOLVING) at(p.location);
  };
  const body = event.body;
  switch (body.case) {
    case "cardMoved":
      refs.push(body.value.card);
      place(body.value.from);
      place(body.value.to);
      break;
    case "shipMoved":
      refs.push(body.value.ship);
      at(body.value.from);
      at(body.value.to);
      break;
    case "attemptStarted":
      refs.push(body.value.vessel);
      at(body.value.location);
      break;
    case "attemptEnded":
    case "battleEnded":
      at(body.value.location);
      break;
    case "battleStarted":
      refs.push(body.value.target);
      at(body.value.location);
      break;
    case "scored":
      refs.push(body.value.source);
      break;
    case "fired":
      refs.push(body.value.target);
      break;
    case "dilemmaResolved":
    case "stopped":
    case "revealed":
    case "nullified":
    case "damaged":
    case "captured":
    case "rescued":
    case "commandeered":
      refs.push(body.value.card);
      break;
    case "stepStarted":
    case "passed":
    case "shuffled":
    case "gameEnded":
    case undefined:
      break;
  }
  return refs.filter((r): r is StccgCardRef => !!r && r.title !== "");
}

// The refs of a game event of any game (only STCCG's name cards).
export function gameEventRefs(event: GameEvent | undefined, missions: Missions = []): StccgCardRef[] {
  return event?.body.case === "stccg" ? eventRefs(event.body.value, missions) : [];
}

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

// `text` cut where it names one of `refs` by title: the longest title wins where two start at
// the same place, and a title inside a longer word is not a name ("Data" in "Database").
export function linkCards(text: string, refs: readonly StccgCardRef[]): Part[] {
  const byLength = [...refs].filter((r) => r.title).sort((a, b) => b.title.length - a.title.length);
  const parts: Part[] = [];
  let plain = "";
  for (let i = 0; i < text.length;) {
    const found = byLength.find(
      (r) => text.startsWith(r.title, i) && !isWordChar(text[i - 1]) && !isWordChar(text[i + r.title.length]),
    );
    if (!found) {
      plain += text[i++];
      continue;
    }
    if (plain) parts.push(plain);
    plain = "";
    parts.push({ card: found, text: found.title });
    i += found.title.length;
  }
  if (plain) parts.push(plain);
  return parts;
}

// The missions of a view by spaceline index.
export function missionsOf(view: StccgView): Missions {
  const missions: (StccgCardRef | undefined)[] = [];
  for (const loc of view.spaceline) missions[loc.index] = loc.mission;
  return missions;
}
