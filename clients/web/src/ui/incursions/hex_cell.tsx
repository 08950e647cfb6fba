// One hex of the map: its outline, number and name, the mines in it, and the highlight the open
// prompt gives it; its tooltip says what the tile does. Vessels and denizens are drawn on a layer
// above (vessel.tsx, denizen.tsx) so they can be clicked apart.
import type { IncursionsMine } from "../../../gen/spacedock/v1/incursions_pb.js";
import { hexCorners, polygonPoints } from "./hex.js";
import { kHexSize, type Cell } from "./map_model.js";
import type { HexRole } from "./prompt_targets.js";
import { seatClass } from "./seat_colour.js";
import { dice, nameLines, ownerName } from "./words.js";

const origin = { x: 0, y: 0 };
const kOutline = polygonPoints(hexCorners(origin, kHexSize - 1.5));
const kInner = polygonPoints(hexCorners(origin, kHexSize - 7));

// Where up to six mines sit, either side of the vessels; beside a denizen (drawn on the left),
// the right-hand spots first.
const kMineSpots = [
  { x: -38, y: 14 },
  { x: 38, y: 14 },
  { x: -36, y: 30 },
  { x: 36, y: 30 },
  { x: -20, y: 46 },
  { x: 20, y: 46 },
];
const kMineSpotsBesideDenizen = [...kMineSpots.filter((p) => p.x > 0), ...kMineSpots.filter((p) => p.x < 0)];

export interface HexCellProps {
  cell: Cell;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat, when known
  tabbable: boolean;
  focusable: boolean;
  register: (key: string, element: SVGGElement | null) => void;
  activate: (key: string, anchor: Element) => void;
  onKey: (event: KeyboardEvent, key: string) => void;
  onFocus: (key: string) => void;
  // The pointer is over the tile: the hex panel shows it.
  onHover: (key: string) => void;
}

// Focus attributes are spelt `tabindex`: on SVG, Preact sets attributes as written, and only the
// lower-case one makes an element focusable.
export function HexCell(props: HexCellProps) {
  const { cell, focusable } = props;
  const { tile, target } = cell;
  const classes = ["inc-hex", tile ? "is-tile" : "is-empty"];
  if (tile?.wormhole) classes.push("is-wormhole");
  if (tile?.hexId === "start") classes.push("is-start");
  if (target) classes.push("is-target");
  const spots = cell.denizens.length > 0 ? kMineSpotsBesideDenizen : kMineSpots;
  const tooltip = cell.summary ? `${cell.label}. ${cell.summary}` : cell.label;
  return (
    <g
      class={classes.join(" ")}
      transform={`translate(${round(cell.centre.x)} ${round(cell.centre.y)})`}
      data-hex={cell.key}
      data-hex-id={tile?.hexId}
      ref={(element) => props.register(cell.key, element)}
      role={focusable ? "button" : undefined}
      tabindex={focusable ? (props.tabbable ? 0 : -1) : undefined}
      aria-label={focusable ? cell.label : undefined}
      aria-disabled={focusable && !target ? "true" : undefined}
      aria-hidden={focusable ? undefined : "true"}
      onClick={focusable ? (e) => props.activate(cell.key, e.currentTarget) : undefined}
      onKeyDown={focusable ? (e) => props.onKey(e, cell.key) : undefined}
      onFocus={focusable ? () => props.onFocus(cell.key) : undefined}
      onPointerEnter={tile ? () => props.onHover(cell.key) : undefined}
    >
      <title>{tooltip}</title>
      <polygon class="inc-hex-outline" points={kOutline} />
      {target && <polygon class="inc-hex-ring" points={kInner} />}
      {tile ? (
        <TileText cell={cell} me={props.me} names={props.names} />
      ) : (
        target && (
          <text class="inc-hex-hint" y={4}>
            {hint(target.roles)}
          </text>
        )
      )}
      {cell.mines.slice(0, spots.length).map((mine, i) => (
        <Mine mine={mine} me={props.me} names={props.names} x={spots[i].x} y={spots[i].y} />
      ))}
      {target && <RoleBadge roles={target.roles} count={target.options.length} />}
    </g>
  );
}

function TileText({ cell, me, names }: { cell: Cell; me: number | undefined; names?: readonly string[] }) {
  const tile = cell.tile!;
  const start = tile.hexId === "start";
  const top = start ? "START" : tile.number > 0 ? `#${tile.number}` : "";
  const lines = start ? [] : nameLines(tile.name);
  return (
    <>
      {top && (
        <text class="inc-hex-number" y={-23}>
          {top}
        </text>
      )}
      {tile.ownerSeat !== undefined && (
        <circle class={`inc-owner-dot ${seatClass(tile.ownerSeat)}`} cx={top ? 22 : 0} cy={top ? -26.5 : -26} r={3.5}>
          <title>{`From ${ownerName(tile.ownerSeat, me, names)} hexpile`}</title>
        </circle>
      )}
      {lines.map((line, i) => (
        <text class="inc-hex-name" y={(lines.length === 1 ? -6 : -10) + i * 11}>
          {line}
        </text>
      ))}
    </>
  );
}

function Mine(props: {
  mine: IncursionsMine;
  me: number | undefined;
  names?: readonly string[];
  x: number;
  y: number;
}) {
  const { mine } = props;
  const spikes = [0, 45, 90, 135].map((a) => (
    <line class="inc-mine-spike" x1={-7} x2={7} y1={0} y2={0} transform={`rotate(${a})`} />
  ));
  return (
    <g
      class={`inc-mine ${seatClass(mine.ownerSeat)}${mine.armed ? " armed" : ""}`}
      transform={`translate(${props.x} ${props.y})`}
    >
      <title>{`${ownerName(mine.ownerSeat, props.me, props.names)} mine, ${dice(mine.dice, mine.flat)}${mine.armed ? ", armed" : ", not armed yet"}`}</title>
      {spikes}
      <circle r={4.5} />
    </g>
  );
}

// A glyph that says why the hex is lit, so the highlight does not rely on colour alone.
function RoleBadge({ roles, count }: { roles: Set<HexRole>; count: number }) {
  const role: HexRole = roles.has("target") ? "target" : roles.has("move") ? "move" : "explore";
  return (
    <g class="inc-badge" transform="translate(0 -41)">
      <circle r={8.5} />
      {role === "move" && <path d="M-4.5 0 H3.5 M0 -3.5 L4 0 L0 3.5" />}
      {role === "explore" && <path d="M-4.5 0 H4.5 M0 -4.5 V4.5" />}
      {role === "target" && (
        <>
          <circle r={3.5} class="inc-badge-line" />
          <path d="M-6 0 H-3 M3 0 H6 M0 -6 V-3 M0 3 V6" />
        </>
      )}
      {count > 1 && (
        <text class="inc-badge-count" x={12} y={3}>
          {count}
        </text>
      )}
    </g>
  );
}

const hint = (roles: Set<HexRole>): string =>
  roles.has("explore") ? "Explore" : roles.has("move") ? "Move" : "Target";

const round = (n: number): number => Math.round(n * 10) / 10;
