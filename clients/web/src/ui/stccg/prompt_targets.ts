// Where on the table each option of the open prompt can be clicked. Pure: the server decides what
// is legal; this only sorts its options by the cards and locations they name.
import type { DecisionPrompt, Option } from "../../../gen/spacedock/v1/game_pb.js";
import { StccgActionKind as K, type StccgAction } from "../../../gen/spacedock/v1/stccg_pb.js";

export interface PromptTargets {
  // Options by card handle: the card acted with and the card aimed at both offer the option.
  byCard: Map<number, Option[]>;
  // Options by spaceline index, for actions whose location is where something goes or happens.
  byLocation: Map<number, Option[]>;
  // Seeding a mission at either end of the spaceline (StccgAction.location 0 or 1 is an end,
  // not an index, unless the mission joins the opponent's copy).
  leftEnd: Option[];
  rightEnd: Option[];
  // Options with no place on the table: pass, end turn, yes/no, done, a face-down card...
  other: Option[];
}

// Kinds whose `location` is a destination or the mission concerned (for TRANSFER and BATTLE it
// only says where the cards already are, so clicking the location would add nothing).
const kLocationKinds = new Set<K>([
  K.STCCG_ACTION_SEED_UNDER,
  K.STCCG_ACTION_SEED_FACILITY,
  K.STCCG_ACTION_BUILD,
  K.STCCG_ACTION_MOVE,
  K.STCCG_ACTION_ATTEMPT,
]);

export function emptyTargets(): PromptTargets {
  return { byCard: new Map(), byLocation: new Map(), leftEnd: [], rightEnd: [], other: [] };
}

// `visible`: the handles of the cards drawn on the table. An option naming only handles that are
// not there (a stand-in number for a hidden card) goes to `other`, so that it stays reachable.
// `locations`: the length of the spaceline.
export function promptTargets(
  prompt: DecisionPrompt | null,
  visible: ReadonlySet<number>,
  locations: number,
): PromptTargets {
  const out = emptyTargets();
  if (!prompt) return out;
  const add = <T>(map: Map<T, Option[]>, key: T, option: Option) => {
    const list = map.get(key);
    if (!list) map.set(key, [option]);
    else if (!list.includes(option)) list.push(option);
  };
  for (const option of prompt.options) {
    if (option.detail.case !== "stccg") {
      out.other.push(option);
      continue;
    }
    const action: StccgAction = option.detail.value;
    let placed = false;
    for (const handle of [action.card, action.target]) {
      if (handle !== 0 && visible.has(handle)) {
        add(out.byCard, handle, option);
        placed = true;
      }
    }
    const at = action.location;
    if (action.kind === K.STCCG_ACTION_SEED_MISSION) {
      if (action.target !== 0 && at !== undefined && at < locations) {
        add(out.byLocation, at, option); // joins the opponent's copy there
        placed = true;
      } else if (action.target === 0) {
        // With an empty spaceline the only place is "start it": shown as the left end.
        (at === 1 ? out.rightEnd : out.leftEnd).push(option);
        placed = true;
      }
    } else if (kLocationKinds.has(action.kind) && at !== undefined && at < locations) {
      add(out.byLocation, at, option);
      placed = true;
    }
    if (!placed) out.other.push(option);
  }
  return out;
}

// The options of several places at once (a mission card is both its handle and its location),
// each once, in the order given.
export function unionOptions(...lists: (Option[] | undefined)[]): Option[] {
  const seen = new Set<bigint>();
  const out: Option[] = [];
  for (const list of lists) {
    for (const option of list ?? []) {
      if (seen.has(option.id)) continue;
      seen.add(option.id);
      out.push(option);
    }
  }
  return out;
}

// "1 choice", "3 choices": for accessible names and badges.
export function choicesWords(count: number): string {
  return count === 1 ? "1 choice" : `${count} choices`;
}
