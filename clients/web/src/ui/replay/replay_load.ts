// Gathers a replay's pages (GetReplay from event 0, then each page's next_event until 0) into
// one whole: the header, the start and final views, every event and the check.
import type { GameEvent, GameSnapshot } from "../../../gen/spacedock/v1/game_pb.js";
import type { MatchInfo } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Replay, ReplayCheck, ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";

export interface LoadedReplay {
  match: MatchInfo | undefined;
  view: ReplayView;
  seat: number; // for REPLAY_VIEW_PLAYER: the seat whose view it is
  start: GameSnapshot | undefined;
  final: GameSnapshot | undefined;
  events: GameEvent[];
  check: ReplayCheck | undefined;
}

export type PageFetcher = (firstEvent: number) => Promise<Replay>;

// A replay of more pages than this is taken for a server that does not move on.
const kMaxPages = 100_000;

export async function loadReplay(
  fetchPage: PageFetcher,
  progress?: (eventsSoFar: number) => void,
): Promise<LoadedReplay> {
  const first = await fetchPage(0);
  const whole: LoadedReplay = {
    match: first.match,
    view: first.view,
    seat: first.seat,
    start: first.start,
    final: first.final,
    events: [...first.events],
    check: first.check,
  };
  let page = first;
  for (let pages = 1; page.nextEvent !== 0; pages++) {
    if (page.nextEvent <= page.firstEvent || pages >= kMaxPages)
      throw new Error(`the server's replay pages do not move on (next page at event ${page.nextEvent})`);
    progress?.(whole.events.length);
    page = await fetchPage(page.nextEvent);
    whole.events.push(...page.events);
    // The last page carries the end; a later header is as good as the first.
    whole.final = page.final ?? whole.final;
    whole.check = page.check ?? whole.check;
    whole.match = page.match ?? whole.match;
  }
  return whole;
}
