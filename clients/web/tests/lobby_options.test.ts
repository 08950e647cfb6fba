import { test } from "node:test";
import assert from "node:assert/strict";
import { StccgMatchOptionsSchema } from "../gen/spacedock/v1/stccg_pb.js";
import { Game } from "../gen/spacedock/v1/lobby_pb.js";
import { botsOffered } from "../src/ui/lobby/opponents.js";
import { kStccgRuleOptions, ruleGroups } from "../src/ui/lobby/stccg_rule_options.js";

test("every STCCG rule option is offered once, and says what it changes and what holds when off", () => {
  const fields = StccgMatchOptionsSchema.fields.map((field) => field.localName).sort();
  assert.deepEqual(kStccgRuleOptions.map((option) => option.key).sort(), fields);
  for (const option of kStccgRuleOptions) {
    assert.ok(option.words.length > 0, option.key);
    // The source: an ambiguity of stccg-rules.md §6 (A-nn) or a card's reading in the reference.
    assert.match(option.why, /\. Off: .+(A-\d\d|[a-z]+\.md [^)]+)\)\.$/, option.key);
  }
});

test("the rule options fall into groups by their source, each option in exactly one", () => {
  const groups = ruleGroups();
  assert.deepEqual(
    groups.flatMap((group) => group.options.map((option) => option.key)).sort(),
    kStccgRuleOptions.map((option) => option.key).sort(),
  );
  const byTitle = new Map(groups.map((group) => [group.title, group.options]));
  for (const option of byTitle.get("Where the rules documents disagree") ?? [])
    assert.match(option.why, /A-\d\d\)\.$/, option.key);
  for (const option of byTitle.get("Q-Continuum card readings") ?? [])
    assert.match(option.why, /\bqc\.md [^)]+\)\.$/, option.key);
  for (const option of byTitle.get("Blaze of Glory card readings") ?? [])
    assert.match(option.why, /\bbog\.md [^)]+\)\.$/, option.key);
  for (const option of byTitle.get("Premiere and Alternate Universe card readings") ?? [])
    assert.match(option.why, /\b(premiere-[ab]|au)\.md [^)]+\)\.$/, option.key);
  assert.equal(groups.length, 4);
});

test("bots are offered for two-player matches only (the server refuses them for more)", () => {
  assert.equal(botsOffered(Game.INCURSIONS, 2), true);
  for (const players of [3, 4, 5, 6]) assert.equal(botsOffered(Game.INCURSIONS, players), false);
  assert.equal(botsOffered(Game.STCCG, 2), true);
});
