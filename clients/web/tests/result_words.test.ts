import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { ResultReason } from "../gen/spacedock/v1/common_pb.js";
import { MatchInfoSchema, MatchResultSchema, MatchStatus } from "../gen/spacedock/v1/lobby_pb.js";
import {
  TableOutcome,
  TournamentInfoSchema,
  TournamentRoundSchema,
} from "../gen/spacedock/v1/tournament_pb.js";
import type { Client } from "../src/app/client.js";
import { Pairings } from "../src/ui/events/pairings.js";
import { ReplayHeader } from "../src/ui/replay/replay_header.js";
import { reasonWords, resultLine } from "../src/ui/result_words.js";
import { findAll, renderTree, textOf } from "./vnode_text.js";

const names = ["alice", "bob"];
const result = (reason: ResultReason, winners: number[], summary = "") =>
  create(MatchResultSchema, { reason, winners, summary });

test("a forfeit reads as a forfeit, never as time; a ruling as the organiser's", () => {
  assert.equal(reasonWords(ResultReason.FORFEIT), "by forfeit: away longer than the grace");
  assert.doesNotMatch(reasonWords(ResultReason.FORFEIT), /time/);
  assert.equal(reasonWords(ResultReason.RULING), "by the organiser's ruling");
  assert.equal(reasonWords(ResultReason.TIME), "on time: a clock ran out");
  assert.equal(reasonWords(99 as ResultReason), "");  // newer than this client
});

test("the result line is the server's summary, else made from the winners and the reason", () => {
  const forfeit = result(ResultReason.FORFEIT, [0], "bob forfeited: away longer than the grace");
  assert.equal(resultLine(forfeit, names), "bob forfeited: away longer than the grace");
  assert.equal(resultLine(result(ResultReason.FORFEIT, [0]), names), "alice won by forfeit: away longer than the grace");
  assert.equal(resultLine(result(ResultReason.RULING, [0, 1]), names), "A draw between alice and bob by the organiser's ruling");
  assert.equal(resultLine(result(ResultReason.RULING, []), names), "Nobody won by the organiser's ruling");
  assert.equal(resultLine(result(ResultReason.UNSPECIFIED, []), names), "");
});

test("the replay's header says a forfeit was one", () => {
  const match = create(MatchInfoSchema, {
    matchId: 4n,
    seats: [{ seat: 0, username: "alice" }, { seat: 1, username: "bob" }],
    result: result(ResultReason.FORFEIT, [0], "bob forfeited: away longer than the grace"),
  });
  const tree = renderTree(ReplayHeader({ matchId: 4n, match, check: undefined, me: undefined }));
  const line = textOf(findAll(tree, (n) => n.class === "result")[0]);
  assert.equal(line, "bob forfeited: away longer than the grace — by forfeit: away longer than the grace");
  const ruled = create(MatchInfoSchema, { ...match, result: result(ResultReason.RULING, [1]) });
  const again = renderTree(ReplayHeader({ matchId: 4n, match: ruled, check: undefined, me: undefined }));
  assert.equal(textOf(findAll(again, (n) => n.class === "result")[0]), "bob won by the organiser's ruling");
});

test("the pairings give a table's own result line, or the organiser's ruling and its reason", () => {
  const client = { session: { user: { value: null } } } as unknown as Client;
  const info = create(TournamentInfoSchema, { tournamentId: 1n, roundsPaired: 1 });
  const round = create(TournamentRoundSchema, {
    round: 1,
    done: true,
    tables: [
      {
        table: 1,
        first: { accountId: 1n, username: "alice" },
        second: { accountId: 2n, username: "bob" },
        matchId: 9n,
        outcome: TableOutcome.FIRST_WINS,
        matchStatus: MatchStatus.FINISHED,
        summary: "bob forfeited: away longer than the grace",
      },
      {
        table: 2,
        first: { accountId: 3n, username: "carol" },
        second: { accountId: 4n, username: "dave" },
        matchId: 10n,
        outcome: TableOutcome.DRAW,
        matchStatus: MatchStatus.FINISHED,
        overrideReason: "agreed draw",
        summary: "the organiser ruled a draw between carol and dave",
      },
    ],
  });
  const tree = renderTree(Pairings({ client, info, round, organising: false, onRound: () => {} }));
  const rows = findAll(tree, (n) => n.tag === "tr" && n.props["data-table"] !== undefined).map(textOf);
  assert.match(rows[0], /alice won\s*bob forfeited: away longer than the grace/);
  assert.match(rows[1], /a draw\s*by the organiser's ruling: agreed draw/);
  assert.doesNotMatch(rows.join(" "), /ran out of time/);
});
