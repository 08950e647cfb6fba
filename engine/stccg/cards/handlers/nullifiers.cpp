// Cards that nullify other cards (cards/ABILITIES.md §6): Amanda Rogers (an interrupt just
// played, or a card that names her as a nullifier), Kevin Uxbridge (an event in play or being
// played), Q2 (those two, or a Q-related dilemma being met), and a rule fixture that nullifies a
// doorway just played. A nullifier aimed at a card being played resolves before it (§3.16).
#include <algorithm>
#include <string>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kAmandaRogers, kKevinUxbridge;

namespace {

// How an artifact with two ways to be played (Tox Uthat) is played: as its play waiting to
// resolve names it, else (on the table) as its first way.
v1::StccgPlayAs played_as(const Engine& e, CardId c) {
  const auto& artifact = e.state().def(c).card.artifact();
  if (artifact.also_play_as() == v1::STCCG_PLAY_AS_UNSPECIFIED) return artifact.play_as();
  const auto as = [](const Action& play) {
    return play.kind == ActionKind::kPlayInterrupt ? v1::STCCG_PLAY_AS_INTERRUPT
                                                   : v1::STCCG_PLAY_AS_EVENT;
  };
  for (const Frame& frame : e.state().frames) {
    const auto* action = std::get_if<ActionFrame>(&frame);
    if (!action) continue;
    if (action->action.a == c) return as(action->action);
    for (const auto& [seat, response] : action->responses) {
      if (response.a == c) return as(response);
    }
  }
  return artifact.play_as();
}

// Of that type, or an artifact played from the hand as one (CRD II.1 "Played as": a nullifier
// of interrupts or of events reaches it); not one placed at once when earned (Horga'hn).
bool is_type(const Engine& e, CardId c, v1::StccgCardType type) {
  const CardDef& def = e.state().def(c);
  if (def.type() == v1::STCCG_CARD_TYPE_ARTIFACT && def.card.artifact().to_hand()) {
    const auto as = played_as(e, c);
    return (type == v1::STCCG_CARD_TYPE_INTERRUPT && as == v1::STCCG_PLAY_AS_INTERRUPT) ||
           (type == v1::STCCG_CARD_TYPE_EVENT && as == v1::STCCG_PLAY_AS_EVENT);
  }
  return def.type() == type;
}

Rule target_still_playing(const Engine& e, Seat, const Action& play) {
  return e.state().cards[play.b].zone == Zone::kResolving ? Rule::kOk : Rule::kNoTarget;
}

void nullify_target(Engine& e, ActionFrame& f) {
  if (e.state().cards[f.action.b].zone == Zone::kResolving) e.nullify(f.action.b);
}

// Whether `target` names `nullifier` (its title or colon group) among the cards that may also
// nullify it (StccgNullifiers.may_be_nullified_by: Amanda Rogers for Scottish Setter).
bool names_as_nullifier(const Engine& e, CardId target, CardId nullifier) {
  const CardDef& by = e.state().def(nullifier);
  const auto& titles = e.state().def(target).card.nullifiers().may_be_nullified_by();
  return std::any_of(titles.begin(), titles.end(),
                     [&](const std::string& t) { return t == by.title() || t == by.title_group; });
}

// Amanda Rogers: an interrupt just played, or any card, played or in play, that names her.
void amanda_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (window) {
    answer_plays(e, seat, self, out, [&](CardId c) {
      return is_type(e, c, v1::STCCG_CARD_TYPE_INTERRUPT) || names_as_nullifier(e, c, self);
    });
  }
  if (window && window->kind == WindowKind::kDilemma) return;  // only dilemma cancellers there
  for (CardId c : e.state().in_play) {
    if (names_as_nullifier(e, c, self) && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule amanda_still_legal(const Engine& e, Seat, const Action& play) {
  const Zone zone = e.state().cards[play.b].zone;
  if (zone == Zone::kResolving) return Rule::kOk;
  return zone == Zone::kPlay && names_as_nullifier(e, play.b, play.a) ? Rule::kOk : Rule::kNoTarget;
}

void amanda_resolve(Engine& e, ActionFrame& f) {
  if (amanda_still_legal(e, f.actor, f.action) == Rule::kOk) e.nullify(f.action.b);
}

// Events on the table or on a card, and a dilemma that stays on the table as an event
// (Interphasic Plasma Creatures, CRD IV.5A); treaties are immune (CRD II.4 errata).
bool kevin_may_hit(const Engine& e, CardId event) {
  const CardState& card = e.state().cards[event];
  if (is_type(e, event, v1::STCCG_CARD_TYPE_DILEMMA))
    return card.zone == Zone::kPlay && card.where == Where::kTable;
  return is_type(e, event, v1::STCCG_CARD_TYPE_EVENT) &&
         e.state().def(event).card.event().treaty().empty();
}

void kevin_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window) answer_plays(e, seat, self, out, [&](CardId c) { return kevin_may_hit(e, c); });
  if (window && window->kind == WindowKind::kDilemma) return;  // only dilemma cancellers there
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (kevin_may_hit(e, c) && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void kevin_resolve(Engine& e, ActionFrame& f) {
  nullify_played_or_in_play(e, f);
}

// "Q-related": a dilemma with the Q icon or named for Q (CRD IV.8 Q2).
bool q_related_dilemma(const Engine& e, CardId c) {
  const CardDef& def = e.state().def(c);
  if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA) return false;
  for (const std::string& keyword : def.card.keywords()) {
    if (keyword == "Q-related dilemma") return true;
  }
  return (def.icons & (1u << v1::STCCG_ICON_Q)) != 0;
}

void q2_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
              std::vector<Action>& out) {
  if (!window) return;
  if (window->kind == WindowKind::kDilemma) {
    if (q_related_dilemma(e, window->about) && e.may_nullify(self, window->about))
      out.push_back({ActionKind::kPlayInterrupt, self, window->about});
    return;
  }
  // By the colon rule, the whole of each group: Kevin Uxbridge: Convergence too (CRD II.1).
  answer_plays(e, seat, self, out, [&](CardId c) {
    const std::string& group = e.state().def(c).title_group;
    return group == "Amanda Rogers" || group == "Kevin Uxbridge";
  });
}

// --- Test Treaty Breaker (a rules fixture for S-57): nullifies a treaty in play.

bool is_treaty(const Engine& e, CardId c) {
  const CardDef& def = e.state().def(c);
  return def.type() == v1::STCCG_CARD_TYPE_EVENT && !def.card.event().treaty().empty() &&
         e.state().in_play_at(c);
}

void treaty_breaker_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                          std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  for (CardId c : e.state().in_play) {
    if (is_treaty(e, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule treaty_still_in_play(const Engine& e, Seat, const Action& play) {
  return is_treaty(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void break_treaty(Engine& e, ActionFrame& f) {
  e.emit(ev::Nullified{f.action.b, e.state().cards[f.action.b].def});
  e.to_discard(f.action.b);
}

// --- Test Door Jammer (rule fixture, S-64 c): a doorway the opponent has just played from hand
// is nullified, as Wrong Door does to a Q's Tent (handlers/title_nullifiers.cpp).

void door_jammer_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                       std::vector<Action>& out) {
  if (!window) return;
  answer_plays(e, seat, self, out,
               [&](CardId c) { return is_type(e, c, v1::STCCG_CARD_TYPE_DOORWAY); });
}

}  // namespace

extern const Handler kTestTreatyBreaker{
    .name = "test_treaty_breaker",
    .test = "tests/scenarios/S-57-treaty-broken.scn",
    .plays = treaty_breaker_plays,
    .still_legal = treaty_still_in_play,
    .resolve = break_treaty,
};

extern const Handler kAmandaRogers{
    .name = "amanda_rogers",
    .test = "tests/scenarios/nullification-chain.scn",
    .plays = amanda_plays,
    .still_legal = amanda_still_legal,
    .resolve = amanda_resolve,
};

extern const Handler kKevinUxbridge{
    .name = "kevin_uxbridge",
    .test = "tests/scenarios/S-57-treaty-broken.scn",
    .plays = kevin_plays,
    .still_legal = target_played_or_in_play,
    .resolve = kevin_resolve,
};

extern const Handler kQ2{
    .name = "q2",
    .test = "tests/scenarios/nullification-chain.scn",
    .plays = q2_plays,
    .still_legal = target_still_playing,
    .resolve = nullify_target,
};

extern const Handler kTestDoorJammer{
    .name = "test_door_jammer",
    .test = "tests/scenarios/S-64-q-tent-constraints.scn",
    .plays = door_jammer_plays,
    .still_legal = target_still_playing,
    .resolve = nullify_target,
};

}  // namespace spacedock::stccg::handlers
