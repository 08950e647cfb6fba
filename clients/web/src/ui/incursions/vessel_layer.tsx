// The vessels over the hexes (eliminated ones are off the board), and the hit being resolved:
// a line from attacker to target when they are apart, and the damage rolled.
import {
  IncursionsPhase,
  IncursionsWeaponSlot,
  type IncursionsVessel,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { ringOffsets, type Point } from "./hex.js";
import type { MapModel } from "./map_model.js";
import type { PromptTargets } from "./prompt_targets.js";
import { VesselToken } from "./vessel.js";

// Vessels gather a little below a hex's centre, under its name.
const kVesselDrop = 24;

interface TokenPlace {
  vessel: IncursionsVessel;
  at: Point;
  radius: number;
}

export interface VesselLayerProps {
  model: MapModel;
  view: IncursionsView;
  me: number | undefined;
  targets: PromptTargets;
  activate: (seat: number, anchor: Element) => void;
}

export function VesselLayer({ model, view, me, targets, activate }: VesselLayerProps) {
  const tokens = tokenPlaces(model);
  return (
    <>
      <g class="inc-vessels">
        {tokens.map(({ vessel, at, radius }) => (
          <VesselToken
            key={vessel.seat}
            vessel={vessel}
            at={at}
            radius={radius}
            me={me}
            active={view.phase === IncursionsPhase.TURN && vessel.seat === view.activeSeat}
            choices={targets.vessels.get(vessel.seat)?.length ?? 0}
            activate={activate}
          />
        ))}
      </g>
      <HitMarker view={view} tokens={tokens} />
    </>
  );
}

// Every vessel's token: alone in the middle of its hex, or several on a small ring.
function tokenPlaces(model: MapModel): TokenPlace[] {
  const places: TokenPlace[] = [];
  for (const cell of model.cells) {
    const n = cell.vessels.length;
    if (n === 0) continue;
    const offsets = ringOffsets(n, n === 2 ? 13 : 16);
    const radius = n === 1 ? 14 : n <= 3 ? 10 : 8.5;
    cell.vessels.forEach((vessel, i) => {
      places.push({
        vessel,
        at: { x: cell.centre.x + offsets[i].x, y: cell.centre.y + kVesselDrop + offsets[i].y },
        radius,
      });
    });
  }
  return places;
}

function HitMarker({ view, tokens }: { view: IncursionsView; tokens: TokenPlace[] }) {
  const hit = view.hit;
  if (!hit) return null;
  const from = tokens.find((t) => t.vessel.seat === hit.attacker);
  const to = tokens.find((t) => t.vessel.seat === hit.target);
  if (!to) return null;
  // A mine goes off in the target's own hex: no line from its owner.
  const apart = from && (from.at.x !== to.at.x || from.at.y !== to.at.y) && hit.weapon !== IncursionsWeaponSlot.W3;
  return (
    <g class={`inc-hit${hit.evaded ? " evaded" : ""}`} aria-hidden="true">
      {apart && <line x1={from.at.x} y1={from.at.y} x2={to.at.x} y2={to.at.y} />}
      <g transform={`translate(${to.at.x + to.radius + 8} ${to.at.y - to.radius - 4})`}>
        <rect x={-13} y={-9} width={26} height={16} rx={4} />
        <text y={3.5}>{hit.evaded ? "0" : hit.damage}</text>
      </g>
    </g>
  );
}
