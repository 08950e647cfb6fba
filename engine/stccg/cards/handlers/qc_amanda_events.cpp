// Two Q-events of the Q-Continuum that wait on their owner's table after a Q-Flash and answer
// later moments of the game (cards/ABILITIES.md §8): Jealous Amanda lets a player choose where a
// Love Interest sends its victim (Engine::relocation_chooser), Trust Me lets its owner bring two
// cards from outside the game into their discard pile when the opponent uses an Amanda Rogers.
// Conventions as in q_continuum.cpp: the card's owner is the Q-Continuum's player.
#include <algorithm>
#include <set>
#include <string>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/q_continuum.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kAmandaRogers, kJealousAmanda;

namespace {

// --- Jealous Amanda: not duplicatable; waits on its owner's table. The next card of those it
// names that an Away Team (either player's) meets: its owner may send each personnel the card
// relocates to a planet of their choice instead (or let the card send them), even for the
// owner's own Away Team (CRD IV.12.A); under option jealous_amanda_encounterer_opponent, the
// opponent of that Away Team's player may. Then
// Jealous Amanda is discarded, used or not. Parallel Romance asks it from its own handler
// (au_dilemmas.cpp), and so does Alien Groupie (premiere_interrupts.cpp), an interrupt played
// on an Away Team rather than a card met: it counts as met while it resolves.

bool jealous_amanda_names(const CardDef& def) {
  static constexpr std::string_view kRomances[] = {"Male's Love Interest", "Female's Love Interest",
                                                   "Parallel Romance", "Alien Groupie"};
  return std::find(std::begin(kRomances), std::end(kRomances), def.title()) != std::end(kRomances);
}

// `card` is being met or played: resolving, or its play still under way (a card whose
// resolution asks a question has gone to the discard pile meanwhile).
bool under_way(const Engine& e, CardId card) {
  const State& s = e.state();
  return s.cards[card].zone == Zone::kResolving ||
         std::any_of(s.frames.begin(), s.frames.end(), [&](const Frame& frame) {
           const auto* play = std::get_if<ActionFrame>(&frame);
           return play && play->action.a == card && !play->nullified &&
                  play->step == ActionFrame::Step::kResolving;
         });
}

// `card` is one of those it names, being met or played.
bool romance_under_way(const Engine& e, CardId card) {
  return card != kNoCard && jealous_amanda_names(e.state().def(card)) && under_way(e, card);
}

bool away_team_meets_romance(const Engine& e, const AttemptFrame& f) {
  return f.vessel == kNoCard && romance_under_way(e, f.current);
}

void jealous_amanda_encounter(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  const bool another = std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.handler(c) == &kJealousAmanda && s.cards[c].zone == Zone::kPlay;
  });
  if (another) return e.finish_dilemma(f, ev::Outcome::kDuplicate);
  stay(e, f);
}

Seat jealous_amanda_chooser(const Engine& e, CardId self, CardId card, Seat affected) {
  if (!romance_under_way(e, card)) return kNoSeat;
  return e.state().options.jealous_amanda_encounterer_opponent ? State::other(affected)
                                                               : e.state().cards[self].controller;
}

// Remembers the card met (a counter on it) and, once it has resolved, goes.
void jealous_amanda_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const auto met = std::find_if(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card != self;
  });
  if (met != s.effects.end()) {
    if (!under_way(e, met->card)) e.to_discard(self);
    return;
  }
  const auto remember = [&](CardId card) {
    Effect seen{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    seen.source = self;
    seen.card = card;
    e.add_effect(seen);
  };
  for (const Frame& frame : s.frames) {
    const auto* f = std::get_if<AttemptFrame>(&frame);
    if (f && away_team_meets_romance(e, *f)) return remember(f->current);
    // An Alien Groupie being played on an Away Team that has just completed a mission.
    const auto* play = std::get_if<ActionFrame>(&frame);
    if (play && play->action.kind == ActionKind::kPlayInterrupt &&
        romance_under_way(e, play->action.a))
      return remember(play->action.a);
  }
}

// --- Trust Me: on its owner's table until any Q-Flash (card data). Each time the opponent plays
// an Amanda Rogers against a card without the Q icon, once she has resolved the owner may take
// up to two cards from outside the game into their own discard pile: cards of the sets loaded
// that are played, are not artifacts and share no title with a card of the owner's in the game
// (their deck, side decks, out-of-play cards and all the rest; CRD IV.12.A, QC "Outside the
// Game"). The Amanda seen is remembered (a kUsed mark on her) until she has resolved.

void trust_me_encounter(Engine& e, AttemptFrame& f) {
  stay(e, f);
}

void trust_me_state_check(Engine& e, CardId self) {
  State& s = e.state();
  const Seat user = State::other(s.cards[self].controller);
  const auto marked = [&](CardId amanda) {
    return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
      return x.kind == EffectKind::kUsed && x.source == self && x.card == amanda;
    });
  };
  for (const Frame& frame : s.frames) {
    const auto* play = std::get_if<ActionFrame>(&frame);
    if (!play || play->actor != user || play->action.kind != ActionKind::kPlayInterrupt ||
        s.handler(play->action.a) != &kAmandaRogers || play->action.b == kNoCard ||
        s.cards[play->action.a].zone != Zone::kResolving || has_q_icon(e, play->action.b) ||
        marked(play->action.a))
      continue;
    Effect seen{.kind = EffectKind::kUsed, .until = Until::kSourceLeaves};
    seen.source = self;
    seen.card = play->action.a;
    e.add_effect(seen);
    return;
  }
  const auto resolved = std::find_if(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == self &&
           s.cards[x.card].zone != Zone::kResolving;
  });
  if (resolved == s.effects.end() || !may_start_card_frame(e, self)) return;
  const Effect record = *resolved;
  e.end_effects([&](const Effect& x) { return x == record; });
  s.frames.emplace_back(CardFrame{.card = self, .player = s.cards[self].controller});
}

// The cards `seat` may take from outside the game, one per title.
std::vector<DefIndex> outside_the_game(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::set<std::string> theirs;
  for (const CardState& card : s.cards) {
    if (card.owner == seat) theirs.insert(s.db->def(card.def).title());
  }
  std::vector<DefIndex> out;
  std::set<std::string> offered;
  const auto& defs = s.db->defs();
  for (std::size_t i = 0; i < defs.size(); ++i) {
    const CardDef& def = defs[i];
    if (def.unsupported() || def.card.test_only() || def.type() == v1::STCCG_CARD_TYPE_ARTIFACT ||
        theirs.contains(def.title()) || !offered.insert(def.title()).second)
      continue;
    out.push_back(static_cast<DefIndex>(i));
  }
  return out;
}

void trust_me_step(Engine& e, CardFrame& f) {
  auto taken = e.choose_from_outside(f.player, outside_the_game(e, f.player));
  if (!taken) return;
  if (*taken != kNoDef) e.bring_to_discard(f.player, *taken);
  if (*taken != kNoDef && f.sub == 0) {
    f.sub = 1;  // and a second one
    return;
  }
  e.state().frames.pop_back();  // `f` is gone from here on
}

}  // namespace

extern const Handler kJealousAmanda{
    .name = "jealous_amanda",
    .test = "tests/scenarios/card-qc-jealous-trust.scn",
    .state_check = jealous_amanda_state_check,
    .encounter = jealous_amanda_encounter,
    .chooses_relocation = jealous_amanda_chooser,
};

extern const Handler kTrustMe{
    .name = "trust_me",
    .test = "tests/scenarios/card-qc-jealous-trust.scn",
    .state_check = trust_me_state_check,
    .step = trust_me_step,
    .encounter = trust_me_encounter,
    .choose_label =
        "choose a card from outside the game (not an artifact, no title you have in the game) to "
        "put in your discard pile (done: no more)",
};

}  // namespace spacedock::stccg::handlers
