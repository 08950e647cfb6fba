// The Incursions content (ships, hexes, hexpile presets, captains and crew), asked for once per
// page load with ListCards: it does not change while a server runs.
import { useEffect, useState } from "preact/hooks";
import type { IncursionsContent } from "../../../gen/spacedock/v1/incursions_content_pb.js";
import { Game } from "../../../gen/spacedock/v1/lobby_pb.js";
import { describeError, type Connection } from "../../net/connection.js";

let content: Promise<IncursionsContent> | undefined;

export function loadIncursionsContent(link: Connection): Promise<IncursionsContent> {
  content ??= link.request({ case: "listCards", value: { game: Game.INCURSIONS } }).then((answer) => {
    if (answer.result.case !== "cardList" || !answer.result.value.incursions)
      throw new Error("the server answered without the Incursions content");
    return answer.result.value.incursions;
  });
  content.catch(() => (content = undefined)); // a failure is not kept: the next use asks again
  return content;
}

export interface ContentState {
  content?: IncursionsContent;
  error?: string;
}

// The content once it has arrived, or why it could not be had. `wanted` false: not asked for.
export function useIncursionsContent(link: Connection, wanted = true): ContentState {
  const [state, setState] = useState<ContentState>({});
  useEffect(() => {
    if (!wanted || state.content) return;
    let live = true;
    loadIncursionsContent(link)
      .then((loaded) => live && setState({ content: loaded }))
      .catch((failure) => live && setState({ error: describeError(failure) }));
    return () => void (live = false);
  }, [link, wanted]);
  return state;
}
