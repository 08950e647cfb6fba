// A finished match, replayed: the header, the view picker, the controls, the table at the
// cursor and the list of events. The pages of each view are fetched once and kept while the
// page is open.
import { useEffect, useMemo, useState } from "preact/hooks";
import { ReplayView } from "../../../gen/spacedock/v1/replays_pb.js";
import type { Client } from "../../app/client.js";
import { describeError } from "../../net/connection.js";
import { ReplayControls } from "./replay_controls.js";
import { ReplayEvents } from "./replay_events.js";
import { ReplayHeader } from "./replay_header.js";
import { loadReplay, type LoadedReplay, type PageFetcher } from "./replay_load.js";
import { ReplayTable } from "./replay_table.js";
import { allowedViews, kViewHints, kViewNames } from "./replay_views.js";
import { usePlayback } from "./use_playback.js";
import { useReplayKeys } from "./use_replay_keys.js";
import "./replay.css";

function pages(client: Client, matchId: bigint, view: ReplayView): PageFetcher {
  return async (firstEvent) => {
    const answer = await client.connection.request({ case: "getReplay", value: { matchId, view, firstEvent } });
    if (answer.result.case !== "replay") throw new Error("the server answered without a replay");
    return answer.result.value;
  };
}

// Everything is per match: a new match id starts afresh.
export function ReplayPage({ client, matchId }: { client: Client; matchId: bigint }) {
  return <MatchReplay key={String(matchId)} client={client} matchId={matchId} />;
}

function MatchReplay({ client, matchId }: { client: Client; matchId: bigint }) {
  const me = client.session.user.value?.accountId;
  const loaded = useMemo(() => new Map<ReplayView, LoadedReplay>(), []);
  // UNSPECIFIED first: the server picks the player's own view or the public one.
  const [wanted, setWanted] = useState(ReplayView.UNSPECIFIED);
  const [replay, setReplay] = useState<LoadedReplay | null>(null);
  const [loading, setLoading] = useState<number | null>(0); // events so far; null: not loading
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const kept = loaded.get(wanted);
    if (kept) return setReplay(kept);
    let live = true;
    setLoading(0);
    setError(null);
    loadReplay(pages(client, matchId, wanted), (n) => live && setLoading(n))
      .then((whole) => {
        loaded.set(wanted, whole).set(whole.view, whole);
        if (live) setReplay(whole);
      })
      .catch((failure) => live && setError(describeError(failure)))
      .finally(() => live && setLoading(null));
    return () => void (live = false);
  }, [wanted]);

  const end = replay?.events.length ?? 0;
  const playback = usePlayback(end);
  useReplayKeys(playback, end);

  if (!replay)
    return (
      <section class="panel replay-wait">
        {error ? (
          <>
            <p class="error" role="alert">
              This replay could not be loaded: {error}
            </p>
            <a href="#/lobby">Back to the lobby</a>
          </>
        ) : (
          <p class="loading">Loading the replay… {loading ? `${loading} events so far` : ""}</p>
        )}
      </section>
    );
  return (
    <div class="replay">
      <ReplayHeader matchId={matchId} match={replay.match} check={replay.check} me={me} />
      <div class="replay-views">
        <div class="tabs" role="tablist" aria-label="Whose view">
          {allowedViews(replay.match, me).map((view) => (
            <button
              type="button"
              role="tab"
              aria-selected={replay.view === view}
              title={kViewHints[view]}
              disabled={loading !== null}
              onClick={() => setWanted(view)}
            >
              {kViewNames[view]}
            </button>
          ))}
        </div>
        <span class="muted small">
          {loading !== null ? `Loading… ${loading} events` : `Showing ${kViewHints[replay.view]}.`}
        </span>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </div>
      <ReplayControls playback={playback} events={replay.events} />
      <div class="replay-body">
        <div class="table-area">
          <ReplayTable client={client} matchId={matchId} replay={replay} position={playback.position} />
        </div>
        <aside class="replay-rail">
          <ReplayEvents events={replay.events} position={playback.position} seek={playback.seek} />
        </aside>
      </div>
    </div>
  );
}
