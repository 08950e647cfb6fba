// Artifacts whose value or effect is more than a modifier (cards/ABILITIES.md §4): Ressikan
// Flute's live points, Betazoid Gift Box's search when earned, Horga'hn's double turns.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kHorgahn;

namespace {

// While a Jenice Manheim is in play, either player's, a Flute counts at most this many (QC).
constexpr int kFluteMusicCapWithJenice = 4;

int ressikan_flute(const Engine& e, CardId self) {
  // 5 points per personnel of its controller in play with Music, each counted once (S-52).
  const State& s = e.state();
  const auto music = s.db->skills().find("Music");
  if (!music) return 0;
  int with_music = 0;
  bool jenice = false;
  for (CardId p : s.in_play) {
    if (!e.is_personnel(p)) continue;
    jenice = jenice || s.def(p).title() == "Jenice Manheim";
    if (s.cards[p].controller == s.cards[self].controller && e.base_facts(p).skills[*music] > 0)
      ++with_music;
  }
  if (jenice) with_music = std::min(with_music, kFluteMusicCapWithJenice);
  return 5 * with_music;
}

// --- Betazoid Gift Box: its earner searches their draw deck and takes three cards of their
// choice (all, with fewer left), shuffles, and the Box is discarded. Taking is not drawing, so
// a Q's Tent does not stop it; taking the last card ends the game (CRD IV.4, IV.6; S-66).

constexpr std::uint8_t kGiftCards = 3;

void gift_box_earned(Engine& e, CardId self, Seat by) {
  e.search_deck(by, true);
  e.state().frames.emplace_back(CardFrame{.card = self, .player = by});
}

void gift_box_step(Engine& e, CardFrame& f) {
  State& s = e.state();
  while (f.sub < kGiftCards && !s.players[f.player].draw.empty()) {
    auto taken = e.pick(f.player, s.players[f.player].draw);
    if (!taken) return;
    e.take_from_deck(f.player, *taken);
    ++f.sub;
    if (s.over) return;
  }
  const CardId box = f.card;
  const Seat player = f.player;
  s.frames.pop_back();  // `f` is gone from here on
  e.search_deck(player, false);
  e.to_discard(box);
}

// --- Horga'hn: on its owner's table, each of their turns may be followed by one extra turn of
// theirs, asked at the end of the turn; an extra turn is not followed by another, and copies
// do not add up (CRD IV.4).

void horgahn_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const Seat owner = s.cards[self].controller;
  if (s.active != owner || first_copy(e, kHorgahn, owner) != self) return;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kExtraTurn && x.player == owner) return;
  }
  s.frames.emplace_back(CardFrame{.card = self, .player = owner});
}

// A double turn taken is a use the other player may answer (Temporal Narcosis).
void horgahn_step(Engine& e, CardFrame& f) {
  auto again = e.yes_no(f.player);
  if (!again) return;
  const CardId self = f.card;
  if (*again) {
    Effect extra{.kind = EffectKind::kExtraTurn, .until = Until::kRemoved};
    extra.player = f.player;
    extra.source = self;
    e.add_effect(extra);
  }
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*again) e.card_acted(self);
}

}  // namespace

extern const Handler kRessikanFlute{
    .name = "ressikan_flute",
    .test = "tests/scenarios/S-52-skill-multiples.scn",
    .live_points = ressikan_flute,
};

extern const Handler kBetazoidGiftBox{
    .name = "betazoid_gift_box",
    .test = "tests/scenarios/artifacts-earned.scn",
    .step = gift_box_step,
    .earned = gift_box_earned,
    .choose_label = "choose a card of your draw deck to take into your hand",
};

extern const Handler kHorgahn{
    .name = "horgahn",
    .test = "tests/scenarios/artifacts-earned.scn",
    .end_of_turn = horgahn_end_of_turn,
    .step = horgahn_step,
    .question = "take another turn after this one?",
    .yes_label = "Take another turn",
    .no_label = "Let the opponent play",
};

}  // namespace spacedock::stccg::handlers
