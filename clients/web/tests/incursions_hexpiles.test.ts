import { test } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { h } from "preact";
import { IncursionsViewSchema } from "../gen/spacedock/v1/incursions_pb.js";
import { Hexpiles } from "../src/ui/incursions/hexpiles.js";
import { renderTree, textOf } from "./vnode_text.js";

const view = create(IncursionsViewSchema, {
  hexpiles: [
    { ownerSeat: 0, remaining: 16, hexpoints: 30 },
    { ownerSeat: 1, remaining: 12, hexpoints: 30, ownHexes: ["nebula"] },
  ],
});

test("the hexpiles are named after their players, as their names are written", () => {
  const text = textOf(renderTree(h(Hexpiles, { view, me: 0, names: ["alice", "bot (easy)"] })));
  assert.match(text, /Your pile: 16 left/);
  assert.match(text, /bot \(easy\)'s pile: 12 left/);
  assert.match(text, /Hexes left in bot \(easy\)'s pile \(1\)/);
  // A spectator, and a page without names.
  assert.match(textOf(renderTree(h(Hexpiles, { view, me: undefined, names: ["alice", "bob"] }))), /alice's pile: 16 left/);
  assert.match(textOf(renderTree(h(Hexpiles, { view, me: 0 }))), /Player 2's pile: 12 left/);
});
