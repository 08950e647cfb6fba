import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { GameEventSchema, type GameEvent } from "../gen/spacedock/v1/game_pb.js";
import { EliminationReason, IncursionsEventSchema } from "../gen/spacedock/v1/incursions_pb.js";
import { howPlayersLeft, leavingOf, leavingTag, leavingWords } from "../src/ui/incursions/leaving_words.js";

const event = (body: Parameters<typeof create<typeof IncursionsEventSchema>>[1]): GameEvent =>
  create(GameEventSchema, { body: { case: "incursions", value: create(IncursionsEventSchema, body) } });

test("a player who stayed away past the grace forfeited: not out of time, not conceded", () => {
  const conceded = create(IncursionsEventSchema, { body: { case: "conceded", value: { seat: 1, forfeited: true } } });
  assert.deepEqual(leavingOf(conceded), { seat: 1, how: "forfeited" });
  const eliminated = create(IncursionsEventSchema, {
    body: { case: "playerEliminated", value: { seat: 2, reason: EliminationReason.FORFEITED } },
  });
  assert.deepEqual(leavingOf(eliminated), { seat: 2, how: "forfeited" });
  assert.equal(leavingTag("forfeited"), "Forfeited");
  assert.equal(leavingWords(1, "forfeited", 0, "bob"), "bob forfeited: away longer than the grace");
  assert.equal(leavingWords(1, "forfeited", 1), "You forfeited: away longer than the grace");
});

test("the other ways out keep their words", () => {
  const how = (body: Parameters<typeof create<typeof IncursionsEventSchema>>[1]) =>
    leavingOf(create(IncursionsEventSchema, body))?.how;
  assert.equal(how({ body: { case: "conceded", value: { seat: 0, outOfTime: true } } }), "out of time");
  assert.equal(how({ body: { case: "conceded", value: { seat: 0 } } }), "conceded");
  assert.equal(how({ body: { case: "playerEliminated", value: { seat: 0, reason: EliminationReason.DESTROYED } } }), "destroyed");
  assert.equal(how({ body: { case: "playerEliminated", value: { seat: 0, reason: EliminationReason.OUT_OF_TIME } } }), "out of time");
  assert.equal(how({ body: { case: "turnStarted", value: {} } }), undefined);
  assert.equal(leavingTag(undefined), "Eliminated");
  assert.equal(leavingWords(2, "out of time", 0), "Player 3 ran out of time on the clock");
});

test("each seat's way out is the latest the events gave, kept as more events come", () => {
  const known = howPlayersLeft([
    event({ body: { case: "conceded", value: { seat: 1, forfeited: true } } }),
    event({ body: { case: "playerEliminated", value: { seat: 1, reason: EliminationReason.FORFEITED } } }),
    event({ body: { case: "playerEliminated", value: { seat: 2, reason: EliminationReason.DESTROYED } } }),
  ]);
  howPlayersLeft([event({ body: { case: "turnStarted", value: {} } })], known);
  assert.deepEqual([...known], [[1, "forfeited"], [2, "destroyed"]]);
});
