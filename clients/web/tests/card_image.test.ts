// Card images: the operator's URL template filled for one card.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardImageUrl, cardSlug } from "../src/ui/cards/card_image.js";

test("a title becomes lower-case words joined by '-'", () => {
  assert.equal(cardSlug("Jean-Luc Picard"), "jean-luc-picard");
  assert.equal(cardSlug("U.S.S. Enterprise"), "uss-enterprise");
  assert.equal(cardSlug("Q's Tent"), "qs-tent");
  assert.equal(cardSlug("  Kivas  Fajo - Collector "), "kivas-fajo-collector");
  assert.equal(cardSlug("Ro Laren (Café)"), "ro-laren-cafe");
});

test("every placeholder is filled, as often as it appears", () => {
  const card = { id: "101_215", title: "U.S.S. Enterprise" };
  assert.equal(
    cardImageUrl("http://img.test/{set}/{number}-{slug}.jpg?id={id}&again={set}", card),
    "http://img.test/101/215-uss-enterprise.jpg?id=101_215&again=101",
  );
  assert.equal(cardImageUrl("http://img.test/{unknown}/{id}.png", card), "http://img.test/{unknown}/101_215.png");
});

test("values are URL-encoded", () => {
  assert.equal(cardImageUrl("/i/{id}", { id: "x/y z", title: "" }), "/i/x%2Fy%20z");
});

test("an id without a set is all number", () => {
  assert.equal(cardImageUrl("/{set}/{number}", { id: "tribble", title: "Tribble" }), "//tribble");
});

test("no template, or a card with no id: no image", () => {
  assert.equal(cardImageUrl("", { id: "101_215", title: "U.S.S. Enterprise" }), "");
  assert.equal(cardImageUrl("http://img.test/{id}.jpg", { id: "", title: "" }), "");
});
