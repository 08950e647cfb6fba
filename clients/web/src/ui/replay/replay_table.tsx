// The game table at the cursor: the game's own table component, read-only, with a note when
// the view is the nearest one the replay has rather than the one at the cursor.
import { ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";
import { IncursionsTable } from "../incursions/incursions_table.js";
import { StccgTable } from "../stccg/stccg_table.js";
import type { LoadedReplay } from "./replay_load.js";
import { viewAt } from "./replay_position.js";

const nothing = () => {};

export function ReplayTable({ replay, position }: { replay: LoadedReplay; position: number }) {
  const at = viewAt(replay, position);
  const seat = replay.view === ReplayView.PLAYER ? replay.seat : undefined;
  const view = at.snapshot?.view;
  const end = replay.events.length;
  return (
    <div class="replay-table">
      {!at.exact && (
        <p class="replay-note" role="note">
          The server sends the table only at the start and at the end of a replay. Shown: the table{" "}
          {at.shows === "start" ? "at the start, before event 1" : `at the end, after event ${end}`}, the
          nearer of the two; the events list says what happened in between.
        </p>
      )}
      {view?.case === "stccg" ? (
        <StccgTable view={view.value} seat={seat} prompt={null} choose={nothing} />
      ) : view?.case === "incursions" ? (
        <IncursionsTable view={view.value} seat={seat} prompt={null} choose={nothing} />
      ) : (
        <p class="muted">{at.snapshot ? "This client cannot show this game." : "The replay has no table here."}</p>
      )}
    </div>
  );
}
