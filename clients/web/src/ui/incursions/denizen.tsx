// A denizen on the map (§10): a diamond, so it is never mistaken for a ship's round token, with
// its initials and a life bar under it. A free one is drawn in red; one an eliminated player
// dominates takes that seat's colour and number. One the prompt aims at gets an accent ring and
// is a button (a click with one option answers it, with several opens a menu).
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
  choices: number;  // options aimed at this denizen
  activate: (id: number, anchor: Element) => void;
}

const diamond = (r: number): string => `0,${-r} ${r},0 0,${r} ${-r},0`;
const round = (n: number): number => Math.round(n * 10) / 10;

export function DenizenToken(props: DenizenTokenProps) {
  const { denizen, radius: r, choices } = props;
  const line = denizenLine(denizen, props.view, props.me, choices);
  const aimed = choices > 0;
  const classes = ["inc-denizen"];
  if (line.dominatedBy !== undefined) classes.push("is-dominated", seatClass(line.dominatedBy));
  if (aimed) classes.push("is-target");
  const barWidth = r * 1.8;
  return (
    <g
      class={classes.join(" ")}
      transform={`translate(${round(props.at.x)} ${round(props.at.y)})`}
      data-denizen={denizen.id}
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
      {aimed && <polygon class="inc-denizen-aim" points={diamond(r + 4.5)} />}
      <polygon class="inc-denizen-body" points={diamond(r)} />
      <text class="inc-denizen-text" y={r * 0.27} style={{ fontSize: `${Math.round(r * (line.glyph.length > 1 ? 0.68 : 0.9))}px` }}>
        {line.glyph}
      </text>
      <g class="inc-denizen-life" transform={`translate(${round(-barWidth / 2)} ${round(r + 2.5)})`}>
        <rect class="inc-denizen-life-track" width={round(barWidth)} height={4} rx={1.5} />
        <rect class={`inc-denizen-life-fill${line.share <= 0.25 ? " low" : ""}`} width={round(barWidth * line.share)} height={4} rx={1.5} />
      </g>
      {line.dominatedBy !== undefined && (
        <g class="inc-denizen-dom" transform={`translate(${round(r * 0.85)} ${round(-r * 0.85)})`}>
          <circle r={5.5} />
          <text y={2.6}>{line.dominatedBy + 1}</text>
        </g>
      )}
    </g>
  );
}
