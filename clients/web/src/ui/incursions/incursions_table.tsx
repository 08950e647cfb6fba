// The Incursions table: whose turn and the phase, the hit being resolved (or a hex's repair to
// place), the hex map with the open prompt's targets lit and what the hex pointed at does, a
// board per seat (the viewer's first, officers a prompt aims at lit there), the denizens and the
// hexpiles. In the full game also the viewer's hand under the map, the declarations awaiting
// responses (with Pass and the cards to play when the viewer is asked), a deck search's or a spy's
// cards to take, a Sabotage's pick of a rival's equipment to turn face down, the escape from a
// destroyed ship, and the auto-pass setting. It shows the server's view and answers only with the
// options the prompt offers.
import { useMemo, useRef } from "preact/hooks";
import type { DecisionPrompt, GameEvent } from "../../../gen/spacedock/v1/game_pb.js";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import { IncursionsMode, type IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { useKeepFocus } from "../match/keep_focus.js";
import { freshCards } from "./card_words.js";
import { cutChoice } from "./cut_choice.js";
import { AutoPassSetting, CardChoices, EscapePanel, Hand, ResponsesPanel } from "./cards.js";
import { DenizensPanel } from "./denizens_panel.js";
import { HexMap } from "./hex_map.js";
import { Hexpiles } from "./hexpiles.js";
import { EventRepairPanel, HitPanel } from "./hit_panel.js";
import "./incursions.css";
import type { Leaving } from "./leaving_words.js";
import { PlayerBoard } from "./player_board.js";
import { promptTargets } from "./prompt_targets.js";
import { statusLine } from "./words.js";

export interface IncursionsTableProps {
  view: IncursionsView;
  seat: number | undefined; // undefined: a spectator
  prompt: DecisionPrompt | null; // this viewer's open decision
  choose: (optionId: bigint) => void;
  names?: readonly string[]; // the players' names by seat
  content?: IncursionsContent; // the content listing (what each hex does), once it has arrived
  events?: readonly GameEvent[]; // the latest events (which cards were just drawn)
  autoPassed?: number; // response windows passed for the viewer by their setting, this match
  left?: ReadonlyMap<number, Leaving>; // how eliminated players left, when the events said
}

export function IncursionsTable({
  view,
  seat,
  prompt,
  choose,
  names,
  content,
  events,
  autoPassed,
  left,
}: IncursionsTableProps) {
  const targets = useMemo(() => promptTargets(prompt, view), [prompt, view]);
  const fresh = useMemo(() => freshCards(events ?? [], seat), [events, seat]);
  const boards = [...view.vessels].sort((a, b) => rank(a.seat, seat) - rank(b.seat, seat));
  const onMap = targets.hexes.size + targets.vessels.size + targets.denizens.size > 0;
  const full = view.options?.mode === IncursionsMode.FULL;
  const onCards = targets.cards.size;
  const root = useRef<HTMLDivElement>(null);
  useKeepFocus(root);
  return (
    <div class={`inc-table${full ? " is-full" : ""}`} ref={root} tabIndex={-1}>
      <header class="inc-status">
        <p class="inc-status-line" role="status">
          {statusLine(view, seat, names)}
        </p>
        <p class="muted small">{seat === undefined ? "Watching" : `You are Player ${seat + 1}`}</p>
        {full && seat !== undefined && <AutoPassSetting passed={autoPassed ?? 0} />}
      </header>
      <HitPanel view={view} me={seat} names={names} />
      <EventRepairPanel view={view} prompt={prompt} choose={choose} />
      {full && <ResponsesPanel view={view} me={seat} prompt={prompt} choose={choose} names={names} />}
      {full && <CardChoices prompt={prompt} targets={targets} choose={choose} />}
      {full && <EscapePanel prompt={prompt} choose={choose} />}
      <div class="inc-main">
        <div class="inc-map-column">
          <HexMap view={view} me={seat} targets={targets} choose={choose} content={content} names={names} />
          {prompt && cutChoice(prompt) ? (
            <p class="inc-other muted small">How many to cut: see the decision panel.</p>
          ) : (
            prompt &&
            targets.other.length > 0 && (
              <p class="inc-other muted small">
                {onMap || onCards ? "Also " : ""}
                {targets.other.length === 1 ? "1 choice" : `${targets.other.length} choices`} not on the map
                {onCards ? " or the cards" : ""}: see the decision panel.
              </p>
            )
          )}
          {full && seat !== undefined && (
            <Hand view={view} me={seat} prompt={prompt} targets={targets} choose={choose} fresh={fresh} />
          )}
          {prompt && targets.officers.size > 0 && (
            <p class="inc-other muted small">Lit officers on the ship boards can be clicked too.</p>
          )}
        </div>
        <div class="inc-side">
          <div class="inc-boards">
            {boards.map((vessel) => (
              <PlayerBoard
                key={vessel.seat}
                vessel={vessel}
                view={view}
                me={seat}
                name={names?.[vessel.seat]}
                names={names}
                targets={targets}
                choose={choose}
                crafts={content?.crafts}
                left={left?.get(vessel.seat)}
              />
            ))}
          </div>
          <DenizensPanel view={view} me={seat} names={names} targets={targets} choose={choose} />
          <Hexpiles view={view} me={seat} names={names} />
        </div>
      </div>
    </div>
  );
}

// The viewer's own board first, then the others in seat order.
const rank = (s: number, me: number | undefined): number => (s === me ? -1 : s);
