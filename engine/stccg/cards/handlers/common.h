#pragma once

// Small helpers shared by several handler families: placing a card that stays in play and the
// turn it arrived (for cards that act only from a later turn on), limited uses, the one copy of
// a card that is not cumulative that has effect, nullifying a card played or in play, whether a
// play's target is still in play, skill counts, the ship battle starting, and where a member
// may beam up to.
#include <algorithm>
#include <utility>
#include <vector>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

// Puts `self`, being played by `by`, on the table (no host) or on `host`, and marks the turn.
inline void place(Engine& e, CardId self, Seat by, CardId host = kNoCard) {
  if (host == kNoCard) {
    e.move_card(self, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, by);
  } else {
    e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, host, by);
  }
  Effect since{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  since.source = self;
  since.card = self;
  since.value = static_cast<std::int16_t>(e.state().turn);
  e.add_effect(since);
}

// The ships and facilities of the attempting player's at the attempt's location that `member`
// may beam up to (Punishment Zone, Portal Guard).
inline std::vector<CardId> beam_up_destinations(const Engine& e, const AttemptFrame& f,
                                                CardId member) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId v : s.in_play_where(Where::kSpace)) {
    if (s.cards[v].controller == f.player && s.cards[v].loc == f.loc &&
        e.check_transfer(f.player, member, v, f.loc) == Rule::kOk)
      out.push_back(v);
  }
  return out;
}

// An event its player plays on the table as their card play, in their turn (not in a window).
inline void plays_on_table(const Engine&, Seat, CardId self, const WindowFrame* window,
                           std::vector<Action>& out) {
  if (!window) out.push_back({ActionKind::kPlayEvent, self});
}

// What such a play does: the event stays on its player's table.
inline void place_on_table(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor);
}

// The cards `source` has marked with a counter (those it put out of play, or disabled).
inline std::vector<CardId> marked_by(const Engine& e, CardId source) {
  std::vector<CardId> out;
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == source && x.card != kNoCard)
      out.push_back(x.card);
  }
  return out;
}

// The turn `self` was placed in; 0 for a card that was in play from the start.
inline int placed_on_turn(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == self) return x.value;
  }
  return 0;
}

// A dilemma holding personnel for some turns (Chinese Finger Puzzle, Parallel Romance): a
// kCounter effect per personnel held, from `self`, with the full turns left. At the start of
// each turn those still held are stopped.
inline void stop_held_counters(Engine& e, CardId self) {
  State& s = e.state();
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card != self && x.value > 0 &&
        s.in_play_at(x.card))
      e.stop(x.card);
  }
}

// Each full turn of its player's after the one it was met in counts one off; once nobody is
// held any longer, the dilemma is discarded.
inline void count_down_held_counters(Engine& e, CardId self) {
  State& s = e.state();
  if (s.cards[self].controller != s.active || placed_on_turn(e, self) == s.turn) return;
  bool held = false;
  for (Effect& x : s.effects) {
    if (x.kind != EffectKind::kCounter || x.source != self || x.card == self) continue;
    if (x.value > 0) --x.value;
    held = held || (x.value > 0 && s.in_play_at(x.card));
  }
  if (!held) e.to_discard(self);
}

// `card`'s `attribute` changes by `value` for as long as `source` stays in play.
inline Effect& add_attribute_while(Engine& e, CardId source, CardId card, Attribute attribute,
                                   int value) {
  Effect change{.kind = EffectKind::kAttribute, .until = Until::kSourceLeaves};
  change.attribute = attribute;
  change.source = source;
  change.card = card;
  change.value = static_cast<std::int16_t>(value);
  return e.add_effect(change);
}

// The spaceline location of mission `mission`, or kNoLoc when it makes none.
inline LocIndex mission_location(const State& s, CardId mission) {
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (s.spaceline[loc].mission == mission) return loc;
  }
  return kNoLoc;
}

// Limited uses ("once per turn", "once per game"): `source` spent its use, by `by`, until
// `until` ends the mark (Until::kEndOfTurn for a turn, Until::kRemoved for the game).
inline void spend_use(Engine& e, CardId source, Seat by, Until until) {
  Effect spent{.kind = EffectKind::kUsed, .until = until};
  spent.source = source;
  spent.player = by;
  e.add_effect(spent);
}

// Whether `source`'s limited use is spent.
inline bool use_spent(const Engine& e, CardId source) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == source;
  });
}

// Whether a use of `source` marked until `until` is spent: a card with a limit per turn and a
// fact kept while it stays (John Doe saved someone this turn, and ever) keeps the two apart.
inline bool use_spent(const Engine& e, CardId source, Until until) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == source && x.until == until;
  });
}

// Whether `by` spent the use of a card with `handler`: a limit per player on a title rather than
// on one copy (one Phaser Array Power Cell a turn).
inline bool title_use_spent(const Engine& e, Seat by, const Handler& handler) {
  const State& s = e.state();
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.player == by && s.handler(x.source) == &handler;
  });
}

// The first card in play of `seat` with `handler`: the one copy of a card that is not
// cumulative which has effect.
inline CardId first_copy(const Engine& e, const Handler& handler, Seat seat) {
  const State& s = e.state();
  for (CardId c : s.handled_in_play) {
    if (s.handler(c) == &handler && s.cards[c].controller == seat) return c;
  }
  return kNoCard;
}

// Nullifying a card being played or one in play (Kevin Uxbridge, a Q-Flash played from hand):
// whether the target is still one of those, and the nullification.
inline Rule target_played_or_in_play(const Engine& e, Seat, const Action& play) {
  const Zone zone = e.state().cards[play.b].zone;
  return zone == Zone::kResolving || zone == Zone::kPlay ? Rule::kOk : Rule::kNoTarget;
}

inline void nullify_played_or_in_play(Engine& e, const ActionFrame& f) {
  if (target_played_or_in_play(e, f.actor, f.action) == Rule::kOk) e.nullify(f.action.b);
}

// Whether the card a play targets (a ship, say) is still in play as it resolves.
inline Rule target_in_play(const Engine& e, Seat, const Action& play) {
  return e.state().in_play_at(play.b) ? Rule::kOk : Rule::kNoTarget;
}

// Which side of a ship battle `seat` fights on, or -1 when not in it (a self-controlling card
// attacks only one player).
inline int ship_battle_side(const ShipBattleFrame& b, Seat seat) {
  return seat == b.seat[0] ? 0 : seat == b.seat[1] ? 1 : -1;
}

// The ship battle whose "start of battle" window `window` is, if it is one (Battle Bridge Door,
// Attack Pattern Delta).
inline const ShipBattleFrame* starting_battle(const Engine& e, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kBattleStart) return nullptr;
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  return b && b->step == ShipBattleFrame::Step::kStart && b->loc == window->loc ? b : nullptr;
}

// Whether `group` has `halves` of a skill or classification (2 per personnel with it, x1).
inline bool has_skill(const Engine& e, const std::vector<CardId>& group, SkillId skill,
                      int halves) {
  int total = 0;
  for (CardId c : group)
    total += e.facts(c).skills[skill];
  return total >= halves;
}

// Whether the card bears the Q icon (the cards of a Q-Continuum).
inline bool has_q_icon(const Engine& e, CardId c) {
  return (e.state().traits(c).icons & (1u << v1::STCCG_ICON_Q)) != 0;
}

// Whether a member of the group meeting `f.current` wins that card's side game for its player:
// a where_present WINS entry naming its title or its colon group (Mickey D. and the Royale
// Casino dilemmas, CRD IV.10.E).
inline bool side_game_won_by_presence(const Engine& e, const AttemptFrame& f) {
  const State& s = e.state();
  const std::string& title = s.def(f.current).title();
  return std::any_of(f.members.begin(), f.members.end(), [&](CardId member) {
    if (!e.is_personnel(member)) return false;
    const auto& entries = s.def(member).card.personnel().where_present();
    return std::any_of(entries.begin(), entries.end(), [&](const v1::StccgWherePresent& entry) {
      return entry.effect() == v1::STCCG_PRESENCE_EFFECT_WINS &&
             (title == entry.title() || title.starts_with(entry.title() + ":"));
    });
  });
}

// A ship taken out of play for a time with everything aboard and on it (Temporal Rift, Time
// Travel Pod): the cards are stored under `holder`, a card on the table (Zone::kStored: not in
// play, so nothing reaches them and what is on them waits), until `holder` brings them back.
// Each is remembered by a counter of `holder`: `card` the card, `player` its controller; for the
// ship `loc`, where it was; for the others `value`, what it was on or aboard, and `flag`, on
// rather than aboard.

// `root` and the cards aboard or on it, and on those, parents before children.
inline std::vector<CardId> cargo_of(const Engine& e, CardId root) {
  const State& s = e.state();
  std::vector<CardId> out{root};
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (CardId c : s.in_play) {
      const CardState& card = s.cards[c];
      if (card.host == out[i] && (card.where == Where::kAboard || card.where == Where::kOn))
        out.push_back(c);
    }
  }
  return out;
}

inline void store_ship(Engine& e, CardId holder, CardId ship) {
  const std::vector<CardId> cargo = cargo_of(e, ship);
  Effect at{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  at.source = holder;
  at.card = ship;
  at.loc = e.state().cards[ship].loc;
  at.player = e.state().cards[ship].controller;
  e.add_effect(at);
  for (auto c = cargo.rbegin(); c != cargo.rend(); ++c) {  // children first: none is discarded
    const CardState& card = e.state().cards[*c];
    if (*c != ship) {
      Effect held{.kind = EffectKind::kCounter,
                  .until = Until::kSourceLeaves,
                  .flag = card.where == Where::kOn};
      held.source = holder;
      held.card = *c;
      held.value = static_cast<std::int16_t>(card.host);
      held.player = card.controller;
      e.add_effect(held);
    }
    e.move_card(*c, Zone::kStored, Where::kNone, kNoLoc, holder);
  }
}

// The counter remembering the ship `holder` stores, or nullptr.
inline const Effect* stored_ship(const Engine& e, CardId holder) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == holder && x.card != holder && x.loc != kNoLoc)
      return &x;
  }
  return nullptr;
}

inline Effect* stored_ship(Engine& e, CardId holder) {
  return const_cast<Effect*>(stored_ship(std::as_const(e), holder));
}

// Everything `holder` stores comes back where it was, the ship first.
inline void return_stored_ship(Engine& e, CardId holder) {
  const State& s = e.state();
  // Recorded the ship first, then children before parents: they come back the other way.
  std::vector<Effect> taken;
  for (const Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == holder && x.card != holder)
      taken.push_back(x);
  }
  if (!taken.empty()) std::reverse(taken.begin() + 1, taken.end());
  for (const Effect& x : taken) {
    if (s.cards[x.card].zone != Zone::kStored || s.cards[x.card].host != holder) continue;
    if (x.loc != kNoLoc) {
      e.move_card(x.card, Zone::kPlay, Where::kSpace, x.loc, kNoCard, x.player);
    } else {
      const auto host = static_cast<CardId>(x.value);
      e.move_card(x.card, Zone::kPlay, x.flag ? Where::kOn : Where::kAboard, kNoLoc, host,
                  x.player);
    }
  }
}

// Madred's point (qc.md, BoG): 1 while a Madred of the controller of `event` (a Torture or an
// Interrogation) is aboard the facility that holds `captive`, its target; else 0
// (handlers/captive_cards.cpp).
int madred_bonus(const Engine& e, CardId event, CardId captive);

// Whether a card's state check may start its own frame now: only between decisions (an answer
// waiting would go to the new frame), and one at a time.
inline bool may_start_card_frame(const Engine& e, CardId self) {
  const State& s = e.state();
  if (s.decision_open || s.answer) return false;
  return std::none_of(s.frames.begin(), s.frames.end(), [&](const Frame& frame) {
    const auto* f = std::get_if<CardFrame>(&frame);
    return f && f->card == self;
  });
}

// Cards of the opponent being played, which a nullifier may answer.
template <typename Fits>
void answer_plays(const Engine& e, Seat seat, CardId self, std::vector<Action>& out, Fits fits) {
  // Offered in card order.
  std::vector<CardId> played;
  for (CardId c : e.state().resolving) {
    if (e.just_played(c, State::other(seat)) && fits(c) && e.may_nullify(self, c))
      played.push_back(c);
  }
  std::sort(played.begin(), played.end());
  for (CardId c : played)
    out.push_back({ActionKind::kPlayInterrupt, self, c});
}

}  // namespace spacedock::stccg::handlers
