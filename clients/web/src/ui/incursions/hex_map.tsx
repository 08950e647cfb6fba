// The map: explored tiles and the empty ring around them in SVG, the vessels and denizens on
// top, and the prompt's targets lit. A lit hex, vessel or denizen with one option chooses it on
// click or Enter; with several it opens a menu. Arrow keys move between hexes (a roving tab
// stop). Under the map, what the hex pointed at, focused or tapped does (else the viewer's own).
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Option } from "../../../gen/spacedock/v1/game_pb.js";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import type { IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { useCamera } from "./camera.js";
import { denizenLine } from "./denizen_words.js";
import { axial, hexKey, hexToPixel, neighbour, parseKey } from "./hex.js";
import { HexCell } from "./hex_cell.js";
import { HexInfoPanel } from "./hex_info.js";
import { hexSummaries } from "./hex_words.js";
import { buildMapModel, isFocusable, kHexSize, type MapModel } from "./map_model.js";
import { OptionMenu, type MenuState } from "./option_menu.js";
import type { PromptTargets } from "./prompt_targets.js";
import { VesselLayer } from "./vessel_layer.js";
import { viewBoxAttr } from "./viewbox.js";
import { coordText, describeVessel, tileTitle } from "./words.js";

export interface HexMapProps {
  view: IncursionsView;
  me: number | undefined;
  targets: PromptTargets;
  choose: (optionId: bigint) => void;
  // The content listing (hex summaries), once it has arrived.
  content?: IncursionsContent;
  // The players' names by seat (a placed object's owner), when known.
  names?: readonly string[];
}

// Arrow keys to directions (hex.ts DIRECTIONS): [plain, with Shift].
const kArrowDirections: Record<string, [number, number]> = {
  ArrowRight: [0, 0],
  ArrowLeft: [3, 3],
  ArrowUp: [2, 1],
  ArrowDown: [5, 4],
  PageUp: [1, 1],
  PageDown: [4, 4],
};
// The menu is about this wide (pixels); it opens where it fits.
const kMenuWidth = 300;

export function HexMap(props: HexMapProps) {
  const { view, me, targets, content, names } = props;
  const summaries = useMemo(() => hexSummaries(content), [content]);
  const model = useMemo(
    () => buildMapModel(view, targets, me, summaries, names),
    [view, targets, me, summaries, names],
  );
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // The hex the panel under the map describes (null: the viewer's own).
  const [inspectKey, setInspectKey] = useState<string | null>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const elements = useRef(new Map<string, SVGGElement>());
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => setMenu(null), [targets]); // a new prompt closes any menu

  const myVessel = view.vessels.find((v) => v.seat === me && !v.eliminated);
  const myHex = myVessel ? axial(myVessel.position) : null;
  const camera = useCamera(model.fitted, kHexSize * Math.sqrt(3), hexToPixel(myHex ?? { q: 0, r: 0 }, kHexSize));
  const tabKey = tabbableKey(model, focusKey, myHex ? hexKey(myHex) : null);

  const offer = (title: string, options: Option[] | undefined, anchor: Element) => {
    if (camera.dragging() || !options || options.length === 0) return;
    if (options.length === 1) return props.choose(options[0].id);
    const area = wrap.current?.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    if (!area) return;
    const x = Math.max(4, Math.min(at.left - area.left + at.width / 2, area.width - kMenuWidth));
    const y = Math.max(4, at.top - area.top + at.height / 2);
    setMenu({ title, options, x, y, anchor });
  };
  const activateHex = (key: string, anchor: Element) => {
    const cell = model.byKey.get(key);
    if (!cell) return;
    if (cell.tile) setInspectKey(key);
    const title = `${cell.tile ? tileTitle(cell.tile) : "Unexplored space"} ${coordText(cell.at)}`;
    offer(title, cell.target?.options, anchor);
  };
  const activateVessel = (seat: number, anchor: Element) => {
    const vessel = view.vessels.find((v) => v.seat === seat);
    if (vessel) offer(describeVessel(vessel, me, 0, names), targets.vessels.get(seat), anchor);
  };
  const activateDenizen = (id: number, anchor: Element) => {
    const denizen = view.denizens.find((d) => d.id === id);
    if (!denizen) return;
    const line = denizenLine(denizen, view, me, 0, names);
    offer(`${line.name}${line.owner ? `, ${line.owner}` : ""} (life ${line.life})`, targets.denizens.get(id), anchor);
  };
  const focused = (key: string) => {
    setFocusKey(key);
    if (model.byKey.get(key)?.tile) setInspectKey(key);
  };
  const focusHex = (key: string) => {
    setFocusKey(key);
    elements.current.get(key)?.focus();
  };
  const onKey = (e: KeyboardEvent, key: string) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activateHex(key, e.currentTarget as Element);
    } else if (e.key === "Home" && myHex) {
      e.preventDefault();
      focusHex(hexKey(myHex));
    } else if (kArrowDirections[e.key]) {
      e.preventDefault();
      const direction = kArrowDirections[e.key][e.shiftKey ? 1 : 0];
      // Skip over gaps in the board: the first reachable hex along that direction.
      let at = parseKey(key);
      for (let step = 0; step < 8; step++) {
        at = neighbour(at, direction);
        const cell = model.byKey.get(hexKey(at));
        if (cell && isFocusable(cell)) return focusHex(cell.key);
      }
    }
  };

  const hasTargets = targets.hexes.size > 0 || targets.vessels.size > 0 || targets.denizens.size > 0;
  const inspected = (inspectKey && model.byKey.get(inspectKey)) || model.byKey.get(hexKey(myHex ?? { q: 0, r: 0 }));
  return (
    <div class="inc-map" ref={wrap}>
      <div class="inc-map-tools" role="toolbar" aria-label="Map view">
        <button type="button" aria-label="Zoom in" title="Zoom in" onClick={() => camera.zoom(0.8)}>
          +
        </button>
        <button type="button" aria-label="Zoom out" title="Zoom out" onClick={() => camera.zoom(1.25)}>
          −
        </button>
        <button type="button" onClick={camera.fit} disabled={!camera.moved}>
          Fit
        </button>
        {myHex && (
          <button type="button" onClick={() => camera.centre(hexToPixel(myHex, kHexSize))}>
            My ship
          </button>
        )}
      </div>
      <svg
        ref={camera.svg}
        class={`inc-map-svg${hasTargets ? " has-targets" : ""}${camera.moved ? " is-moved" : ""}`}
        viewBox={viewBoxAttr(camera.box)}
        preserveAspectRatio="xMidYMid meet"
        style={{ aspectRatio: `${Math.round(model.fitted.w)} / ${Math.round(model.fitted.h)}` }}
        role="group"
        aria-label="Map of explored space"
        {...camera.pointer}
      >
        {model.cells.map((cell) => (
          <HexCell
            key={cell.key}
            cell={cell}
            me={me}
            names={names}
            focusable={isFocusable(cell)}
            tabbable={cell.key === tabKey}
            register={(key, element) => (element ? elements.current.set(key, element) : elements.current.delete(key))}
            activate={activateHex}
            onKey={onKey}
            onFocus={focused}
            onHover={setInspectKey}
          />
        ))}
        <VesselLayer
          model={model}
          view={view}
          me={me}
          names={names}
          targets={targets}
          activate={activateVessel}
          activateDenizen={activateDenizen}
        />
      </svg>
      {menu && <OptionMenu menu={menu} choose={props.choose} close={() => setMenu(null)} />}
      {inspected && (
        <HexInfoPanel
          cell={inspected}
          view={view}
          content={content}
          me={me}
          names={names}
          mine={!inspectKey || inspectKey === (myHex ? hexKey(myHex) : null)}
          hasShip={!!myHex}
        />
      )}
      <p class="inc-map-keys muted small">
        {hasTargets ? "Click a lit hex, ship or denizen to choose; several choices open a menu. " : ""}
        Point at or tap a hex to read what it does. Keys: arrows move between hexes (Shift+↑/↓ for the other diagonal)
        {myHex ? ", Home goes to your ship" : ""}
        {hasTargets ? ", Enter chooses." : "."}
      </p>
    </div>
  );
}

// The hex that takes Tab: the one last focused, else the first lit one, else the viewer's
// ship's, else the start tile.
function tabbableKey(model: MapModel, focusKey: string | null, mine: string | null): string {
  const usable = (key: string | null) => {
    const cell = key === null ? undefined : model.byKey.get(key);
    return cell !== undefined && isFocusable(cell);
  };
  if (usable(focusKey)) return focusKey!;
  const lit = model.cells.find((c) => c.target);
  if (lit) return lit.key;
  return usable(mine) ? mine! : hexKey({ q: 0, r: 0 });
}
