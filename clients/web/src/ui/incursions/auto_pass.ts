// The player's setting "auto-pass response windows when I hold no Play-any-time card" (on by
// default, kept in this browser): a RESPOND decision whose options play no card is answered
// ACCEPT (pass) for them, without showing it. It looks only at the options the server offered
// this player, which are what the player would see anyway; nothing else (not the view, not the
// other hands) goes into it. An option this client does not know keeps the decision for the
// player, and so does every other step (DEFEND, ESCAPE, BLOCK_EVENT...), whatever its options.
import { signal } from "@preact/signals";
import type { DecisionPrompt } from "../../../gen/spacedock/v1/game_pb.js";
import { IncursionsActionKind as Kind, IncursionsStep } from "../../../gen/spacedock/v1/incursions_pb.js";
import { actionOf } from "./prompt_targets.js";

const kStorageKey = "spacedock.incursions.autoPass";

// Kinds a response window may offer that passing gives up without a card: the pass itself, and
// AUX power (§5.5), which the player can still use on their own turn.
const kPassable = new Set([Kind.ACCEPT, Kind.USE_AUX]);

// The option to send for the player, or null when the decision is theirs to make: not a response
// window, the setting off, a card offered, or an option this client cannot read.
export function autoPassOption(prompt: DecisionPrompt | null, enabled: boolean): bigint | null {
  if (!enabled || !prompt) return null;
  if (prompt.context.case !== "incursions" || prompt.context.value.step !== IncursionsStep.RESPOND) return null;
  let accept: bigint | null = null;
  for (const option of prompt.options) {
    const kind = actionOf(option)?.kind;
    if (kind === undefined || !kPassable.has(kind)) return null; // PLAY_CARD, or something new
    if (kind === Kind.ACCEPT && accept === null) accept = option.id;
  }
  return accept;
}

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(kStorageKey) !== "off";
  } catch {
    return true;
  }
}

// The setting, read once from this browser's storage.
export const autoPass = signal(stored());

export function setAutoPass(on: boolean): void {
  autoPass.value = on;
  try {
    globalThis.localStorage?.setItem(kStorageKey, on ? "on" : "off");
  } catch {
    // A browser that keeps nothing: the setting lasts for this page.
  }
}
