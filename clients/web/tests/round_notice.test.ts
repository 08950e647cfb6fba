import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { EventSchema } from "../gen/spacedock/v1/envelope_pb.js";
import { TournamentUpdate_Kind, TournamentUpdateSchema, type TournamentUpdate } from "../gen/spacedock/v1/tournament_pb.js";
import { Client } from "../src/app/client.js";
import { RoundNotice } from "../src/state/round_notice.js";
import { TableNews } from "../src/ui/events/table_news.js";
import { renderTree, textOf } from "./vnode_text.js";

const started = create(TournamentUpdateSchema, {
  tournamentId: 5n,
  kind: TournamentUpdate_Kind.ROUND_STARTED,
  round: 2,
  message: "Round 2 started",
  yourTable: { round: 2, table: 3, matchId: 40n, opponent: "bob" },
});
const otherNews = (kind: TournamentUpdate_Kind, round = 2) =>
  create(TournamentUpdateSchema, { tournamentId: 5n, kind, round, message: "news" });

test("the round's notice stays through the event's other news until dismissed", () => {
  const notice = new RoundNotice();
  notice.news(started);
  notice.news(otherNews(TournamentUpdate_Kind.TABLE_RESULT));
  notice.news(otherNews(TournamentUpdate_Kind.ENTRANTS));
  notice.news(otherNews(TournamentUpdate_Kind.ROUND_STARTED));  // the event's own copy, without a table
  const tree = renderTree(TableNews({ client: { roundNotice: notice } as unknown as Client }));
  assert.match(textOf(tree), /^Round 2 started: you play bob at table 3\. Open your match/);
  notice.opened({ page: "lobby" });
  notice.opened({ page: "match", matchId: 41n, spectate: true, invite: "" });
  assert.equal(notice.current.value, started);
  notice.dismiss();
  assert.equal(notice.current.value, null);
});

test("opening the match is reading the notice", () => {
  const notice = new RoundNotice();
  notice.news(started);
  notice.opened({ page: "match", matchId: 40n, spectate: false, invite: "" });
  assert.equal(notice.current.value, null);
});

test("a later round the player is not paired in ends the old notice", () => {
  const notice = new RoundNotice();
  notice.news(started);
  notice.news(otherNews(TournamentUpdate_Kind.ROUND_STARTED, 3));
  assert.equal(notice.current.value, null);
});

// The page's globals the Client touches, enough to build one in Node.
function browserless(): () => void {
  const g = globalThis as Record<string, unknown>;
  const saved = { location: g.location, addEventListener: g.addEventListener, document: g.document };
  g.location = { hash: "#/lobby", protocol: "http:", host: "test" };
  g.addEventListener = () => {};
  g.document = { addEventListener: () => {} };
  return () => Object.assign(g, saved);
}

test("the client keeps the notice when the event's next news comes a second later", () => {
  const restore = browserless();
  try {
    const storage = { getItem: () => null, setItem: () => {}, removeItem: () => {} } as unknown as Storage;
    const client = new Client("ws://test/ws", storage);
    const push = (update: TournamentUpdate) =>
      (client as unknown as { event: (e: unknown) => void }).event(
        create(EventSchema, { body: { case: "tournament", value: update } }),
      );
    push(started);
    push(otherNews(TournamentUpdate_Kind.TABLE_RESULT));
    assert.equal(client.tournamentNews.value?.kind, TournamentUpdate_Kind.TABLE_RESULT);
    assert.match(textOf(renderTree(TableNews({ client }))), /you play bob at table 3/);
    client.go({ page: "match", matchId: 40n, spectate: false, invite: "" });
    assert.equal(client.roundNotice.current.value, null);
  } finally {
    restore();
  }
});
