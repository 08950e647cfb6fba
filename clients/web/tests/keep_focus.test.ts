import { test } from "node:test";
import assert from "node:assert/strict";
import { focusLost } from "../src/ui/match/keep_focus.js";

test("the focus counts as lost on the body or on nothing, not on an element", () => {
  const body = { tagName: "BODY" } as unknown as Element;
  const card = { tagName: "BUTTON" } as unknown as Element;
  assert.equal(focusLost(body, body), true);
  assert.equal(focusLost(null, body), true);
  assert.equal(focusLost(card, body), false);
});
