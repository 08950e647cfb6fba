// Fetches the table's view at the cursor from the server (GetReplay.view_at), a little after
// the cursor stops moving, and keeps every view fetched for the page's life.
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";
import type { Client } from "../../app/client.js";
import type { LoadedReplay } from "./replay_load.js";
import { viewAt, type FetchedView, type ViewAtPosition } from "./replay_position.js";

// While the cursor moves (playing fast, dragging the slider) only where it rests is fetched.
const kSettleMs = 120;

export function useViewAt(client: Client, matchId: bigint, replay: LoadedReplay, position: number): ViewAtPosition {
  const fetched = useMemo(() => new Map<number, FetchedView>(), [replay]);
  const [, setVersion] = useState(0);
  const shown = viewAt(replay, position, fetched);
  useEffect(() => {
    if (!shown.pending) return;
    let live = true;
    const view: ReplayView = replay.view;
    const timer = setTimeout(() => {
      client.connection
        .request({
          case: "getReplay",
          // first_event at the end: the page carries no events, only the view asked for.
          value: { matchId, view, firstEvent: replay.events.length, viewAt: position },
        })
        .then((answer) => {
          if (answer.result.case !== "replay" || !answer.result.value.at) return;
          const { at, atEvent } = answer.result.value;
          fetched.set(position, { snapshot: at, includes: atEvent });
          if (live) setVersion((v) => v + 1);
        })
        .catch(() => {}); // the nearest view stays, with its note
    }, kSettleMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [replay, position, shown.pending]);
  return shown;
}
