// Alternate Universe interrupts, fourth part (cards/abilities/au-interrupts.md): Security
// Sacrifice answers a random pick to die and Wolf one to die or to be captured (the windows of
// Engine::picked_at_random), or nullifies Barclay Transporter Phobia; Eyes in the Dark lends a
// random opposing personnel to a group facing a dilemma (kLentToGroup); Latinum Payoff scores the
// OFFICERs of a ship destroyed in battle (ShipBattleFrame::destroyed); La Forge Maneuver exposes
// a cloaked ship to the very next attack (kCloakPierced); Thine Own Self holds a small Away Team
// under its mission until someone completes it.
#include <algorithm>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kBarclayTransporterPhobia;

namespace au_interrupts_4 {

bool has_named_skill(const Engine& e, const std::vector<CardId>& group, std::string_view skill) {
  const auto id = e.state().db->skills().find(skill);
  return id && has_skill(e, group, *id, 2);
}

bool picked_window(WindowKind kind) {
  return kind == WindowKind::kPickedToDie || kind == WindowKind::kPickedForCapture;
}

// The one of `seat`'s personnel picked at random that `window`, if it is such a window, is
// about: waiting to die (or be captured).
CardId picked_victim(const Engine& e, Seat seat, const WindowFrame* window) {
  if (!window || !picked_window(window->kind) || window->about == kNoCard) return kNoCard;
  const State& s = e.state();
  return s.in_play_at(window->about) && s.cards[window->about].controller == seat ? window->about
                                                                                  : kNoCard;
}

// The window after a random pick that a response played in it answers (it resolves at once,
// just above).
WindowFrame* answered_pick(Engine& e) {
  WindowFrame* window = e.top_frame<WindowFrame>();
  return window && picked_window(window->kind) ? window : nullptr;
}

// --- Security Sacrifice: one of your personnel picked at random to die is saved, and a
// SECURITY-classification personnel of yours present with it dies in its place (CRD IV.8:
// Yuta's selection counts as random; so, here, does the pick Elim makes for a random one).

bool may_die_instead(const Engine& e, CardId victim, CardId c) {
  const State& s = e.state();
  return c != victim && s.in_play_at(c) && e.is_personnel(c) &&
         s.cards[c].controller == s.cards[victim].controller && !e.in_stasis(c) &&
         s.present_together(victim, c) && e.facts(c).classification == Classification::kSecurity;
}

void sacrifice_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  const CardId victim = picked_victim(e, seat, window);
  if (victim == kNoCard || window->kind != WindowKind::kPickedToDie) return;
  for (CardId c : e.state().in_play) {
    if (may_die_instead(e, victim, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void sacrifice_resolve(Engine& e, ActionFrame& f) {
  WindowFrame* window = answered_pick(e);
  if (!window || window->kind != WindowKind::kPickedToDie || window->about == kNoCard ||
      !may_die_instead(e, window->about, f.action.b))
    return;
  window->about = kNoCard;
  e.kill(f.action.b);
}

// --- Wolf: either an Empathy personnel of yours picked at random to die or to be captured is
// saved, or a Barclay Transporter Phobia being played or in play is nullified.

bool phobia(const Engine& e, CardId self, CardId c) {
  return e.state().handler(c) == &kBarclayTransporterPhobia && e.may_nullify(self, c);
}

void wolf_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  const CardId victim = picked_victim(e, seat, window);
  if (victim != kNoCard && has_named_skill(e, {victim}, "Empathy"))
    out.push_back({ActionKind::kPlayInterrupt, self, victim});
  const State& s = e.state();
  for (const auto* pile : {&s.resolving, &s.in_play}) {
    for (CardId c : *pile) {
      if (phobia(e, self, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
  }
}

void wolf_resolve(Engine& e, ActionFrame& f) {
  if (e.state().handler(f.action.b) == &kBarclayTransporterPhobia)
    return nullify_played_or_in_play(e, f);
  WindowFrame* window = answered_pick(e);
  if (window && window->about == f.action.b) window->about = kNoCard;
}

// --- Eyes in the Dark: while the group facing a dilemma (in the window as it is revealed, CRD
// II.2) has Empathy, one of the opponent's ships is chosen and a personnel aboard it picked at
// random; its skills (one of each) and attributes count for the group while it resolves that
// dilemma only (au.md AMBIGUOUS: the current dilemma).

const AttemptFrame* facing(const Engine& e, Seat seat, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kDilemma) return nullptr;
  const AttemptFrame* attempt = e.top_frame<AttemptFrame>();
  if (!attempt || attempt->player != seat || attempt->current != window->about) return nullptr;
  return has_named_skill(e, attempt->members, "Empathy") ? attempt : nullptr;
}

bool crewed_opposing_ship(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  return s.in_play_at(c) && e.is_ship(c) && s.cards[c].controller != seat && !e.crew(c).empty();
}

void eyes_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) {
  if (!facing(e, seat, window)) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (crewed_opposing_ship(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void eyes_resolve(Engine& e, ActionFrame& f) {
  const AttemptFrame* attempt = e.top_frame<AttemptFrame>();
  if (!attempt || attempt->player != f.actor || !crewed_opposing_ship(e, f.actor, f.action.b))
    return;
  Effect lent{.kind = EffectKind::kLentToGroup, .until = Until::kEndOfTurn};
  lent.player = f.actor;
  lent.source = attempt->current;
  lent.loc = attempt->loc;
  lent.card = e.random_member(e.crew(f.action.b));
  e.add_effect(lent);
}

// --- Latinum Payoff: just after a ship battle its player won, for each opposing ship or
// facility they destroyed in it while a ship of theirs in the battle carries Greed: 3 points per
// OFFICER aboard it as it went. Once per card destroyed (a use spent on that card).

constexpr int kPointsPerOfficer = 3;

const ShipBattleFrame* battle_just_won(const Engine& e, Seat seat, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kBattleEnded) return nullptr;
  const auto& frames = e.state().frames;
  if (frames.size() < 2) return nullptr;
  const auto* b = std::get_if<ShipBattleFrame>(&frames[frames.size() - 2]);
  if (!b || b->winner != seat) return nullptr;
  const int side = ship_battle_side(*b, seat);
  if (side < 0) return nullptr;
  const bool greed = std::any_of(b->firing[side].begin(), b->firing[side].end(), [&](CardId c) {
    return e.state().in_play_at(c) && e.is_ship(c) && has_named_skill(e, e.crew(c), "Greed");
  });
  return greed ? b : nullptr;
}

void payoff_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  const ShipBattleFrame* b = battle_just_won(e, seat, window);
  if (!b) return;
  for (const auto& d : b->destroyed) {
    if (d.by == seat && !use_spent(e, d.vessel))
      out.push_back({ActionKind::kPlayInterrupt, self, d.vessel});
  }
}

void payoff_resolve(Engine& e, ActionFrame& f) {
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  if (!b || use_spent(e, f.action.b)) return;
  for (const auto& d : b->destroyed) {
    if (d.vessel != f.action.b || d.by != f.actor) continue;
    const auto officers = std::count_if(d.aboard.begin(), d.aboard.end(), [&](CardId c) {
      return e.facts(c).classification == Classification::kOfficer;
    });
    spend_use(e, d.vessel, f.actor, Until::kRemoved);
    e.score(f.actor, kPointsPerOfficer * static_cast<int>(officers), f.action.a);
    return;
  }
}

// --- La Forge Maneuver: an opposing cloaked ship at a planet may be attacked by the very next
// action as if decloaked, and fires back in that attack (CRD IV.8).

bool cloaked_at_planet(const Engine& e, Seat seat, CardId c) {
  const State& s = e.state();
  return s.in_play_at(c) && e.is_ship(c) && s.cards[c].where == Where::kSpace &&
         s.cards[c].cloaked && s.cards[c].controller != seat && e.planet(s.cards[c].loc);
}

void maneuver_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  for (CardId c : e.state().in_play_where(Where::kSpace)) {
    if (cloaked_at_planet(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void maneuver_resolve(Engine& e, ActionFrame& f) {
  if (!cloaked_at_planet(e, f.actor, f.action.b)) return;
  Effect exposed{.kind = EffectKind::kCloakPierced, .until = Until::kEndOfTurn};
  exposed.player = f.actor;
  exposed.source = f.action.a;
  exposed.card = f.action.b;
  e.add_effect(exposed);
}

// --- Thine Own Self: an opponent's Away Team of one or two personnel on a planet whose
// mission is not completed goes under the mission: the card stays on the mission with them
// stored under it (Zone::kStored), out of play. Once someone completes that mission, the card's
// player takes them captive if it was them (on the planet, where their completing team escorts
// them), or their owner has them back on the planet if it was the owner; the card is then
// discarded. Should the card leave play otherwise, they come back to the planet (not said by the
// card; the reading that loses nobody). A hologram under it goes back to its ship once that
// ship leaves the location (CRD IV.8): the general rule, Engine::check_holograms.

std::vector<CardId> held_under(const State& s, CardId self) {
  std::vector<CardId> out;
  for (CardId c = 0; c < s.cards.size(); ++c) {
    if (s.cards[c].zone == Zone::kStored && s.cards[c].host == self) out.push_back(c);
  }
  return out;
}

// The opposing Away Team of one or two at `loc` that holds `member`, if there is one.
std::vector<CardId> small_team_with(const Engine& e, Seat seat, LocIndex loc, CardId member) {
  for (auto& team : e.away_teams(State::other(seat), loc)) {
    if ((team.size() == 1 || team.size() == 2) &&
        std::find(team.begin(), team.end(), member) != team.end())
      return team;
  }
  return {};
}

void thine_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (!e.planet(loc) || s.spaceline[loc].completed_by != kNoSeat) continue;
    for (const auto& team : e.away_teams(State::other(seat), loc)) {
      if (team.size() == 1 || team.size() == 2)
        out.push_back({ActionKind::kPlayInterrupt, self, team.front()});
    }
  }
}

void thine_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const CardId member = f.action.b;
  if (!s.in_play_at(member) || s.cards[member].where != Where::kSurface) return;
  const LocIndex loc = s.cards[member].loc;
  const std::vector<CardId> team = small_team_with(e, f.actor, loc, member);
  if (team.empty() || s.spaceline[loc].completed_by != kNoSeat) return;
  place(e, f.action.a, f.actor, s.spaceline[loc].mission);
  for (CardId c : team) {
    for (CardId on : std::vector<CardId>(s.in_play)) {  // what was played on them goes
      if (s.cards[on].where == Where::kOn && s.cards[on].host == c) e.to_discard(on);
    }
    e.move_card(c, Zone::kStored, Where::kNone, kNoLoc, f.action.a);
  }
}

void back_to_planet(Engine& e, CardId self, LocIndex loc) {
  for (CardId c : held_under(e.state(), self))
    e.move_card(c, Zone::kPlay, Where::kSurface, loc, kNoCard, e.state().cards[c].owner);
}

void thine_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const LocIndex loc = mission_location(s, s.cards[self].host);
  if (loc == kNoLoc) return;
  const Seat solver = s.spaceline[loc].completed_by;
  if (solver == kNoSeat) return;
  const std::vector<CardId> held = held_under(s, self);
  back_to_planet(e, self, loc);
  for (CardId c : held) {
    if (s.cards[c].owner != solver) e.capture(c, solver, kNoCard, /*source_goes_along=*/false);
  }
  e.to_discard(self);
}

void thine_leaving(Engine& e, CardId self) {
  const LocIndex loc = mission_location(e.state(), e.state().cards[self].host);
  if (loc != kNoLoc) back_to_planet(e, self, loc);
}

}  // namespace au_interrupts_4

extern const Handler kSecuritySacrifice{
    .name = "security_sacrifice",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::sacrifice_plays,
    .resolve = au_interrupts_4::sacrifice_resolve,
    .answers_random_pick = true,
};

extern const Handler kWolf{
    .name = "wolf",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::wolf_plays,
    .resolve = au_interrupts_4::wolf_resolve,
    .answers_random_pick = true,
};

extern const Handler kEyesInTheDark{
    .name = "eyes_in_the_dark",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::eyes_plays,
    .resolve = au_interrupts_4::eyes_resolve,
};

extern const Handler kLatinumPayoff{
    .name = "latinum_payoff",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::payoff_plays,
    .resolve = au_interrupts_4::payoff_resolve,
};

extern const Handler kThineOwnSelf{
    .name = "thine_own_self",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::thine_plays,
    .resolve = au_interrupts_4::thine_resolve,
    .state_check = au_interrupts_4::thine_state_check,
    .leaving_play = au_interrupts_4::thine_leaving,
};

extern const Handler kLaForgeManeuver{
    .name = "la_forge_maneuver",
    .test = "tests/scenarios/card-au-interrupts-4.scn",
    .plays = au_interrupts_4::maneuver_plays,
    .resolve = au_interrupts_4::maneuver_resolve,
};

}  // namespace spacedock::stccg::handlers
