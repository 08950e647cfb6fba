// One seat's board: its ship, Hull and Shields as bars with numbers, the four Warp Power cards,
// the AUX marker and what the vessel is doing (cloak, sweep, tractor beam), or its elimination.
import type { IncursionsVessel, IncursionsView, IncursionsWeapon } from "../../../gen/spacedock/v1/incursions_pb.js";
import { IncursionsPhase } from "../../../gen/spacedock/v1/incursions_pb.js";
import { axial } from "./hex.js";
import { powerCards, powerWords } from "./power.js";
import { seatClass } from "./seat_colour.js";
import { capitalise, coordText, dice, ownerName, raceName, seatName } from "./words.js";

export interface PlayerBoardProps {
  vessel: IncursionsVessel;
  view: IncursionsView;
  me: number | undefined;
  name?: string;  // the player's name, when known
}

export function PlayerBoard({ vessel, view, me, name }: PlayerBoardProps) {
  const ship = vessel.ship;
  const mine = vessel.seat === me;
  const active = view.phase === IncursionsPhase.TURN && view.activeSeat === vessel.seat;
  const won = view.winners.includes(vessel.seat);
  const who = mine ? "You" : (name ?? capitalise(seatName(vessel.seat, me)));
  const classes = ["inc-board", seatClass(vessel.seat)];
  if (mine) classes.push("is-mine");
  if (active) classes.push("is-active");
  if (vessel.eliminated) classes.push("is-out");
  return (
    <section class={classes.join(" ")} aria-label={`${who}: ${ship?.name ?? "ship"}`}>
      <header class="inc-board-head">
        <span class="inc-swatch" aria-hidden="true">
          {vessel.seat + 1}
        </span>
        <span class="inc-board-who">{mine ? `You (Player ${vessel.seat + 1})` : who}</span>
        {active && <span class="inc-tag turn">Turn</span>}
        {won && <span class="inc-tag won">Winner</span>}
        {vessel.eliminated && <span class="inc-tag out">Eliminated</span>}
      </header>
      <p class="inc-ship">
        {ship?.name ?? "?"}
        <span class="muted"> · {raceName(ship?.race ?? 0)}</span>
        {!vessel.eliminated && <span class="muted"> · at {coordText(axial(vessel.position))}</span>}
      </p>
      <Bar label="Hull" value={vessel.hull} max={ship?.hull ?? 0} kind="hull" />
      <Bar label="Shields" value={vessel.shields} max={ship?.shields ?? 0} kind="shields" />
      <Power vessel={vessel} />
      <Status vessel={vessel} view={view} me={me} />
      <details class="inc-figures" open={mine}>
        <summary>Ship figures</summary>
        <ul>
          <Weapon slot="W1" weapon={ship?.w1} />
          <Weapon slot="W2" weapon={ship?.w2} />
          <Weapon slot="W3" weapon={ship?.w3} />
        </ul>
        <p class="small muted">
          Evasion {ship?.evasion ?? 0} · Drive {ship?.drive ?? 0} · shields absorb {ship?.shieldAbsorb ?? 0} per Pwr
          {ship?.cloakCost ? ` · cloak ${ship.cloakCost} Pwr` : " · no cloak"}
          {ship?.repairBonus ? ` · repair +${ship.repairBonus}` : ""}
        </p>
      </details>
    </section>
  );
}

function Bar(props: { label: string; value: number; max: number; kind: "hull" | "shields" }) {
  const share = props.max > 0 ? Math.max(0, Math.min(1, props.value / props.max)) : 0;
  const low = share <= 0.25;
  return (
    <div class={`inc-bar ${props.kind}${low ? " low" : ""}`} role="img" aria-label={`${props.label} ${props.value} of ${props.max}`}>
      <span class="inc-bar-label">{props.label}</span>
      <span class="inc-bar-track">
        <span class="inc-bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span class="inc-bar-value">
        {props.value}/{props.max}
      </span>
    </div>
  );
}

function Power({ vessel }: { vessel: IncursionsVessel }) {
  const diverted = vessel.power?.diverted ?? 0;
  return (
    <div class="inc-power" role="img" aria-label={powerWords(vessel.power)}>
      {powerCards(vessel.power).map((card) => (
        <span class={`inc-pwr ${card.state}`}>{card.text}</span>
      ))}
      {diverted > 0 && <span class="inc-pwr diverted">+{diverted} DIVERTED</span>}
    </div>
  );
}

function Status({ vessel, view, me }: { vessel: IncursionsVessel; view: IncursionsView; me: number | undefined }) {
  const chips: string[] = [vessel.auxAvailable ? "AUX ready" : "AUX used"];
  if (vessel.cloaked) chips.push("Cloaked");
  if (vessel.sweepActive) chips.push("Tachyon Sweep on");
  if (vessel.tractoringSeat !== undefined)
    chips.push(`Tractor beam on ${seatName(vessel.tractoringSeat, me)} (strength ${vessel.tractorStrength})`);
  for (const holder of view.vessels) {
    if (holder.tractoringSeat === vessel.seat) chips.push(`Held by ${ownerName(holder.seat, me)} tractor beam`);
  }
  return (
    <ul class="inc-chips">
      {chips.map((chip) => (
        <li>{chip}</li>
      ))}
    </ul>
  );
}

function Weapon({ slot, weapon }: { slot: string; weapon: IncursionsWeapon | undefined }) {
  if (!weapon) return null;
  return (
    <li class="small">
      <b>{slot}</b> {weapon.name} {dice(weapon.dice, weapon.flat)}
      <span class="muted"> · range {weapon.range}</span>
    </li>
  );
}
