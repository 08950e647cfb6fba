// A denizen on the map (§10): a diamond, so it is never mistaken for a ship's round token, with
// its initials and a life bar under it. A free one is drawn in red; one an eliminated player
// dominates takes that seat's colour and number. An object a player placed (§11.1: Weapons
// Platform, Outpost) is a square instead, in its owner's colour with the owner's number, so it is
// never taken for the hex's own monster. One the prompt aims at gets an accent ring and is a
// button (a click with one option answers it, with several opens a menu).
import type { IncursionsDenizen, IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { denizenLine } from "./denizen_words.js";
import type { Point } from "./hex.js";
import { seatClass } from "./seat_colour.js";

export interface DenizenTokenProps {
  denizen: IncursionsDenizen;
  view: IncursionsView;
  at: Point;
  radius: number;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat, when known
  choices: number; // options aimed at this denizen
  activate: (id: number, anchor: Element) => void;
}

const diamond = (r: number): string => `0,${-r} ${r},0 0,${r} ${-r},0`;
// A placed object's square: about as much area as the diamond of the same radius.
const square = (r: number): string => {
  const h = round(r * 0.78);
  return `${-h},${-h} ${h},${-h} ${h},${h} ${-h},${h}`;
};
const round = (n: number): number => Math.round(n * 10) / 10;

export function DenizenToken(props: DenizenTokenProps) {
  const { denizen, radius: r, choices } = props;
  const line = denizenLine(denizen, props.view, props.me, choices, props.names);
  const aimed = choices > 0;
  const placed = line.ownerSeat !== undefined;
  // The seat whose number and colour it wears: its owner's, or the one dominating it.
  const badge = line.ownerSeat ?? line.dominatedBy;
  const shape = placed ? square : diamond;
  const classes = ["inc-denizen"];
  if (placed) classes.push("is-placed", seatClass(line.ownerSeat!));
  else if (line.dominatedBy !== undefined) classes.push("is-dominated", seatClass(line.dominatedBy));
  if (aimed) classes.push("is-target");
  const barWidth = r * 1.8;
  return (
    <g
      class={classes.join(" ")}
      transform={`translate(${round(props.at.x)} ${round(props.at.y)})`}
      data-denizen={denizen.id}
      data-owner={placed ? line.ownerSeat : undefined}
      role={aimed ? "button" : undefined}
      tabindex={aimed ? 0 : undefined}
      aria-label={aimed ? line.label : undefined}
      aria-hidden={aimed ? undefined : "true"}
      onClick={aimed ? (e) => props.activate(denizen.id, e.currentTarget) : undefined}
      onKeyDown={
        aimed
          ? (e) => {
              if (e.key !== "Enter" && e.key !== " ") return;
              e.preventDefault();
              props.activate(denizen.id, e.currentTarget);
            }
          : undefined
      }
    >
      <title>{line.label}</title>
      {aimed && <polygon class="inc-denizen-aim" points={shape(r + 4.5)} />}
      <polygon class="inc-denizen-body" points={shape(r)} />
      <text
        class="inc-denizen-text"
        y={r * 0.27}
        style={{ fontSize: `${Math.round(r * (line.glyph.length > 1 ? 0.68 : 0.9))}px` }}
      >
        {line.glyph}
      </text>
      <g class="inc-denizen-life" transform={`translate(${round(-barWidth / 2)} ${round(r + 2.5)})`}>
        <rect class="inc-denizen-life-track" width={round(barWidth)} height={4} rx={1.5} />
        <rect
          class={`inc-denizen-life-fill${line.share <= 0.25 ? " low" : ""}`}
          width={round(barWidth * line.share)}
          height={4}
          rx={1.5}
        />
      </g>
      {badge !== undefined && (
        // Top right; a placed object's at the top left, clear of the vessels beside it.
        <g
          class="inc-denizen-dom"
          transform={`translate(${round(r * (placed ? -0.8 : 0.85))} ${round(-r * (placed ? 0.8 : 0.85))})`}
        >
          <circle r={5.5} />
          <text y={2.6}>{badge + 1}</text>
        </g>
      )}
    </g>
  );
}
