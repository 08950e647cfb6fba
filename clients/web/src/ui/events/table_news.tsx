// A bar under the page's header when a tournament round starts: where the player plays, with a
// link to their match, wherever they are in the client.
import { TournamentUpdate_Kind } from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";

export function TableNews({ client }: { client: Client }) {
  const news = client.tournamentNews.value;
  if (!news || news.kind !== TournamentUpdate_Kind.ROUND_STARTED || !news.yourTable) return null;
  const t = news.yourTable;
  const dismiss = () => (client.tournamentNews.value = null);
  return (
    <div class="banner table-news" role="status">
      {news.message}:{" "}
      {t.bye ? (
        <>you have a bye this round (table {t.table}).</>
      ) : (
        <>
          you play {t.opponent} at table {t.table}.{" "}
          <a href={`#/match/${t.matchId}`} onClick={dismiss}>
            Open your match
          </a>
        </>
      )}{" "}
      <a href={`#/event/${news.tournamentId}`}>The event</a>{" "}
      <button type="button" class="link" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
