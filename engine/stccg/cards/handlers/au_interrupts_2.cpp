// Alternate Universe interrupts, second part (cards/abilities/au-interrupts.md, lane 12):
// Anti-Matter Spread weakens the opposing ships of a ship battle by their dull crews, or a Borg
// Ship; Brain Drain empties one personnel's mind for the turn; Howard Heirloom Candle nullifies a
// Coalescent Organism; Hail makes two ships keep the peace for the turn; Barclay Transporter
// Phobia keeps a personnel from beaming.
#include <algorithm>
#include <utility>
#include <variant>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kBrainDrain;  // its limit is one per turn for each player
extern const Handler kBorgShip;

namespace au_interrupts_2 {

// --- Anti-Matter Spread: at the start of a ship battle, one of two. Each ship of the other
// player's firing in it loses 1 WEAPONS per personnel aboard with CUNNING under 8, for that
// battle (CRD IV.8: every opposing ship in the battle; a player outside the battle may play it
// to help a Borg Ship against them). Or a Borg Ship dilemma in the battle has WEAPONS 16 for the
// turn (the play names it).

int dull_crew(const Engine& e, CardId ship) {
  int count = 0;
  for (CardId c : e.crew(ship)) {
    if (!e.in_stasis(c) && e.attribute(c, Attribute::kCunning) < 8) ++count;
  }
  return count;
}

std::vector<CardId> weakened_ships(const Engine& e, Seat seat, const ShipBattleFrame& b) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (const auto& firing : b.firing) {
    for (CardId c : firing) {
      if (e.is_ship(c) && s.in_play_at(c) && s.cards[c].controller == State::other(seat) &&
          dull_crew(e, c) > 0)
        out.push_back(c);
    }
  }
  return out;
}

bool borg_ship_in(const Engine& e, const ShipBattleFrame& b, CardId c) {
  const State& s = e.state();
  return s.in_play_at(c) && s.handler(c) == &kBorgShip &&
         std::any_of(std::begin(b.firing), std::end(b.firing), [&](const auto& firing) {
           return std::find(firing.begin(), firing.end(), c) != firing.end();
         });
}

void spread_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  const ShipBattleFrame* b = starting_battle(e, window);
  if (!b) return;
  if (!weakened_ships(e, seat, *b).empty()) out.push_back({ActionKind::kPlayInterrupt, self});
  for (const auto& firing : b->firing) {
    for (CardId c : firing) {
      if (e.state().in_play_at(c) && e.state().handler(c) == &kBorgShip)
        out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
}

Rule spread_still_legal(const Engine& e, Seat, const Action& play) {
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  return b && (play.b == kNoCard || borg_ship_in(e, *b, play.b)) ? Rule::kOk : Rule::kNoTarget;
}

constexpr int kSpreadBorgWeapons = 16;

void spread_resolve(Engine& e, ActionFrame& f) {
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  if (!b) return;
  if (const CardId borg = f.action.b; borg != kNoCard) {
    if (!borg_ship_in(e, *b, borg)) return;
    Effect set{.kind = EffectKind::kAttribute, .until = Until::kEndOfTurn};
    set.attribute = Attribute::kWeapons;
    set.source = f.action.a;
    set.card = borg;
    set.value =
        static_cast<std::int16_t>(kSpreadBorgWeapons - e.attribute(borg, Attribute::kWeapons));
    e.add_effect(set);
    return;
  }
  for (CardId ship : weakened_ships(e, f.actor, *b)) {
    Effect loss{.kind = EffectKind::kAttribute, .until = Until::kEndOfBattle};
    loss.attribute = Attribute::kWeapons;
    loss.source = f.action.a;
    loss.card = ship;
    loss.value = static_cast<std::int16_t>(-dull_crew(e, ship));
    e.add_effect(loss);
  }
}

// --- Brain Drain: once per turn (each player's), one of two uses (au.md). One personnel in any
// crew or Away Team, its player's pick, has no skills (classification included) and CUNNING 0
// until the end of the turn; reading: they are taken away as they are when it resolves (a skill
// or CUNNING gained later in the turn counts). Or an Interphasic Plasma Creatures on the table
// is doubled for as long as it stays there: STRENGTH -4 (CRD IV.8; its state check reads
// EffectKind::kDoubled).

constexpr TitleKey kPlasmaCreatures = title_key("Interphasic Plasma Creatures");

bool doublable_creatures(const Engine& e, CardId c) {
  const State& s = e.state();
  return s.traits(c).title == kPlasmaCreatures && s.in_play_at(c) &&
         s.cards[c].where == Where::kTable && !e.has_effect(EffectKind::kDoubled, c);
}

// An I.P. Scanner beside the personnel nullifies it: that play would do nothing, and is not
// offered.
bool drainable(const Engine& e, CardId self, CardId c) {
  const CardState& card = e.state().cards[c];
  return e.is_personnel(c) && e.state().in_play_at(c) && !card.disabled && !e.in_stasis(c) &&
         (card.where == Where::kAboard || card.where == Where::kSurface) &&
         !e.nullified_beside(self, c);
}

void drain_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  if (title_use_spent(e, seat, kBrainDrain)) return;
  for (CardId c : e.state().in_play) {
    if (drainable(e, self, c) || doublable_creatures(e, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule drain_still_legal(const Engine& e, Seat, const Action& play) {
  return drainable(e, play.a, play.b) || doublable_creatures(e, play.b) ? Rule::kOk
                                                                        : Rule::kNoTarget;
}

void drain_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  const CardId mind = f.action.b;
  spend_use(e, self, f.actor, Until::kEndOfTurn);
  if (doublable_creatures(e, mind)) {
    Effect doubled{.kind = EffectKind::kDoubled, .until = Until::kRemoved};  // ends as it leaves
    doubled.source = self;
    doubled.card = mind;
    e.add_effect(doubled);
    return;
  }
  if (!drainable(e, self, mind)) return;
  const MemberFacts facts = e.facts(mind);
  for (std::size_t skill = 0; skill < facts.skills.size(); ++skill) {
    // Each loss takes one level (two halves) of the skill.
    for (int halves = facts.skills[skill]; halves > 0; halves -= 2) {
      Effect lost{.kind = EffectKind::kSkillChanged, .until = Until::kEndOfTurn};
      lost.source = self;
      lost.card = mind;
      lost.value = static_cast<std::int16_t>(skill);
      lost.flag = true;
      e.add_effect(lost);
    }
  }
  Effect dull{.kind = EffectKind::kAttribute, .until = Until::kEndOfTurn};
  dull.attribute = Attribute::kCunning;
  dull.source = self;
  dull.card = mind;
  dull.value = static_cast<std::int16_t>(-e.attribute(mind, Attribute::kCunning));
  e.add_effect(dull);
}

// --- Howard Heirloom Candle (au.md): doubles an Anaphasic Organism or Empathic Echo as it is
// met (in its own window: the dilemma's kill takes two, EffectKind::kDoubled), or nullifies a
// Coalescent Organism in play, on its carrier. Keeping Anya or Salia from changing form waits
// for them: neither is in the four sets.

constexpr TitleSet kCandleDoubles{"Anaphasic Organism", "Empathic Echo"};

void candle_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  const State& s = e.state();
  if (window && window->kind == WindowKind::kDilemma) {
    if (kCandleDoubles.contains(s.traits(window->about).title) &&
        !e.has_effect(EffectKind::kDoubled, window->about))
      out.push_back({ActionKind::kPlayInterrupt, self, window->about});
    return;
  }
  for (CardId c : s.in_play) {
    if (s.def(c).title() == "Coalescent Organism" && e.may_nullify(self, c))
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule candle_still_legal(const Engine& e, Seat, const Action& play) {
  return e.state().in_play_at(play.b) ? Rule::kOk : Rule::kNoTarget;
}

void candle_resolve(Engine& e, ActionFrame& f) {
  const CardId target = f.action.b;
  if (kCandleDoubles.contains(e.state().traits(target).title)) {
    Effect doubled{.kind = EffectKind::kDoubled, .until = Until::kEndOfTurn};
    doubled.source = f.action.a;
    doubled.card = target;
    e.add_effect(doubled);
    return;
  }
  if (e.state().in_play_at(target)) e.nullify(target);
}

// --- Hail, one of two uses (au.md). Answering a ship's move (anyone's) that would pass through a
// location where its player has a ship, without stopping there: the move ends there instead
// (the play names the moving ship and that location, and resolves before the move, which then
// goes only that far: its RANGE, and what acts on the locations crossed, follow the shorter
// move). Or any two ships in play, its player's picks: for the rest of the turn neither may
// initiate a battle against the other (EffectKind::kNoBattleBetween).

std::vector<CardId> ships_in_space(const Engine& e, CardId except) {
  std::vector<CardId> out;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (e.is_ship(c) && c != except) out.push_back(c);
  }
  return out;
}

// The move a window answers, if it is one still to resolve.
const ActionFrame* move_answered(const State& s, const WindowFrame& window) {
  if (window.kind != WindowKind::kResponse || window.collector >= s.frames.size()) return nullptr;
  const auto* move = std::get_if<ActionFrame>(&s.frames[window.collector]);
  return move && move->action.kind == ActionKind::kMove &&
                 move->step == ActionFrame::Step::kResolving && !move->nullified
             ? move
             : nullptr;
}

// The locations where the move may be ended for `seat`: crossed on its way, with a ship of
// theirs there.
std::vector<LocIndex> hail_stops(const Engine& e, Seat seat, const ActionFrame& move) {
  const State& s = e.state();
  const CardId ship = move.action.a;
  const LocIndex from = s.cards[ship].loc;
  std::vector<LocIndex> out;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (!e.move_crosses(ship, from, move.action.loc, loc)) continue;
    const auto& space = s.in_play_where(Where::kSpace);
    if (std::any_of(space.begin(), space.end(), [&](CardId c) {
          return c != ship && e.is_ship(c) && s.cards[c].controller == seat &&
                 s.cards[c].loc == loc;
        }))
      out.push_back(loc);
  }
  return out;
}

void hail_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  if (window) {
    if (const ActionFrame* move = move_answered(e.state(), *window)) {
      for (LocIndex loc : hail_stops(e, seat, *move))
        out.push_back({ActionKind::kPlayInterrupt, self, move->action.a, loc});
    }
  }
  const std::vector<CardId> ships = ships_in_space(e, kNoCard);
  if (ships.size() < 2) return;
  for (CardId c : ships)
    out.push_back({ActionKind::kPlayInterrupt, self, c});
}

bool hail_ends_move(const Action& play) {
  return play.loc != kNoLoc;
}

// The move the play ends: the newest move of that ship still to resolve.
const ActionFrame* hailed_move(const State& s, const Action& play) {
  for (auto it = s.frames.rbegin(); it != s.frames.rend(); ++it) {
    const auto* move = std::get_if<ActionFrame>(&*it);
    if (move && move->action.kind == ActionKind::kMove && move->action.a == play.b &&
        move->step == ActionFrame::Step::kResolving && !move->nullified)
      return move;
  }
  return nullptr;
}

Rule hail_still_legal(const Engine& e, Seat, const Action& play) {
  if (hail_ends_move(play)) return hailed_move(e.state(), play) ? Rule::kOk : Rule::kNoTarget;
  return e.state().in_play_at(play.b) && !ships_in_space(e, play.b).empty() ? Rule::kOk
                                                                            : Rule::kNoTarget;
}

void hail_resolve(Engine& e, ActionFrame& f) {
  if (hail_ends_move(f.action)) {
    auto* move = const_cast<ActionFrame*>(hailed_move(e.state(), f.action));
    if (move && e.move_crosses(move->action.a, e.state().cards[move->action.a].loc,
                               move->action.loc, f.action.loc))
      move->action.loc = f.action.loc;
    return;
  }
  const CardId first = f.action.b;
  const auto second = e.pick(f.actor, ships_in_space(e, first));
  if (!second) return;  // asking
  Effect truce{.kind = EffectKind::kNoBattleBetween, .until = Until::kEndOfTurn};
  truce.source = f.action.a;
  truce.card = first;
  truce.value = static_cast<std::int16_t>(*second);
  e.add_effect(truce);
}

// --- Barclay Transporter Phobia: answering the other player's beaming of a personnel, or their
// sending one through an Iconian Gateway (that action's response window), it resolves first
// (Handler::resolves_before_answered): the personnel does not move, and the card stays on it,
// which may be transported by neither means while it is there (CRD III.5: an ordinary beaming
// restriction; the Gateway asks the cards on its traveller). One transfer moves one personnel,
// so the random pick among those moving is that one (au.md AMBIGUOUS: only those in the current
// transport). Plexing cures it and Wolf nullifies it (their own handlers); Dimensional Shifting
// is in none of the four sets.

// A beaming of `personnel`, or a use of an Iconian Gateway sending them.
bool transports(const Engine& e, const ActionFrame& action, CardId personnel) {
  if (action.action.kind == ActionKind::kTransfer) return action.action.a == personnel;
  return action.action.kind == ActionKind::kUseCard && action.action.b == personnel &&
         e.state().def(action.action.a).title() == "Iconian Gateway";
}

const ActionFrame* beaming_answered(const Engine& e, CardId personnel) {
  const auto& frames = e.state().frames;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    const auto* action = std::get_if<ActionFrame>(&*it);
    if (action && transports(e, *action, personnel) &&
        action->step == ActionFrame::Step::kResolving && !action->nullified)
      return action;
  }
  return nullptr;
}

bool phobia_stops_beaming(const Action&) {
  return true;
}

void phobia_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  const State& s = e.state();
  if (!window || window->kind != WindowKind::kResponse || window->collector >= s.frames.size())
    return;
  const auto* moving = std::get_if<ActionFrame>(&s.frames[window->collector]);
  if (!moving || moving->actor == seat) return;
  const CardId personnel =
      moving->action.kind == ActionKind::kTransfer ? moving->action.a : moving->action.b;
  if (personnel != kNoCard && e.is_personnel(personnel) && transports(e, *moving, personnel))
    out.push_back({ActionKind::kPlayInterrupt, self, personnel});
}

Rule phobia_still_legal(const Engine& e, Seat, const Action& play) {
  return beaming_answered(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void phobia_resolve(Engine& e, ActionFrame& f) {
  auto* beaming = const_cast<ActionFrame*>(beaming_answered(std::as_const(e), f.action.b));
  if (!beaming) return;
  beaming->nullified = true;
  place(e, f.action.a, f.actor, f.action.b);
}

bool phobia_blocks_beaming(const Engine& e, CardId self, CardId card, CardId) {
  return e.state().cards[self].host == card;
}

}  // namespace au_interrupts_2

extern const Handler kBrainDrain{
    .name = "brain_drain",
    .test = "tests/scenarios/card-au-interrupts-2.scn",
    .plays = au_interrupts_2::drain_plays,
    .still_legal = au_interrupts_2::drain_still_legal,
    .resolve = au_interrupts_2::drain_resolve,
};

extern const Handler kHowardHeirloomCandle{
    .name = "howard_heirloom_candle",
    .test = "tests/scenarios/card-au-interrupts-2.scn",
    .plays = au_interrupts_2::candle_plays,
    .still_legal = au_interrupts_2::candle_still_legal,
    .resolve = au_interrupts_2::candle_resolve,
};

extern const Handler kHail{
    .name = "hail",
    .test = "tests/scenarios/card-au-interrupts-2.scn",
    .plays = au_interrupts_2::hail_plays,
    .still_legal = au_interrupts_2::hail_still_legal,
    .resolve = au_interrupts_2::hail_resolve,
    .resolves_before_answered = au_interrupts_2::hail_ends_move,
    .choose_label = "choose the other ship: neither may start a battle against the other",
};

extern const Handler kBarclayTransporterPhobia{
    .name = "barclay_transporter_phobia",
    .test = "tests/scenarios/card-au-interrupts-2.scn",
    .plays = au_interrupts_2::phobia_plays,
    .still_legal = au_interrupts_2::phobia_still_legal,
    .resolve = au_interrupts_2::phobia_resolve,
    .resolves_before_answered = au_interrupts_2::phobia_stops_beaming,
    .blocks_beaming = au_interrupts_2::phobia_blocks_beaming,
};

extern const Handler kAntiMatterSpread{
    .name = "anti_matter_spread",
    .test = "tests/scenarios/card-au-interrupts-2.scn",
    .plays = au_interrupts_2::spread_plays,
    .still_legal = au_interrupts_2::spread_still_legal,
    .resolve = au_interrupts_2::spread_resolve,
};

}  // namespace spacedock::stccg::handlers
