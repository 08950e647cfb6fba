// A vessel on the map: a token in its seat's colour with its race letter and seat number. The
// viewer's own token has an inner white ring, the one whose turn it is a dashed outer ring, and
// one the prompt aims at an accent ring: that one is a button, any other lets clicks through to
// its hex.
import type { IncursionsVessel } from "../../../gen/spacedock/v1/incursions_pb.js";
import type { Point } from "./hex.js";
import { seatClass } from "./seat_colour.js";
import { describeVessel, raceGlyph } from "./words.js";

export interface VesselTokenProps {
  vessel: IncursionsVessel;
  at: Point;
  radius: number;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat, when known
  active: boolean;
  choices: number; // options aimed at this vessel
  activate: (seat: number, anchor: Element) => void;
}

export function VesselToken(props: VesselTokenProps) {
  const { vessel, radius: r, choices } = props;
  const classes = ["inc-vessel", seatClass(vessel.seat)];
  if (vessel.seat === props.me) classes.push("is-mine");
  if (props.active) classes.push("is-active");
  if (vessel.cloaked) classes.push("is-cloaked");
  if (choices > 0) classes.push("is-target");
  const label = describeVessel(vessel, props.me, choices, props.names);
  const aimed = choices > 0;
  return (
    <g
      class={classes.join(" ")}
      transform={`translate(${Math.round(props.at.x * 10) / 10} ${Math.round(props.at.y * 10) / 10})`}
      data-seat={vessel.seat}
      role={aimed ? "button" : undefined}
      tabindex={aimed ? 0 : undefined}
      aria-label={aimed ? label : undefined}
      aria-hidden={aimed ? undefined : "true"}
      onClick={aimed ? (e) => props.activate(vessel.seat, e.currentTarget) : undefined}
      onKeyDown={
        aimed
          ? (e) => {
              if (e.key !== "Enter" && e.key !== " ") return;
              e.preventDefault();
              props.activate(vessel.seat, e.currentTarget);
            }
          : undefined
      }
    >
      <title>{label}</title>
      {props.active && <circle class="inc-vessel-turn" r={r + 5} />}
      {choices > 0 && <circle class="inc-vessel-aim" r={r + 3} />}
      <circle class="inc-vessel-body" r={r} />
      {vessel.seat === props.me && <circle class="inc-vessel-mine" r={r - 2.5} />}
      <text class="inc-vessel-text" y={r * 0.3} style={{ fontSize: `${Math.round(r * 0.8)}px` }}>
        {raceGlyph(vessel.ship?.race ?? 0)}
        {vessel.seat + 1}
      </text>
    </g>
  );
}
