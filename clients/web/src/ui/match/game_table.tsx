// The table of whichever game the snapshot is of.
import { useMemo, useRef } from "preact/hooks";
import type { GameEvent, GameSnapshot } from "../../../gen/spacedock/v1/game_pb.js";
import type { Connection } from "../../net/connection.js";
import type { MatchStore } from "../../state/match.js";
import { useCardsById } from "../cards/card_data.js";
import { seatNames } from "../lobby/names.js";
import { useIncursionsContent } from "../incursions/content_data.js";
import { DiceTray } from "../incursions/dice_tray.js";
import { IncursionsTable } from "../incursions/incursions_table.js";
import { howPlayersLeft, type Leaving } from "../incursions/leaving_words.js";
import { StccgTable } from "../stccg/stccg_table.js";

// How each Incursions player left, from every event this match has shown (the store keeps only
// the latest few, and a player may leave long before the game ends).
function useHowPlayersLeft(events: readonly GameEvent[], matchId: bigint | null): ReadonlyMap<number, Leaving> {
  const known = useRef({ matchId, left: new Map<number, Leaving>() });
  if (known.current.matchId !== matchId) known.current = { matchId, left: new Map() };
  return useMemo(() => new Map(howPlayersLeft(events, known.current.left)), [events, matchId]);
}

// `imageTemplate`: Welcome.card_image_template, where STCCG card pictures come from ("": none).
export function GameTable(props: {
  snapshot: GameSnapshot;
  store: MatchStore;
  link: Connection;
  imageTemplate?: string;
}) {
  const { snapshot, store } = props;
  const cards = useCardsById(props.link, snapshot.view.case === "stccg");
  // What each hex does (the hex panel under the map), asked for once.
  const { content } = useIncursionsContent(props.link, snapshot.view.case === "incursions");
  const prompt = store.prompt.value;
  const choose = (optionId: bigint) => store.choose([optionId]);
  const names = seatNames(store.info.value);
  const left = useHowPlayersLeft(store.recent.value, store.matchId.value);
  switch (snapshot.view.case) {
    case "stccg":
      return (
        <StccgTable
          view={snapshot.view.value}
          seat={store.seat()}
          prompt={prompt}
          choose={choose}
          names={names}
          cards={cards}
          imageTemplate={props.imageTemplate}
        />
      );
    case "incursions": {
      return (
        <>
          <DiceTray events={store.recent.value} names={names} view={snapshot.view.value} />
          <IncursionsTable
            view={snapshot.view.value}
            seat={store.seat()}
            prompt={prompt}
            choose={choose}
            names={names}
            content={content}
            events={store.recent.value}
            autoPassed={store.autoAnswered.value?.count ?? 0}
            left={left}
          />
        </>
      );
    }
    default:
      return <p class="muted">This client cannot show this game.</p>;
  }
}
