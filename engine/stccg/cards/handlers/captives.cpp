// Cards that capture, free or commandeer (cards/ABILITIES.md; BoG "New Capturing Rules",
// "Commandeering"): Cardassian Trap and Mandarin Bailiff take captives, Rescue Captives frees
// them, Test Commandeer takes an opponent's empty ship, Test Decoy answers a random capture. The
// rules they use are rules/captives.cpp.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/hidden_agendas.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

constexpr auto kAffiliated = static_cast<AffiliationSet>(~bit(Affiliation::kNonAligned));

// --- Cardassian Trap: unless Empathy is present, the opponent captures one of the group's
// unique, non-Cardassian personnel, picked at random, and the card goes with the captive; with
// nobody to take it goes back under the mission (CRD IV.5A; III.3 "Target"). The pick may be
// answered (Engine::picked_at_random): the card goes with whoever is taken as the window
// closes, and is discarded if nobody is.

void cardassian_trap(Engine& e, AttemptFrame& f) {
  const State& s = e.state();
  const CardId trap = f.current;
  if (e.condition_met(f, s.def(trap).condition)) return e.overcome(f);
  e.stop_group(f);
  std::vector<CardId> eligible;
  for (CardId c : f.members) {
    const CardDef& def = s.def(c);
    if (def.unique() && !(def.affiliations & bit(Affiliation::kCardassian))) eligible.push_back(c);
  }
  if (eligible.empty()) return e.replace_dilemma(f, ev::Outcome::kFailed);
  const CardId victim = e.random_member(eligible);
  e.emit(ev::DilemmaResolved{trap, s.cards[trap].def, ev::Outcome::kFailed});
  e.picked_at_random(victim, WindowKind::kPickedForCapture, trap);
  e.prune(f);
  f.step = e.after_card(f);
}

// --- Mandarin Bailiff (a Q-icon dilemma): one member picked at random; its player either posts
// bail, X points going from them to the opponent, who puts the card in their bonus area, or
// lets the opponent capture it (the card is discarded). X is its skill dots: one per skill
// entry (CRD IV.12.A: Jean-Luc Picard is 6; S-65).

int skill_dots(const Engine& e, CardId personnel) {
  const auto& p = e.state().def(personnel).card.personnel();
  if (p.skill_dots() != 0) return static_cast<int>(p.skill_dots());
  return e.skill_box_size(personnel);
}

void mandarin_bailiff(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId bailiff = f.current;
  if (f.sub == DilemmaStep::kEntry) {
    if (f.members.empty()) return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.picked = static_cast<std::uint8_t>(
        std::find(f.members.begin(), f.members.end(), e.random_member(f.members)) -
        f.members.begin());
    e.expose(f.members[f.picked]);
    f.sub = DilemmaStep::kAsking;
  }
  const CardId accused = f.members[f.picked];
  auto bail = e.yes_no(f.player);
  if (!bail) return;
  const Seat other = State::other(f.player);
  if (*bail) {
    const int x = skill_dots(e, accused);
    e.score(f.player, -x, bailiff);
    if (s.over) return;
    e.score(other, x, bailiff);
    if (s.over) return;
    // To the opponent's bonus area, which the card names: not where a used Q-card goes.
    e.emit(ev::DilemmaResolved{bailiff, s.cards[bailiff].def, ev::Outcome::kApplied});
    e.move_card(bailiff, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, other);
    f.step = e.after_card(f);
    return;
  }
  e.emit(ev::DilemmaResolved{bailiff, s.cards[bailiff].def, ev::Outcome::kFailed});
  e.capture(accused, other, kNoCard, /*source_goes_along=*/false);
  e.to_discard(bailiff);
  e.prune(f);
  f.step = e.after_card(f);
}

// --- Rescue Captives: every captive of yours goes back to one of your outposts, free
// (CRD IV.7; AU). Under the opponent's Prepare the Prisoner (bog.md) it frees only the captives at
// one location where you have a crew or Away Team, who join that group: the play names it (its
// ship or facility, or a member of the Away Team).

std::vector<CardId> own_captives(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCaptive && e.state().cards[x.card].owner == seat)
      out.push_back(x.card);
  }
  return out;
}

CardId outpost_of(const Engine& e, Seat seat) {
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (e.is_facility(c) && s.cards[c].controller == seat && s.cards[c].where == Where::kSpace)
      return c;
  }
  return kNoCard;
}

// `seat`'s captives at the location of `group` (a ship or facility, or a personnel on a planet).
std::vector<CardId> captives_with(const Engine& e, Seat seat, CardId group) {
  std::vector<CardId> out = own_captives(e, seat);
  std::erase_if(out, [&](CardId c) { return e.location_of(c) != e.location_of(group); });
  return out;
}

// The groups of `seat` a limited Rescue Captives may free captives to: each ship or facility
// with a crew of theirs, and each Away Team (its first member), where a captive of theirs is.
std::vector<CardId> rescue_groups(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if ((e.is_ship(c) || e.is_facility(c)) && s.cards[c].controller == seat &&
        s.cards[c].where == Where::kSpace && e.crewed(c) && !captives_with(e, seat, c).empty())
      out.push_back(c);
  }
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    for (const auto& team : e.away_teams(seat, loc)) {
      if (!captives_with(e, seat, team.front()).empty()) out.push_back(team.front());
    }
  }
  return out;
}

void rescue_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (window && window->kind == WindowKind::kDilemma) return;
  if (own_captives(e, seat).empty()) return;
  if (prisoner_prepared(e, State::other(seat))) {
    for (CardId group : rescue_groups(e, seat))
      out.push_back({ActionKind::kPlayInterrupt, self, group});
  } else if (outpost_of(e, seat) != kNoCard) {
    out.push_back({ActionKind::kPlayInterrupt, self});
  }
}

Rule rescue_still_legal(const Engine& e, Seat seat, const Action& play) {
  if (play.b != kNoCard) {  // limited: that group must still have captives to free
    const auto groups = rescue_groups(e, seat);
    return std::find(groups.begin(), groups.end(), play.b) != groups.end() ? Rule::kOk
                                                                           : Rule::kNoTarget;
  }
  // Prepare the Prisoner revealed in answer: the play, aimed nowhere, is no longer legal.
  return own_captives(e, seat).empty() || outpost_of(e, seat) == kNoCard ||
                 prisoner_prepared(e, State::other(seat))
             ? Rule::kNoTarget
             : Rule::kOk;
}

void rescue_resolve(Engine& e, ActionFrame& f) {
  const CardId group = f.action.b;
  if (group != kNoCard) {
    const CardState& g = e.state().cards[group];
    const bool aboard = g.where == Where::kSpace;
    const LocIndex loc = e.location_of(group);
    for (CardId c : captives_with(e, f.actor, group)) {
      e.release(c);
      if (aboard) {
        e.move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, group, f.actor);
      } else {
        e.move_card(c, Zone::kPlay, Where::kSurface, loc, kNoCard, f.actor);
      }
    }
    return;
  }
  // To the player's outposts; the first one, when there are several (a Reading: the card does not
  // say which).
  const CardId outpost = outpost_of(e, f.actor);
  for (CardId c : own_captives(e, f.actor)) {
    e.release(c);
    e.move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, outpost, f.actor);
  }
}

// --- Test Commandeer (a rules fixture for S-59): your Away Team on the planet, or else the crew
// of one of your ships, at the location of an opponent's ship with none of the opponent's
// personnel aboard, takes it; it takes the affiliation of one of them, your choice.

std::vector<CardId> commandeering_group(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  const LocIndex loc = s.cards[ship].loc;
  std::vector<CardId> group = e.planet(loc) ? e.on_surface(seat, loc) : std::vector<CardId>{};
  if (!group.empty()) return group;
  for (CardId v : s.in_play) {
    if (e.is_ship(v) && s.cards[v].controller == seat && s.cards[v].where == Where::kSpace &&
        s.cards[v].loc == loc && v != ship)
      return e.crew(v);
  }
  return {};
}

bool commandeerable(const Engine& e, Seat seat, CardId ship) {
  const State& s = e.state();
  if (!e.is_ship(ship) || !s.in_play_at(ship) || s.cards[ship].controller == seat ||
      s.cards[ship].where != Where::kSpace)
    return false;
  for (CardId c : e.crew(ship)) {
    if (s.cards[c].controller != seat) return false;
  }
  const auto group = commandeering_group(e, seat, ship);
  return !group.empty() && std::none_of(group.begin(), group.end(), [&](CardId c) {
    return (e.affiliations(c) & bit(Affiliation::kBorg)) != 0;  // Borg must assimilate
  });
}

void commandeer_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                      std::vector<Action>& out) {
  if (window) return;  // as an order of your turn
  for (CardId c : e.state().in_play) {
    if (commandeerable(e, seat, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule commandeer_still_legal(const Engine& e, Seat seat, const Action& play) {
  return commandeerable(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void commandeer_resolve(Engine& e, ActionFrame& f) {
  const CardId ship = f.action.b;
  const auto group = commandeering_group(e, f.actor, ship);
  // The choice of affiliation, among the commandeering personnel who are not Non-Aligned.
  std::vector<CardId> choices;
  for (CardId c : group) {
    if ((e.affiliations(c) & kAffiliated) != 0) choices.push_back(c);
  }
  Affiliation as = Affiliation::kNone;
  if (!choices.empty()) {
    auto who = e.pick(f.actor, choices);
    if (!who) return;
    const AffiliationSet set = e.affiliations(*who) & kAffiliated;
    for (int a = 0; a < kAffiliationCount; ++a) {
      if (set & bit(static_cast<Affiliation>(a))) as = static_cast<Affiliation>(a);
    }
  }
  e.commandeer(ship, f.actor, group, as);
}

// --- Test Decoy (a rules fixture): in the window after one of your personnel is picked at random
// to be captured, another personnel of yours present with it is captured instead.

CardId decoy_victim(const Engine& e, Seat seat, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kPickedForCapture || window->about == kNoCard)
    return kNoCard;
  const State& s = e.state();
  return s.in_play_at(window->about) && s.cards[window->about].controller == seat ? window->about
                                                                                  : kNoCard;
}

bool may_go_instead(const Engine& e, CardId victim, CardId c) {
  const State& s = e.state();
  return c != victim && s.in_play_at(c) && e.is_personnel(c) &&
         s.cards[c].controller == s.cards[victim].controller && !e.captivity(c) &&
         !e.in_stasis(c) && s.present_together(victim, c);
}

void decoy_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                 std::vector<Action>& out) {
  const CardId victim = decoy_victim(e, seat, window);
  if (victim == kNoCard) return;
  for (CardId c : e.state().in_play) {
    if (may_go_instead(e, victim, c)) out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

void decoy_resolve(Engine& e, ActionFrame& f) {
  WindowFrame* window = e.top_frame<WindowFrame>();
  if (decoy_victim(e, f.actor, window) != kNoCard && may_go_instead(e, window->about, f.action.b))
    window->about = f.action.b;
}

}  // namespace

extern const Handler kCardassianTrap{
    .name = "cardassian_trap",
    .test = "tests/scenarios/S-58-capture.scn",
    .encounter = cardassian_trap,
};

extern const Handler kMandarinBailiff{
    .name = "mandarin_bailiff",
    .test = "tests/scenarios/S-65-point-arithmetic.scn",
    .encounter = mandarin_bailiff,
    .question = "post bail (you lose points equal to its skill dots, your opponent gains them)?",
    .yes_label = "Post bail",
    .no_label = "Let your opponent take the captive",
};

extern const Handler kRescueCaptives{
    .name = "rescue_captives",
    .test = "tests/scenarios/S-58-capture.scn",
    .plays = rescue_plays,
    .still_legal = rescue_still_legal,
    .resolve = rescue_resolve,
};

extern const Handler kTestDecoy{
    .name = "test_decoy",
    .test = "tests/scenarios/S-58-capture.scn",
    .plays = decoy_plays,
    .resolve = decoy_resolve,
    .answers_random_pick = true,
};

extern const Handler kTestCommandeer{
    .name = "test_commandeer",
    .test = "tests/scenarios/S-59-commandeering.scn",
    .plays = commandeer_plays,
    .still_legal = commandeer_still_legal,
    .resolve = commandeer_resolve,
    .choose_label = "choose whose affiliation the ship takes",
};

}  // namespace spacedock::stccg::handlers
