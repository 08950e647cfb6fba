import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import {
  StccgAffiliation,
  StccgAttribute,
  StccgIcon,
  StccgModifierSchema,
  StccgScope,
  StccgSkillSchema,
  StccgStaffingSchema,
} from "../gen/spacedock/v1/stccg_cards_pb.js";
import { affiliationName, iconName, modifierWords, skillWords, staffingWords } from "../src/ui/cards/card_words.js";

test("enum words", () => {
  assert.equal(affiliationName(StccgAffiliation.NON_ALIGNED), "Non-Aligned");
  assert.equal(affiliationName(StccgAffiliation.FEDERATION), "Federation");
  assert.equal(iconName(StccgIcon.AU), "Alternate Universe");
  assert.equal(iconName(StccgIcon.GAMMA_QUADRANT), "Gamma quadrant");
  assert.equal(iconName(StccgIcon.KETRACEL_WHITE), "Ketracel-White");
  assert.equal(iconName(StccgIcon.BLOOD_OATH_TARGET), "Blood Oath (target)");
});

test("skills with their multipliers", () => {
  assert.equal(skillWords(create(StccgSkillSchema, { name: "Honor" })), "Honor");
  assert.equal(skillWords(create(StccgSkillSchema, { name: "Diplomacy", times: 2 })), "Diplomacy x2");
  assert.equal(skillWords(create(StccgSkillSchema, { name: "Leadership", times: 1, per: 2 })), "Leadership x1/2");
  assert.equal(
    skillWords(create(StccgSkillSchema, { name: "Tal Shiar", affiliation: StccgAffiliation.ROMULAN })),
    "Tal Shiar (Romulan)",
  );
});

test("staffing and modifiers", () => {
  assert.equal(staffingWords(create(StccgStaffingSchema, { icon: StccgIcon.COMMAND })), "Command icon");
  assert.equal(staffingWords(create(StccgStaffingSchema, { skill: "Empathy", count: 2 })), "Empathy x2");
  assert.equal(
    staffingWords(create(StccgStaffingSchema, { affiliation: StccgAffiliation.NON_ALIGNED })),
    "Non-Aligned icon",
  );
  assert.equal(
    modifierWords(
      create(StccgModifierSchema, {
        scope: StccgScope.PRESENT,
        attribute: StccgAttribute.STRENGTH,
        multiply: 2,
      }),
    ),
    "STRENGTH x2 (your personnel present)",
  );
  assert.equal(
    modifierWords(
      create(StccgModifierSchema, {
        scope: StccgScope.HOST,
        attribute: StccgAttribute.SHIELDS,
        add: 2,
        perFilter: "SCIENCE",
      }),
    ),
    "+2 SHIELDS per SCIENCE (the ship it is on)",
  );
});
