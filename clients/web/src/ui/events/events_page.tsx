// The Events page: the server's tournaments, and for organisers the form that creates one.
import { useEffect, useState } from "preact/hooks";
import { TournamentStatus, type TournamentInfo } from "../../../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { CreateEvent } from "./create_event.js";
import { settingsLine, statusName } from "./event_words.js";
import "./events.css";

const kTabs: [string, TournamentStatus[]][] = [
  ["Open and running", [TournamentStatus.REGISTRATION, TournamentStatus.RUNNING]],
  ["Finished", [TournamentStatus.FINISHED]],
];

export function EventsPage({ client }: { client: Client }) {
  const [tab, setTab] = useState(0);
  const [events, setEvents] = useState<TournamentInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const news = client.tournamentNews.value;
  useEffect(() => {
    client.connection
      .request({ case: "listTournaments", value: { statuses: kTabs[tab][1] } })
      .then((answer) => answer.result.case === "tournaments" && setEvents(answer.result.value.tournaments))
      .catch((failure) => setError(describeError(failure)));
  }, [tab, news]);
  const organiser = client.session.user.value?.organiser ?? false;
  return (
    <div class="events">
      <section class="panel" aria-label="Events">
        <div class="list-head">
          <h2>Events</h2>
          <div class="tabs" role="tablist">
            {kTabs.map(([name], i) => (
              <button type="button" role="tab" aria-selected={i === tab} onClick={() => setTab(i)}>
                {name}
              </button>
            ))}
          </div>
        </div>
        {error && <p class="error">{error}</p>}
        {events === null ? (
          <p class="muted">Loading…</p>
        ) : events.length === 0 ? (
          <p class="muted">No events here yet.</p>
        ) : (
          <ul class="event-list">
            {events.map((e) => (
              <li>
                <a href={`#/event/${e.tournamentId}`}>
                  <strong>{e.settings?.name}</strong>
                </a>{" "}
                <span class="badge">{statusName(e.status)}</span>
                {e.registered && <span class="badge mine">registered</span>}
                {e.registrationOpen && <span class="badge open">you may register</span>}
                <div class="small muted">
                  {e.settings && settingsLine(e.settings, e.swissRounds)} · organised by {e.organiser}
                  {e.roundsPaired > 0 && ` · round ${e.roundsPaired}`}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {organiser ? (
        <CreateEvent client={client} />
      ) : (
        <p class="hint">Organisers create events here; a server's administrator makes an account an organiser.</p>
      )}
    </div>
  );
}
