// A match being played or watched: the players and clocks on top, the game's table, and the
// rail with the open decision, the log and the chat.
import { useEffect, useState } from "preact/hooks";
import { MatchStatus } from "../../../gen/spacedock/v1/lobby_pb.js";
import type { Client } from "../../app/client.js";
import type { Route } from "../../app/route.js";
import { describeError } from "../../net/connection.js";
import { ChatBox } from "../chat_box.js";
import { gameName, seatNames } from "../lobby/names.js";
import { resultLine } from "../result_words.js";
import { missionsOf } from "../stccg/sequence/card_links.js";
import { DecisionWaiting } from "../stccg/sequence/decision_waiting.js";
import { SequenceContext } from "../stccg/sequence/sequence_context.js";
import { afterMatchLinks } from "./after_match.js";
import { Seats } from "./clocks.js";
import { EventLog } from "./event_log.js";
import { GameTable } from "./game_table.js";
import { JoinPanel } from "./join_panel.js";
import { judgeWaitWords } from "./judge_words.js";
import { PromptPanel } from "./prompt_panel.js";

export function MatchPage({ client, route }: { client: Client; route: Extract<Route, { page: "match" }> }) {
  const store = client.match;
  const [error, setError] = useState<string | null>(null);
  const [rail, setRail] = useState<"log" | "chat">("log");
  useEffect(() => {
    if (store.matchId.value === route.matchId) return; // attached by the lobby already
    store
      .follow(client.connection, route.matchId, route.spectate, route.invite, route.judge ?? false)
      .catch((failure) => setError(describeError(failure)));
  }, [route.matchId, route.spectate, route.judge]);
  useEffect(() => () => store.leave(), []);

  const info = store.info.value;
  const snapshot = store.snapshot.value;
  const prompt = store.prompt.value;
  const waiting = store.waiting.value;
  useEffect(() => {
    document.title = prompt || waiting ? "(!) Spacedock" : "Spacedock";
  }, [prompt, waiting]);
  if (error)
    return (
      <section class="panel">
        <p class="error" role="alert">
          {error}
        </p>
        <a href="#/lobby">Back to the lobby</a>
      </section>
    );
  const playing = store.seat() !== undefined && info?.status === MatchStatus.ACTIVE;
  // A judge's table comes only once the game is older than the judge delay: say when.
  const judgeWait =
    store.isJudging() && !snapshot
      ? judgeWaitWords(
          Number(client.session.welcome.value?.judgeDelayMs ?? 0n),
          Number(info?.startedAtMs ?? 0n),
          Date.now(),
        )
      : undefined;
  const invite = info?.inviteCode
    ? `${location.origin}${location.pathname}#/match/${route.matchId}?invite=${info.inviteCode}`
    : "";
  return (
    <div class="match">
      <div class="match-head">
        <h1>
          {info ? gameName(info.game) : "Match"} #{String(route.matchId)}
        </h1>
        <Seats store={store} />
        {store.judgedAsOf.value > 0n && (
          <p class="judge-note" role="status">
            Judge view: every card, as the game stood at {new Date(Number(store.judgedAsOf.value)).toLocaleTimeString()}
          </p>
        )}
        {info?.status === MatchStatus.WAITING && (
          <p class="muted">
            Waiting for players.
            {invite && (
              <>
                {" "}
                Invite link: <input readOnly value={invite} aria-label="Invite link" size={40} />
              </>
            )}
          </p>
        )}
        {info?.result && resultLine(info.result, seatNames(info)) && (
          <p class="result" role="status">
            {resultLine(info.result, seatNames(info))}
          </p>
        )}
        {afterMatchLinks(info).length > 0 && (
          <nav class="after-match" aria-label="After the match">
            {afterMatchLinks(info).map((link) => (
              <a class="button" href={link.href}>
                {link.text}
              </a>
            ))}
          </nav>
        )}
        {info?.status === MatchStatus.WAITING &&
          !info.seats.some((seat) => seat.accountId === client.session.user.value?.accountId) && (
            <JoinPanel client={client} info={info} invite={route.invite} />
          )}
        {playing && (
          <button
            type="button"
            class="danger"
            onClick={() => confirm("Concede this match?") && store.concede().catch(() => {})}
          >
            Concede
          </button>
        )}
      </div>
      <div class="match-body">
        <div class="table-area">
          {snapshot ? (
            <SequenceContext.Provider value={{ player: store.sequence, waiting: waiting !== null }}>
              <GameTable
                snapshot={snapshot}
                store={store}
                link={client.connection}
                imageTemplate={client.session.welcome.value?.cardImageTemplate}
              />
            </SequenceContext.Provider>
          ) : (
            <p class="muted" role="status">
              {judgeWait ?? "The table appears when the match starts."}
            </p>
          )}
        </div>
        <aside class="rail">
          {waiting && !prompt ? (
            <DecisionWaiting player={store.sequence} />
          ) : (
            <PromptPanel store={store} live={client.connection.state.value === "live"} beforeTable={judgeWait} />
          )}
          <div class="tabs" role="tablist">
            <button type="button" role="tab" aria-selected={rail === "log"} onClick={() => setRail("log")}>
              Log
            </button>
            <button type="button" role="tab" aria-selected={rail === "chat"} onClick={() => setRail("chat")}>
              Chat
            </button>
          </div>
          {rail === "log" ? (
            <EventLog
              lines={store.log.value}
              look={(card) => store.sequence.look(card)}
              missions={snapshot?.view.case === "stccg" ? missionsOf(snapshot.view.value) : []}
            />
          ) : (
            <ChatBox messages={store.chat.value} send={(text) => store.say(text)} />
          )}
        </aside>
      </div>
    </div>
  );
}
