// The panel under the map: what the hex pointed at, focused or tapped does (its summary from the
// content listing, the denizen it holds), and who is in it now. With nothing pointed at, the
// viewer's own hex (or the start tile).
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import type { IncursionsView } from "../../../gen/spacedock/v1/incursions_pb.js";
import { hexInfo } from "./hex_words.js";
import type { Cell } from "./map_model.js";

export interface HexInfoPanelProps {
  cell: Cell;
  view: IncursionsView;
  content: IncursionsContent | undefined;
  me: number | undefined;
  names?: readonly string[]; // the players' names by seat, when known
  // The panel shows the viewer's own hex (nothing else pointed at), which it says.
  mine: boolean;
  hasShip: boolean;
}

export function HexInfoPanel({ cell, view, content, me, names, mine, hasShip }: HexInfoPanelProps) {
  const info = hexInfo(cell.at, cell.tile, view, content, me, names);
  const summary = info.summary || (cell.tile && !content ? "Loading what this hex does…" : "");
  return (
    <section class="inc-hex-info" aria-label="Hex details" data-hex={cell.key} data-hex-id={cell.tile?.hexId}>
      <p class="inc-hex-info-head">
        {mine && hasShip && <span class="muted">Your hex: </span>}
        <b class="inc-hex-info-title">{info.title}</b> <span class="muted">{info.at}</span>
        {info.facts.length > 0 && <span class="muted small"> · {info.facts.join(" · ")}</span>}
      </p>
      {summary && <p class="inc-hex-summary">{summary}</p>}
      {info.denizen && <p class="small inc-hex-denizen">Denizen: {info.denizen}</p>}
      {info.here.length > 0 && <p class="small muted">Here now: {info.here.join(" · ")}</p>}
    </section>
  );
}
