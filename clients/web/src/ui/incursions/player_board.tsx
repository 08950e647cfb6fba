// One seat's board: its ship, Hull and Shields as bars with numbers, the four Warp Power cards,
// the AUX marker and what the vessel is doing (cloak, sweep, tractor beam) or what its hex does
// to it (a shield layer, Pwr out of play, free hexes, an escape roll to leave), or its elimination
// (and how, when the events said: destroyed, conceded, out of time, forfeited); with captains and crew, its officers (lit when the prompt aims at one: a click chooses, or
// opens a menu of the options), its figures as the server computed them, and its discard pile;
// in the full game its cards in hand and in the deck, the game cards tabled in front of it (a
// Shuttle craft tabled as armour with its LP left, a Sabotage with the weapon it locks, equipment
// turned face down greyed and marked out of action), the objects its cards placed in hexes that
// still stand (a Weapons Platform, an Outpost: where, and their LP), for the active player the
// cards attached to their next maneuver, and an "escaped" mark on a vessel that is now a craft
// (§11.4).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import type {
  IncursionsShip,
  IncursionsVessel,
  IncursionsView,
  IncursionsWeapon,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { IncursionsMode, IncursionsPhase } from "../../../gen/spacedock/v1/incursions_pb.js";
import { armourWords, cardCounts, cardFace, isCraft, kFaceDownWords, lockWords, tabledWords } from "./card_words.js";
import { denizenLine, placedObjects, placedObjectWords } from "./denizen_words.js";
import { axial } from "./hex.js";
import { leavingTag, leavingWords, type Leaving } from "./leaving_words.js";
import { discardWords, figureLines, officerLines, type OfficerLine } from "./officer_words.js";
import { OptionMenu, type MenuState } from "./option_menu.js";
import { powerCards, powerWords } from "./power.js";
import type { PromptTargets } from "./prompt_targets.js";
import { seatClass } from "./seat_colour.js";
import { coordText, dice, raceName, seatLabel, shieldsMax, statusChips } from "./words.js";

export interface PlayerBoardProps {
  vessel: IncursionsVessel;
  view: IncursionsView;
  me: number | undefined;
  name?: string; // the player's name, when known
  names?: readonly string[]; // every player's name by seat, when known
  targets?: PromptTargets; // the open prompt's targets (officers lit on the board)
  choose?: (optionId: bigint) => void;
  crafts?: readonly IncursionsShip[]; // the content's crafts, once the listing has arrived
  left?: Leaving; // how the player left the game, when the events said
}

export function PlayerBoard({ vessel, view, me, name, names, targets, choose, crafts, left }: PlayerBoardProps) {
  const ship = vessel.ship;
  const craft = isCraft(ship, crafts);
  const mine = vessel.seat === me;
  const active = view.phase === IncursionsPhase.TURN && view.activeSeat === vessel.seat;
  const won = view.winners.includes(vessel.seat);
  const who = mine ? "You" : name || seatLabel(vessel.seat, me, names);
  const classes = ["inc-board", seatClass(vessel.seat)];
  if (mine) classes.push("is-mine");
  if (active) classes.push("is-active");
  if (vessel.eliminated) classes.push("is-out");
  const mode = view.options?.mode ?? IncursionsMode.BASIC;
  const crew = (mode !== IncursionsMode.BASIC && mode !== IncursionsMode.UNSPECIFIED) || vessel.officers.length > 0;
  const full = mode === IncursionsMode.FULL;
  return (
    <section class={classes.join(" ")} aria-label={`${who}: ${ship?.name ?? "ship"}`}>
      <header class="inc-board-head">
        <span class="inc-swatch" aria-hidden="true">
          {vessel.seat + 1}
        </span>
        <span class="inc-board-who">{mine ? `You (Player ${vessel.seat + 1})` : who}</span>
        {active && <span class="inc-tag turn">Turn</span>}
        {won && <span class="inc-tag won">Winner</span>}
        {vessel.eliminated && (
          <span class="inc-tag out" title={left && leavingWords(vessel.seat, left, me, name)}>
            {leavingTag(left)}
          </span>
        )}
      </header>
      <p class="inc-ship">
        {ship?.name ?? "?"}
        {craft && (
          <>
            {" "}
            <span class="inc-tag escaped" title="The ship was destroyed: this player escaped in a craft">
              escaped
            </span>
          </>
        )}
        <span class="muted"> · {raceName(ship?.race ?? 0)}</span>
        {!vessel.eliminated && <span class="muted"> · at {coordText(axial(vessel.position))}</span>}
      </p>
      <Bar label="Hull" value={vessel.hull} max={ship?.hull ?? 0} kind="hull" />
      <Bar
        label="Shields"
        value={vessel.shields}
        max={shieldsMax(vessel) ?? 0}
        kind="shields"
        extra={vessel.shieldLayer}
      />
      <Power vessel={vessel} />
      <Status vessel={vessel} view={view} me={me} names={names} />
      {crew && (
        <>
          <Officers vessel={vessel} me={me} names={names} targets={targets} choose={choose} />
          <Figures vessel={vessel} />
          {full && <GameCards vessel={vessel} view={view} me={me} names={names} active={active} crafts={crafts} />}
          {vessel.discard.length > 0 && <p class="inc-discard small muted">{discardWords(vessel.discard)}</p>}
        </>
      )}
      <details class="inc-figures" open={mine && !crew}>
        <summary>Ship card</summary>
        <ul>
          <Weapon slot="W1" weapon={ship?.w1} />
          <Weapon slot="W2" weapon={ship?.w2} />
          <Weapon slot="W3" weapon={ship?.w3} />
          {craft && !ship?.w2 && !ship?.w3 && (
            <li class="small muted">No W2 or W3: a craft carries no torpedoes or mines</li>
          )}
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

// `extra`: a hex's temporary shield layer over the shields (§9.5), shown after the value.
function Bar(props: { label: string; value: number; max: number; kind: "hull" | "shields"; extra?: number }) {
  const share = props.max > 0 ? Math.max(0, Math.min(1, props.value / props.max)) : 0;
  const low = share <= 0.25;
  const extra = props.extra ?? 0;
  const words = `${props.label} ${props.value} of ${props.max}${extra > 0 ? `, plus a shield layer of ${extra}` : ""}`;
  return (
    <div
      class={`inc-bar ${props.kind}${low ? " low" : ""}${extra > 0 ? " has-layer" : ""}`}
      role="img"
      aria-label={words}
      title={words}
    >
      <span class="inc-bar-label">{props.label}</span>
      <span class="inc-bar-track">
        <span class="inc-bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span class="inc-bar-value">
        {props.value}/{props.max}
        {extra > 0 && <span class="inc-bar-layer">+{extra}</span>}
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

function Status(props: {
  vessel: IncursionsVessel;
  view: IncursionsView;
  me: number | undefined;
  names?: readonly string[];
}) {
  return (
    <ul class="inc-chips">
      {statusChips(props.vessel, props.view, props.me, props.names).map((chip) => (
        // What the vessel's hex does to it stands out from the routine chips.
        <li class={chip.kind ? `is-${chip.kind}` : undefined}>{chip.text}</li>
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

// The tabled officers, captain first. One the prompt aims at is a button.
function Officers(props: {
  vessel: IncursionsVessel;
  me: number | undefined;
  names?: readonly string[];
  targets: PromptTargets | undefined;
  choose: ((optionId: bigint) => void) | undefined;
}) {
  const { vessel, me, names, targets, choose } = props;
  const [menu, setMenu] = useState<MenuState | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => setMenu(null), [targets]); // a new prompt closes any menu
  const lines = officerLines(vessel, me, names);
  if (lines.length === 0) return <p class="inc-officers-none small muted">No officers aboard</p>;
  const offer = (line: OfficerLine, options: Option[], anchor: Element) => {
    if (!choose) return;
    if (options.length === 1) return choose(options[0].id);
    const area = wrap.current?.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    if (!area) return;
    setMenu({ title: `${line.place}: ${line.title}`, options, x: 4, y: at.bottom - area.top + 2, anchor });
  };
  return (
    <div class="inc-officers-wrap" ref={wrap}>
      <ul class="inc-officers" aria-label="Officers">
        {lines.map((line) => {
          const options = (line.position && targets?.officers.get(line.key)) || [];
          return (
            <li key={line.key}>
              {options.length > 0 && choose ? (
                <button
                  type="button"
                  class={officerClass(line, true)}
                  data-officer={line.key}
                  aria-label={`${line.label}; ${options.length === 1 ? "1 choice" : `${options.length} choices`}`}
                  title={options.length === 1 ? options[0].label : `${options.length} choices`}
                  onClick={(e) => offer(line, options, e.currentTarget)}
                >
                  <OfficerFace line={line} />
                </button>
              ) : (
                <div class={officerClass(line, false)} data-officer={line.key} title={line.label}>
                  <OfficerFace line={line} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {menu && choose && <OptionMenu menu={menu} choose={choose} close={() => setMenu(null)} />}
    </div>
  );
}

function officerClass(line: OfficerLine, target: boolean): string {
  const classes = ["inc-officer"];
  if (!line.faceUp) classes.push("is-down");
  if (line.assimilated) classes.push("is-assimilated");
  if (target) classes.push("is-target");
  return classes.join(" ");
}

function OfficerFace({ line }: { line: OfficerLine }) {
  return (
    <>
      <span class="inc-officer-place">{line.place}</span>
      <span class="inc-officer-title">{line.title}</span>
      <span class="inc-officer-facts">
        {line.race && <span>{line.race}</span>}
        <span title="Espionage evasion: the 2D6 roll must not exceed it">espionage {line.espionage}</span>
        {line.bonuses && <span>{line.bonuses}</span>}
      </span>
      <span class="inc-officer-tags">
        {!line.faceUp && <span class="inc-tag down">Face down</span>}
        {line.assimilated && <span class="inc-tag assimilated">{line.assimilated}</span>}
      </span>
    </>
  );
}

// The vessel's figures with every officer bonus applied, as the server sent them.
function Figures({ vessel }: { vessel: IncursionsVessel }) {
  const lines = figureLines(vessel.figures);
  if (lines.length === 0) return null;
  return (
    <dl class="inc-crew-figures" aria-label="Figures with officers">
      {lines.map(([label, value]) => (
        <div>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// The full game: the vessel's card counts (public), the game cards tabled in front of it, the
// objects it placed (listed among the denizens, and here with their owner), and, on the active
// player's board, what is attached to their next maneuver (public too).
function GameCards(props: {
  vessel: IncursionsVessel;
  view: IncursionsView;
  me: number | undefined;
  names?: readonly string[];
  active: boolean;
  crafts?: readonly IncursionsShip[];
}) {
  const { vessel, view, me, names, active, crafts } = props;
  const placed = placedObjects(view, vessel.seat);
  return (
    <div class="inc-board-cards small">
      <p class="inc-card-counts" aria-label={`Cards: ${cardCounts(vessel)}`}>
        {cardCounts(vessel)}
      </p>
      {vessel.seat !== me && vessel.hand.length > 0 && (
        // Only a judge's view holds another player's hand.
        <p class="inc-judge-hand">Hand: {vessel.hand.map((c) => c.card?.title ?? "a card").join(", ")}</p>
      )}
      {vessel.tabled.length > 0 && (
        <div class="inc-tabled-row">
          <span class="muted">Tabled:</span>
          <ul class="inc-tabled" aria-label="Tabled cards">
            {vessel.tabled.map((t) => {
              const armour = armourWords(t, crafts);
              const lock = lockWords(t, vessel.ship);
              const classes = [
                t.active || t.faceDown ? "" : "is-pending",
                armour ? "is-armour" : "",
                lock ? "is-lock" : "",
                t.faceDown ? "is-down" : "",
              ]
                .filter(Boolean)
                .join(" ");
              const words = tabledWords(t, me, names, crafts, vessel.ship);
              return (
                <li class={classes || undefined} title={t.card ? `${words}. ${cardFace(t.card).label}` : words}>
                  {armour ? (
                    <>
                      {t.card?.card?.title || "Shuttle craft"}{" "}
                      <span class="inc-armour-lp" data-life={t.life}>
                        {armour}
                      </span>
                      {!t.active && !t.faceDown && <span class="muted"> (from the next maneuver)</span>}
                    </>
                  ) : t.faceDown ? (
                    <span class="inc-tabled-title">{t.card?.card?.title || "Card"}</span>
                  ) : (
                    words
                  )}
                  {t.faceDown && (
                    <>
                      {" "}
                      <span class="inc-tag down">{kFaceDownWords}</span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {placed.length > 0 && (
        <div class="inc-tabled-row">
          <span class="muted">Placed:</span>
          <ul class="inc-placed" aria-label="Placed objects">
            {placed.map((d) => (
              <li data-denizen={d.id} title={denizenLine(d, view, me, 0, names).label}>
                {placedObjectWords(d)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {active && view.attached.length > 0 && (
        <p class="inc-attached">
          Attached to the next maneuver: <b>{view.attached.map((c) => c.card?.title ?? "a card").join(", ")}</b>
        </p>
      )}
    </div>
  );
}
