// The Incursions table: whose turn and the phase, the hit being resolved (or a hex's repair to
// place), the hex map with the open prompt's targets lit and what the hex pointed at does, a
// board per seat (the viewer's first, officers a prompt aims at lit there), the denizens and the
// hexpiles. It shows the server's view and answers only with the options the prompt offers.
import { useMemo } from "preact/hooks";
import type { DecisionPrompt } from "../../../gen/spacedock/v1/game_pb.js";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import type { IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { DenizensPanel } from "./denizens_panel.js";
import { HexMap } from "./hex_map.js";
import { Hexpiles } from "./hexpiles.js";
import { EventRepairPanel, HitPanel } from "./hit_panel.js";
import "./incursions.css";
import { PlayerBoard } from "./player_board.js";
import { promptTargets } from "./prompt_targets.js";
import { statusLine } from "./words.js";

export interface IncursionsTableProps {
  view: IncursionsView;
  seat: number | undefined;  // undefined: a spectator
  prompt: DecisionPrompt | null;  // this viewer's open decision
  choose: (optionId: bigint) => void;
  names?: readonly string[];  // the players' names by seat
  content?: IncursionsContent;  // the content listing (what each hex does), once it has arrived
}

export function IncursionsTable({ view, seat, prompt, choose, names, content }: IncursionsTableProps) {
  const targets = useMemo(() => promptTargets(prompt, view), [prompt, view]);
  const boards = [...view.vessels].sort((a, b) => rank(a.seat, seat) - rank(b.seat, seat));
  const onMap = targets.hexes.size + targets.vessels.size + targets.denizens.size > 0;
  return (
    <div class="inc-table">
      <header class="inc-status">
        <p class="inc-status-line" role="status">
          {statusLine(view, seat, names)}
        </p>
        <p class="muted small">{seat === undefined ? "Watching" : `You are Player ${seat + 1}`}</p>
      </header>
      <HitPanel view={view} me={seat} />
      <EventRepairPanel view={view} prompt={prompt} choose={choose} />
      <div class="inc-main">
        <div class="inc-map-column">
          <HexMap view={view} me={seat} targets={targets} choose={choose} content={content} />
          {prompt && targets.other.length > 0 && (
            <p class="inc-other muted small">
              {onMap ? "Also " : ""}
              {targets.other.length === 1 ? "1 choice" : `${targets.other.length} choices`} not on the map: see the
              decision panel.
            </p>
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
                targets={targets}
                choose={choose}
              />
            ))}
          </div>
          <DenizensPanel view={view} me={seat} targets={targets} choose={choose} />
          <Hexpiles view={view} me={seat} />
        </div>
      </div>
    </div>
  );
}

// The viewer's own board first, then the others in seat order.
const rank = (s: number, me: number | undefined): number => (s === me ? -1 : s);
