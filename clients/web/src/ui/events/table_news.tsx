// A bar under the page's header when a tournament round starts: where the player plays, with a
// link to their match, wherever they are in the client. It stays until the player dismisses it
// or opens the match (RoundNotice), whatever other news of the event comes meanwhile.
import type { Client } from "../../app/client.js";

export function TableNews({ client }: { client: Client }) {
  const notice = client.roundNotice;
  const news = notice.current.value;
  if (!news?.yourTable) return null;
  const t = news.yourTable;
  const dismiss = () => notice.dismiss();
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
