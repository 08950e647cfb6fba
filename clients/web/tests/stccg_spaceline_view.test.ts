// The spaceline's size setting and bringing the open prompt's targets into sight.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import type { Option } from "../gen/spacedock/v1/game_pb.js";
import { StccgCardType } from "../gen/spacedock/v1/stccg_cards_pb.js";
import { StccgLocationSchema } from "../gen/spacedock/v1/stccg_pb.js";
import { emptyTargets } from "../src/ui/stccg/prompt_targets.js";
import { parseZoom, scrollToShow, targetLocations } from "../src/ui/stccg/spaceline_view.js";
import { locationModel, type Sides } from "../src/ui/stccg/view_model.js";

const sides: Sides = { bottom: 0, top: 1, player: true };
const ref = (handle: number) => ({ handle, cardId: `101_${handle}`, title: `Card ${handle}`, type: StccgCardType.PERSONNEL, owner: 0 });

// Twelve locations; location 7 holds the viewer's outpost with a crew member aboard, location 3 a
// seed the viewer knows.
const models = Array.from({ length: 12 }, (_, index) =>
  locationModel(
    create(StccgLocationSchema, {
      index,
      mission: ref(100 + index),
      seeds: index === 3 ? [ref(300)] : [],
      facilities: index === 7 ? [{ card: ref(200), controller: 0, aboard: [{ card: ref(201), controller: 0 }] }] : [],
    }),
    sides,
  ),
);

const option = {} as Option;

test("the size setting kept in the browser; anything else fits the spaceline to the width", () => {
  assert.equal(parseZoom("large"), "large");
  assert.equal(parseZoom("medium"), "medium");
  assert.equal(parseZoom(null), "fit");
  assert.equal(parseZoom("huge"), "fit");
});

test("the prompt's targets are found at their locations: the place, its mission, seeds and crews", () => {
  const none = emptyTargets();
  assert.deepEqual(targetLocations(none, models), []);

  const aboard = emptyTargets();
  aboard.byCard.set(201, [option]);  // a crew member aboard the outpost at location 7
  assert.deepEqual(targetLocations(aboard, models), [7]);

  const spread = emptyTargets();
  spread.byLocation.set(10, [option]);
  spread.byCard.set(102, [option]);  // the mission at location 2
  spread.byCard.set(300, [option]);  // the seed under location 3
  assert.deepEqual(targetLocations(spread, models), [2, 3, 10]);
});

test("scrolling brings the targets into sight, and stays put when they are", () => {
  const view = { left: 1000, width: 600 };
  // In sight: no scroll.
  assert.equal(scrollToShow(view, { left: 1100, width: 200 }), undefined);
  // Off to the left (the view stayed at the right end while the prompt is about location 7).
  assert.equal(scrollToShow(view, { left: 400, width: 200 }), 392);
  // Off to the right: just enough to show it.
  assert.equal(scrollToShow(view, { left: 1500, width: 200 }), 1108);
  // Two targets that fit together: both shown.
  assert.equal(scrollToShow(view, { left: 200, width: 200 }, { left: 500, width: 200 }), 192);
  assert.equal(scrollToShow(view, { left: 1200, width: 200 }, { left: 1500, width: 200 }), 1108);
  // Too far apart to show both: the first, unless it is in sight already.
  assert.equal(scrollToShow(view, { left: 200, width: 200 }, { left: 2000, width: 200 }), 192);
  assert.equal(scrollToShow(view, { left: 1100, width: 200 }, { left: 3000, width: 200 }), undefined);
  // Never before the start.
  assert.equal(scrollToShow(view, { left: 2, width: 100 }), 0);
});
