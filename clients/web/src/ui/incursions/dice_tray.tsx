// The dice as they are rolled and the damage they do, newest first: the view shows only where
// the game stands, so a roll would otherwise be seen only as a line of the log. A roll the server
// makes for a denizen is labelled with the denizen's name (a placed object's with its owner's:
// "alice's Weapons Platform").
import {
  DiceRollPurpose,
  type DiceRolled,
  type IncursionsEvent,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import type { GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import { denizenNames } from "./denizen_words.js";
import { seatName } from "./words.js";
import "./dice_tray.css";

// Words for the purposes this client knows; one it does not (a newer server's) is named from
// the enum ("DENIZEN_EVASION": "denizen evasion").
const kPurposes: Partial<Record<DiceRollPurpose, string>> = {
  [DiceRollPurpose.UNSPECIFIED]: "roll",
  [DiceRollPurpose.INITIATIVE]: "initiative",
  [DiceRollPurpose.DAMAGE]: "damage",
  [DiceRollPurpose.EVASION]: "evasion",
  [DiceRollPurpose.WORMHOLE]: "wormhole",
  [DiceRollPurpose.ROLL_OFF]: "roll-off",
  [DiceRollPurpose.ESPIONAGE]: "espionage",
  [DiceRollPurpose.EVENT]: "hex event damage",
  [DiceRollPurpose.ESCAPE]: "escape",
  [DiceRollPurpose.DENIZEN_EVASION]: "evasion",
  [DiceRollPurpose.TABLE]: "hex table",
};

export const purposeWord = (purpose: DiceRollPurpose): string =>
  kPurposes[purpose] ?? DiceRollPurpose[purpose]?.toLowerCase().replace(/_/g, " ") ?? "roll";

// How many rolls and hits the tray keeps.
const kShown = 3;

// The latest dice rolls and hits among `events`, newest first.
export function latestDiceAndDamage(events: GameEvent[], count = kShown): IncursionsEvent[] {
  return events
    .map((event) => (event.body.case === "incursions" ? event.body.value : undefined))
    .filter((body): body is IncursionsEvent => !!body)
    .filter((body) => body.body.case === "diceRolled" || body.body.case === "damageApplied")
    .slice(-count)
    .reverse();
}

// Whom a roll is for: the denizen's name when the server rolled for one (`denizens`: names by
// id), else the player's (`names` by seat, else "Player N").
export function rollOwner(
  roll: Pick<DiceRolled, "seat" | "denizen">,
  names: readonly string[],
  denizens: ReadonlyMap<number, string>,
): string {
  if (roll.denizen !== undefined) return denizens.get(roll.denizen) ?? "A denizen";
  return seatName(roll.seat, undefined, names);
}

export function DiceTray({ events, names, view }: { events: GameEvent[]; names: string[]; view?: IncursionsView }) {
  // The tray names every seat by name, the viewer's too.
  const who = (seat: number) => seatName(seat, undefined, names);
  const happenings = latestDiceAndDamage(events);
  if (happenings.length === 0) return null;
  const denizens = denizenNames(view, events, names);
  return (
    <section class="dice-tray" aria-label="Latest dice and damage">
      {happenings.map((happening, index) => {
        const body = happening.body;
        if (body.case === "diceRolled") {
          const roll = body.value;
          return (
            <div class={`dice-roll${index === 0 ? " latest" : ""}${roll.denizen !== undefined ? " for-denizen" : ""}`}>
              <span class="dice-who">
                {rollOwner(roll, names, denizens)}: {purposeWord(roll.purpose)}
              </span>
              {roll.dice.map((die) => (
                <span class="die" aria-label={`a ${die}`}>
                  {die}
                </span>
              ))}
              {roll.modifier !== 0 && (
                <span class="dice-flat">{roll.modifier > 0 ? `+${roll.modifier}` : roll.modifier}</span>
              )}
              <span class="dice-total">= {roll.total}</span>
            </div>
          );
        }
        if (body.case === "damageApplied") {
          const hit = body.value;
          return (
            <div class={`dice-damage${index === 0 ? " latest" : ""}`}>
              {who(hit.seat)} takes {hit.damage}: shields −{hit.shieldsLost}, hull −{hit.hullLost}
              {hit.absorbed > 0 ? ` (${hit.absorbed} absorbed)` : ""} → shields {hit.shields}, hull {hit.hull}
            </div>
          );
        }
        return null;
      })}
    </section>
  );
}
