// The vessels and denizens over the hexes (eliminated vessels are off the board), and the hit
// being resolved: a line from attacker (a vessel or a denizen) to target when they are apart,
// and the damage rolled.
import {
  IncursionsPhase,
  IncursionsWeaponSlot,
  type IncursionsDenizen,
  type IncursionsVessel,
  type IncursionsView,
} from "../../../gen/spacedock/v1/incursions_pb.js";
import { DenizenToken } from "./denizen.js";
import { ringOffsets, type Point } from "./hex.js";
import type { MapModel } from "./map_model.js";
import type { PromptTargets } from "./prompt_targets.js";
import { VesselToken } from "./vessel.js";

// Vessels gather a little below a hex's centre, under its name; beside a denizen, a little to
// the right of it, the denizens to the left. Several denizens (a placed object beside the hex's
// own, say) sit a little further apart from the vessels.
const kVesselDrop = 24;
const kBesideDenizen = 16;
const kDenizenSpot = { x: -20, y: 19 };
const kCrowdSpread = 5;

interface TokenPlace {
  vessel: IncursionsVessel;
  at: Point;
  radius: number;
}

interface DenizenPlace {
  denizen: IncursionsDenizen;
  at: Point;
  radius: number;
}

export interface VesselLayerProps {
  model: MapModel;
  view: IncursionsView;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat (a placed object's owner), when known
  targets: PromptTargets;
  activate: (seat: number, anchor: Element) => void;
  activateDenizen: (id: number, anchor: Element) => void;
}

export function VesselLayer({ model, view, me, names, targets, activate, activateDenizen }: VesselLayerProps) {
  const tokens = tokenPlaces(model);
  const denizens = denizenPlaces(model);
  return (
    <>
      <HitLine view={view} tokens={tokens} denizens={denizens} />
      <g class="inc-denizens-layer">
        {denizens.map(({ denizen, at, radius }) => (
          <DenizenToken
            key={denizen.id}
            denizen={denizen}
            view={view}
            at={at}
            radius={radius}
            me={me}
            names={names}
            choices={targets.denizens.get(denizen.id)?.length ?? 0}
            activate={activateDenizen}
          />
        ))}
      </g>
      <g class="inc-vessels">
        {tokens.map(({ vessel, at, radius }) => (
          <VesselToken
            key={vessel.seat}
            vessel={vessel}
            at={at}
            radius={radius}
            me={me}
            names={names}
            active={view.phase === IncursionsPhase.TURN && vessel.seat === view.activeSeat}
            choices={targets.vessels.get(vessel.seat)?.length ?? 0}
            activate={activate}
          />
        ))}
      </g>
      <HitMarker view={view} tokens={tokens} denizens={denizens} />
    </>
  );
}

// Every vessel's token: alone in the middle of its hex, or several on a small ring; moved aside
// when a denizen shares the hex.
function tokenPlaces(model: MapModel): TokenPlace[] {
  const places: TokenPlace[] = [];
  for (const cell of model.cells) {
    const n = cell.vessels.length;
    if (n === 0) continue;
    const offsets = ringOffsets(n, n === 2 ? 13 : 16);
    const radius = n === 1 ? 14 : n <= 3 ? 10 : 8.5;
    const denizens = cell.denizens.length;
    const aside = denizens > 0 ? kBesideDenizen + (denizens > 1 ? kCrowdSpread : 0) : 0;
    cell.vessels.forEach((vessel, i) => {
      places.push({
        vessel,
        at: { x: cell.centre.x + aside + offsets[i].x, y: cell.centre.y + kVesselDrop + offsets[i].y },
        radius,
      });
    });
  }
  return places;
}

// Every living denizen: left of the vessels in its hex, several (a dominated one that moved in)
// on a small ring there.
function denizenPlaces(model: MapModel): DenizenPlace[] {
  const places: DenizenPlace[] = [];
  for (const cell of model.cells) {
    const n = cell.denizens.length;
    if (n === 0) continue;
    const offsets = ringOffsets(n, 11);
    const radius = n === 1 ? 15 : 10;
    const x = kDenizenSpot.x - (n > 1 && cell.vessels.length > 0 ? kCrowdSpread : 0);
    cell.denizens.forEach((denizen, i) => {
      places.push({
        denizen,
        at: { x: cell.centre.x + x + offsets[i].x, y: cell.centre.y + kDenizenSpot.y + offsets[i].y },
        radius,
      });
    });
  }
  return places;
}

// The hit's ends: the attacker's token (none for a hex event, or a mine, which goes off in the
// target's own hex) and the target's.
function hitEnds(view: IncursionsView, tokens: TokenPlace[], denizens: DenizenPlace[]) {
  const hit = view.hit;
  if (!hit) return null;
  const from = hit.event
    ? undefined
    : hit.attackingDenizen !== undefined
      ? denizens.find((d) => d.denizen.id === hit.attackingDenizen)
      : tokens.find((t) => t.vessel.seat === hit.attacker);
  const to = tokens.find((t) => t.vessel.seat === hit.target);
  if (!to) return null;
  const apart = from && (from.at.x !== to.at.x || from.at.y !== to.at.y) && hit.weapon !== IncursionsWeaponSlot.W3;
  return { hit, from: apart ? from : undefined, to };
}

// The line from attacker to target, drawn under the tokens so it never hides a token's letters.
function HitLine({ view, tokens, denizens }: { view: IncursionsView; tokens: TokenPlace[]; denizens: DenizenPlace[] }) {
  const ends = hitEnds(view, tokens, denizens);
  if (!ends?.from) return null;
  const { hit, from, to } = ends;
  return (
    <g class={`inc-hit${hit.evaded ? " evaded" : ""}`} aria-hidden="true">
      <line x1={from.at.x} y1={from.at.y} x2={to.at.x} y2={to.at.y} />
    </g>
  );
}

// The damage rolled, beside the target, over everything.
function HitMarker({
  view,
  tokens,
  denizens,
}: {
  view: IncursionsView;
  tokens: TokenPlace[];
  denizens: DenizenPlace[];
}) {
  const ends = hitEnds(view, tokens, denizens);
  if (!ends) return null;
  const { hit, to } = ends;
  return (
    <g class={`inc-hit${hit.evaded ? " evaded" : ""}`} aria-hidden="true">
      <g transform={`translate(${to.at.x + to.radius + 8} ${to.at.y - to.radius - 4})`}>
        <rect x={-13} y={-9} width={26} height={16} rx={4} />
        <text y={3.5}>{hit.evaded ? "0" : hit.damage}</text>
      </g>
    </g>
  );
}
