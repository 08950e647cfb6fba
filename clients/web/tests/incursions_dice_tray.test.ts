import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { GameEventSchema } from "../gen/spacedock/v1/game_pb.js";
import { DiceRollPurpose } from "../gen/spacedock/v1/incursions_pb.js";
import { latestDiceAndDamage, purposeWord } from "../src/ui/incursions/dice_tray.js";

const roll = (total: number) =>
  create(GameEventSchema, {
    text: `rolled ${total}`,
    body: { case: "incursions", value: { body: { case: "diceRolled", value: { dice: [total], total } } } },
  });
const hit = (damage: number) =>
  create(GameEventSchema, {
    text: `hit ${damage}`,
    body: { case: "incursions", value: { body: { case: "damageApplied", value: { damage } } } },
  });
const moved = create(GameEventSchema, {
  text: "moved",
  body: { case: "incursions", value: { body: { case: "vesselMoved", value: {} } } },
});

test("the tray keeps the latest rolls and hits, newest first, and nothing else", () => {
  const latest = latestDiceAndDamage([roll(1), moved, roll(2), hit(5), moved, roll(3)], 3);
  const summary = latest.map((event) =>
    event.body.case === "diceRolled"
      ? `roll ${event.body.value.total}`
      : event.body.case === "damageApplied"
        ? `hit ${event.body.value.damage}`
        : "other",
  );
  assert.deepEqual(summary, ["roll 3", "hit 5", "roll 2"]);
  assert.deepEqual(latestDiceAndDamage([moved]), []);
});

test("every roll purpose has a word, espionage included", () => {
  assert.equal(purposeWord(DiceRollPurpose.ESPIONAGE), "espionage");
  assert.equal(purposeWord(DiceRollPurpose.ROLL_OFF), "roll-off");
  for (const value of Object.values(DiceRollPurpose).filter((v) => typeof v === "number"))
    assert.match(purposeWord(value as DiceRollPurpose), /^[a-z][a-z -]*$/, `purpose ${value}`);
  // A purpose from a newer server than this client is named from the enum, or "roll".
  assert.equal(purposeWord(99 as DiceRollPurpose), "roll");
});
