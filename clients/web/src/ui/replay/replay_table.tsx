// The game table at the cursor: the game's own table component, read-only. Views between the
// start and the end come from the server; until one arrives the nearest known is shown, noted.
import { useMemo } from "preact/hooks";
import { ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";
import type { Client } from "../../app/client.js";
import { useIncursionsContent } from "../incursions/content_data.js";
import { IncursionsTable } from "../incursions/incursions_table.js";
import { howPlayersLeft } from "../incursions/leaving_words.js";
import { StccgTable } from "../stccg/stccg_table.js";
import type { LoadedReplay } from "./replay_load.js";
import { useCardsById } from "../cards/card_data.js";
import { seatNames } from "../lobby/names.js";
import { useViewAt } from "./use_view_at.js";

const nothing = () => {};

export function ReplayTable(props: { client: Client; matchId: bigint; replay: LoadedReplay; position: number }) {
  const { replay, position } = props;
  const at = useViewAt(props.client, props.matchId, replay, position);
  const seat = replay.view === ReplayView.PLAYER ? replay.seat : undefined;
  const view = at.snapshot?.view;
  const cards = useCardsById(props.client.connection, view?.case === "stccg");
  const { content } = useIncursionsContent(props.client.connection, view?.case === "incursions");
  const names = seatNames(replay.match);
  // How eliminated players left, as of the table shown.
  const left = useMemo(() => howPlayersLeft(replay.events.slice(0, at.includes)), [replay, at.includes]);
  return (
    <div class="replay-table">
      {at.pending ? (
        <p class="replay-note" role="note">
          Fetching the table after event {position}; shown meanwhile: the table after event {at.includes}.
        </p>
      ) : (
        at.includes > position && (
          <p class="replay-note" role="note">
            Events {position} to {at.includes} came from one decision: the table shows them all.
          </p>
        )
      )}
      {view?.case === "stccg" ? (
        <StccgTable
          view={view.value}
          seat={seat}
          prompt={null}
          choose={nothing}
          names={names}
          cards={cards}
          imageTemplate={props.client.session.welcome.value?.cardImageTemplate}
        />
      ) : view?.case === "incursions" ? (
        <IncursionsTable
          view={view.value}
          seat={seat}
          prompt={null}
          choose={nothing}
          names={names}
          content={content}
          left={left}
        />
      ) : (
        <p class="muted">{at.snapshot ? "This client cannot show this game." : "The replay has no table here."}</p>
      )}
    </div>
  );
}
