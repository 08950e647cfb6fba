import { test } from "node:test";
import assert from "node:assert/strict";
import { exportFileName, listBytes, listSizeProblem, nameFromFile, nameProblem } from "../src/ui/decks/deck_limits.js";

test("deck names follow the server's rule", () => {
  assert.equal(nameProblem("Borg rush"), null);
  assert.notEqual(nameProblem(""), null);
  assert.notEqual(nameProblem("   "), null);
  assert.notEqual(nameProblem("tab\there"), null);
  assert.equal(nameProblem("é".repeat(64)), null);  // characters, not bytes
  assert.notEqual(nameProblem("x".repeat(65)), null);
});

test("lists are measured in UTF-8 bytes against 16 KiB", () => {
  assert.equal(listBytes("é"), 2);
  assert.equal(listSizeProblem("x".repeat(16 * 1024)), null);
  assert.notEqual(listSizeProblem("x".repeat(16 * 1024 + 1)), null);
});

test("file names in and out", () => {
  assert.equal(nameFromFile("My Feds.txt"), "My Feds");
  assert.equal(nameFromFile("x".repeat(80) + ".TXT").length, 64);
  assert.equal(exportFileName("Feds: v2/final"), "Feds_ v2_final.txt");
  assert.equal(exportFileName("  "), "deck.txt");
});
