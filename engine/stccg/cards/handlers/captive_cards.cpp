// Capturing-related cards of Q-Continuum and Blaze of Glory (cards/ABILITIES.md §16; BoG "New
// Capturing Rules", "Brigs"): Ilon Tandro and Outgunned take captives, Prisoner Escort answers a
// capture, Holding Cell Door gives a ship or facility a Brig, Torture and Brainwash are played on
// a captive (Madred adds to Torture), the High Sheriff of Nottingham gives one back, and Mirasta
// Yale, seeded like a dilemma, is captured by the opponent who uncovers her. The rules they use
// are rules/captives.cpp.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/cards/handlers/hidden_agendas.h"
#include "engine/stccg/cards/handlers/q_continuum.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {

extern const Handler kMadred;
extern const Handler kPrisonerEscort;

int madred_bonus(const Engine& e, CardId event, CardId captive) {
  const State& s = e.state();
  const CardState& held = s.cards[captive];
  if (held.where != Where::kAboard || !e.is_facility(held.host)) return 0;
  for (CardId c : s.in_play) {
    const CardState& m = s.cards[c];
    if (s.handler(c) == &kMadred && m.controller == s.cards[event].controller && !m.disabled &&
        m.where == Where::kAboard && m.host == held.host)
      return 1;
  }
  return 0;
}

namespace {

constexpr auto kCaptiveCardsAffiliated =
    static_cast<AffiliationSet>(~bit(Affiliation::kNonAligned));

// The opponent's personnel `seat` holds captive.
std::vector<CardId> captive_cards_held_by(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCaptive && x.player == seat && e.state().in_play_at(x.card) &&
        e.state().cards[x.card].owner != seat)
      out.push_back(x.card);
  }
  return out;
}

bool captive_cards_is_held_by(const Engine& e, CardId personnel, Seat seat) {
  const Effect* held = personnel == kNoCard ? nullptr : e.captivity(personnel);
  return held && held->player == seat && e.state().in_play_at(personnel);
}

// The first of `seat`'s facilities in space: "your outpost".
CardId captive_cards_outpost(const Engine& e, Seat seat) {
  const State& s = e.state();
  for (CardId c : s.in_play) {
    if (e.is_facility(c) && s.cards[c].controller == seat && s.cards[c].where == Where::kSpace)
      return c;
  }
  return kNoCard;
}

// --- Torture (an event with a countdown of 3) and Madred. Played on a captive you hold as your
// card play; at the end of its player's third full turn after it was played (stccg-rules §8:
// full turns exclude the current one) the captive dies and its owner loses 7 points, 8 if
// Madred is aboard the same outpost as the captive (BoG). Rescued first: discarded with it.

constexpr int kTortureTurns = 3;
constexpr int kTorturePoints = 7;

void torture_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                   std::vector<Action>& out) {
  if (window) return;
  for (CardId c : captive_cards_held_by(e, seat))
    out.push_back({ActionKind::kPlayEvent, self, c});
}

Rule torture_still_legal(const Engine& e, Seat seat, const Action& play) {
  return captive_cards_is_held_by(e, play.b, seat) ? Rule::kOk : Rule::kNoTarget;
}

void torture_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

void torture_end_of_turn(Engine& e, CardId self) {
  State& s = e.state();
  const CardId captive = s.cards[self].host;
  if (s.cards[self].controller != s.active || placed_on_turn(e, self) >= s.turn) return;
  Effect* count = nullptr;
  for (Effect& x : s.effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.card == captive) count = &x;
  }
  if (!count) {
    Effect turns{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    turns.source = self;
    turns.card = captive;
    count = &e.add_effect(turns);
  }
  if (++count->value < kTortureTurns) return;
  const int points = kTorturePoints + madred_bonus(e, self, captive);
  e.score(s.cards[captive].owner, -points, self);
  if (s.over) return;
  e.kill(captive);  // the torture goes with it
}

// --- Brainwash: played on an opponent's personnel you hold captive, as your card play, when you
// have an outpost. It reports there, under your control and no longer disabled, still a captive
// (CRD IV.7), and mixes with your personnel whatever its affiliation (Engine::brainwashed).
// Nullified without a rescue, it is an ordinary captive again. With your Prepare the Prisoner in
// effect it need not report (bog.md): its player chooses, and it may be played without an outpost
// on a captive that may stay where it is (escorted, not held by a trap).

bool brainwash_may_play(const Engine& e, Seat seat, CardId captive) {
  if (!captive_cards_is_held_by(e, captive, seat) || e.brainwashed(captive)) return false;
  if (captive_cards_outpost(e, seat) != kNoCard) return true;
  return prisoner_prepared(e, seat) && e.state().cards[captive].where != Where::kOn;
}

void brainwash_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  if (window) return;
  for (CardId c : captive_cards_held_by(e, seat)) {
    if (brainwash_may_play(e, seat, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule brainwash_still_legal(const Engine& e, Seat seat, const Action& play) {
  return brainwash_may_play(e, seat, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void brainwash_report(Engine& e, Seat seat, CardId captive) {
  e.move_card(captive, Zone::kPlay, Where::kAboard, kNoLoc, captive_cards_outpost(e, seat), seat);
}

void brainwash_resolve(Engine& e, ActionFrame& f) {
  const CardId captive = f.action.b;
  place(e, f.action.a, f.actor, captive);
  e.state().cards[captive].disabled = false;
  if (captive_cards_outpost(e, f.actor) == kNoCard) return;  // Prepare the Prisoner: it stays
  const bool may_stay =
      prisoner_prepared(e, f.actor) && e.state().cards[captive].where != Where::kOn;
  if (!may_stay) return brainwash_report(e, f.actor, captive);
  e.state().frames.emplace_back(
      CardFrame{.card = f.action.a, .player = f.actor, .chosen = captive});
}

// Prepare the Prisoner's choice: to the outpost (yes), or where it is (no).
void brainwash_step(Engine& e, CardFrame& f) {
  auto report = e.yes_no(f.player);
  if (!report) return;
  const Seat player = f.player;
  const CardId captive = f.chosen;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*report && captive_cards_is_held_by(e, captive, player) &&
      captive_cards_outpost(e, player) != kNoCard)
    brainwash_report(e, player, captive);
}

void brainwash_leaving_play(Engine& e, CardId self) {
  const CardId host = e.state().cards[self].host;
  if (e.state().cards[self].where == Where::kOn && e.captivity(host))
    e.state().cards[host].disabled = true;
}

// --- Ilon Tandro: once per game, as an order of his controller's turn, he takes an opposing
// personnel present with him captive, of his controller's choice (a use of his text, offered per
// target).

std::vector<CardId> ilon_tandro_targets(const Engine& e, Seat seat, CardId self) {
  const State& s = e.state();
  const CardState& me = s.cards[self];
  std::vector<CardId> out;
  if (me.stopped || me.disabled || e.captivity(self) || use_spent(e, self)) return out;
  for (CardId c : s.in_play) {
    const CardState& p = s.cards[c];
    if (!e.is_personnel(c) || p.controller == seat || e.captivity(c) || e.in_stasis(c) ||
        p.where != me.where)
      continue;
    if ((me.where == Where::kSurface && p.loc == me.loc) ||
        (me.where == Where::kAboard && p.host == me.host))
      out.push_back(c);
  }
  return out;
}

void ilon_tandro_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  for (CardId target : ilon_tandro_targets(e, seat, self))
    out.push_back({ActionKind::kUseCard, self, target});
}

void ilon_tandro_resolve(Engine& e, ActionFrame& f) {
  const auto targets = ilon_tandro_targets(e, f.actor, f.action.a);
  if (std::find(targets.begin(), targets.end(), f.action.b) == targets.end()) return;
  spend_use(e, f.action.a, f.actor, Until::kRemoved);
  e.capture(f.action.b, f.actor, kNoCard, /*source_goes_along=*/false);
}

// --- Prisoner Escort: a response to a capture of yours, played on the captive. When that
// captive is in your Brig its owner loses 5 points, once per persona in the game (a persona-less
// card: once per card). The interrupt stays on the captive until it is freed.

constexpr int kEscortPoints = 5;

void escort_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                  std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kCaptured) return;
  if (captive_cards_is_held_by(e, window->about, seat))
    out.push_back({ActionKind::kPlayInterrupt, self, window->about});
}

Rule escort_still_legal(const Engine& e, Seat seat, const Action& play) {
  return captive_cards_is_held_by(e, play.b, seat) ? Rule::kOk : Rule::kNoTarget;
}

void escort_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

bool escort_scored_on(const Engine& e, CardId captive) {
  const State& s = e.state();
  const PersonaId persona = s.def(captive).persona;
  return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
    if (x.kind != EffectKind::kCounter || !x.flag || x.source == kNoCard ||
        s.handler(x.source) != &kPrisonerEscort)
      return false;
    return x.card == captive ||
           (persona != kNoPersona && static_cast<PersonaId>(x.value) == persona);
  });
}

void escort_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const CardId captive = s.cards[self].host;
  if (s.cards[self].where != Where::kOn || !e.in_brig(captive) || escort_scored_on(e, captive))
    return;
  Effect scored{.kind = EffectKind::kCounter, .until = Until::kRemoved};
  scored.source = self;
  scored.card = captive;
  scored.flag = true;
  scored.value = static_cast<std::int16_t>(s.def(captive).persona);
  e.add_effect(scored);
  e.score(s.cards[captive].owner, -kEscortPoints, self);
}

// --- Holding Cell Door: played on your ship or facility, it stays there and gives it a Brig
// (Engine::has_brig).

std::vector<CardId> holding_cell_hosts(const Engine& e, Seat seat) {
  const State& s = e.state();
  std::vector<CardId> out;
  for (CardId c : s.in_play) {
    if ((e.is_ship(c) || e.is_facility(c)) && s.cards[c].controller == seat &&
        s.cards[c].where == Where::kSpace && !e.has_brig(c))
      out.push_back(c);
  }
  return out;
}

void holding_cell_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                        std::vector<Action>& out) {
  if (window) return;
  for (CardId c : holding_cell_hosts(e, seat))
    out.push_back({ActionKind::kPlayDoorway, self, c});
}

Rule holding_cell_still_legal(const Engine& e, Seat seat, const Action& play) {
  const auto hosts = holding_cell_hosts(e, seat);
  return std::find(hosts.begin(), hosts.end(), play.b) != hosts.end() ? Rule::kOk : Rule::kNoTarget;
}

void holding_cell_resolve(Engine& e, ActionFrame& f) {
  place(e, f.action.a, f.actor, f.action.b);
}

// --- Outgunned: at the start of a ship battle you initiated against the opponent's only ship
// at the location, undocked, when the WEAPONS of all your cards firing are more than three times
// its SHIELDS: the battle is cancelled, the ship's crew are your captives and the ship is yours,
// taking the affiliation of one of your firing crews' personnel, your choice (BoG). With the rule
// option outgunned_initiated_only off, also as the defender, against the ship you return fire at.

// The side `seat` fights on in the battle `b`, at its start, if Outgunned may be played on it.
int outgunned_side(const Engine& e, Seat seat, const ShipBattleFrame* b) {
  if (!b || b->step != ShipBattleFrame::Step::kStart) return -1;
  const int side = ship_battle_side(*b, seat);
  if (side < 0 || (side == 1 && e.state().options.outgunned_initiated_only) ||
      b->targets[side].size() != 1)
    return -1;
  const State& s = e.state();
  const CardId target = b->targets[side].front();
  if (!e.is_ship(target) || s.cards[target].controller == seat || e.docked(target)) return -1;
  for (CardId c : s.in_play) {
    if (c != target && e.is_ship(c) && s.cards[c].controller == s.cards[target].controller &&
        s.cards[c].where == Where::kSpace && s.cards[c].loc == b->loc)
      return -1;  // not its only ship there
  }
  int weapons = 0;
  for (CardId c : b->firing[side])
    weapons += e.attribute(c, Attribute::kWeapons);
  return weapons > 3 * e.attribute(target, Attribute::kShields) ? side : -1;
}

void outgunned_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                     std::vector<Action>& out) {
  const ShipBattleFrame* b = starting_battle(e, window);
  if (const int side = outgunned_side(e, seat, b); side >= 0)
    out.push_back({ActionKind::kPlayInterrupt, self, b->targets[side].front()});
}

Rule outgunned_still_legal(const Engine& e, Seat seat, const Action& play) {
  const ShipBattleFrame* b = e.top_frame<ShipBattleFrame>();
  const int side = outgunned_side(e, seat, b);
  return side >= 0 && b->targets[side].front() == play.b ? Rule::kOk : Rule::kNoTarget;
}

void outgunned_resolve(Engine& e, ActionFrame& f) {
  auto* b = e.top_frame<ShipBattleFrame>();
  const CardId ship = f.action.b;
  if (!b || b->step != ShipBattleFrame::Step::kStart || !e.state().in_play_at(ship)) return;
  const int side = ship_battle_side(*b, f.actor);
  if (side < 0) return;
  std::vector<CardId> commandeering;
  for (CardId c : b->firing[side]) {
    for (CardId p : e.crew(c)) {
      if (e.state().cards[p].controller == f.actor && !e.captivity(p)) commandeering.push_back(p);
    }
  }
  std::vector<CardId> choices;
  for (CardId c : commandeering) {
    if ((e.affiliations(c) & kCaptiveCardsAffiliated) != 0) choices.push_back(c);
  }
  Affiliation as = Affiliation::kNone;
  if (!choices.empty()) {
    auto who = e.pick(f.actor, choices);
    if (!who) return;  // asked; this runs again with the answer
    const AffiliationSet set = e.affiliations(*who) & kCaptiveCardsAffiliated;
    for (int a = 0; a < kAffiliationCount; ++a) {
      if (set & bit(static_cast<Affiliation>(a))) as = static_cast<Affiliation>(a);
    }
  }
  // No firing, no damage: the battle ends here without a winner or anyone stopped.
  b->step = ShipBattleFrame::Step::kEnded;
  for (CardId p : e.crew(ship)) {
    if (e.state().cards[p].controller != f.actor) e.capture(p, f.actor, kNoCard, false);
  }
  e.commandeer(ship, f.actor, commandeering, as);
}

// --- His Honor, The High Sheriff of Nottingham (a Q-icon dilemma, nothing nullifies it): with
// none of the player's personnel held captive it is discarded. Otherwise the player either
// leaves every captive where it is and takes the card into their bonus area (-5), or has one
// captive of their choice freed here, with the group, and the card is discarded; then the
// opponent may reveal SECURITY from hand (one personnel card, or two with the option
// high_sheriff_two_security) to capture two of the group at random (CRD IV.12.A).

std::vector<CardId> high_sheriff_captives(const Engine& e, Seat seat) {
  std::vector<CardId> out;
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCaptive && e.state().in_play_at(x.card) &&
        e.state().cards[x.card].owner == seat)
      out.push_back(x.card);
  }
  return out;
}

bool high_sheriff_security(const Engine& e, CardId c) {
  const CardDef& def = e.state().def(c);
  if (def.type() != v1::STCCG_CARD_TYPE_PERSONNEL) return false;
  const auto& p = def.card.personnel();
  if (p.classification() == v1::STCCG_CLASSIFICATION_SECURITY) return true;
  return std::any_of(p.skills().begin(), p.skills().end(),
                     [](const v1::StccgSkill& k) { return k.name() == "SECURITY"; });
}

void high_sheriff(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const Seat other = q_owner(f);
  if (f.sub == DilemmaStep::kEntry) {
    if (high_sheriff_captives(e, f.player).empty())
      return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
    f.sub = DilemmaStep::kAsking;
  }
  if (f.sub == DilemmaStep::kAsking) {
    auto leave = e.yes_no(f.player);
    if (!leave) return;
    if (*leave) return to_bonus(e, f, f.player, s.def(f.current).card.dilemma().points());
    f.sub = DilemmaStep::kChosen;
  }
  if (f.sub == DilemmaStep::kChosen) {
    auto freed = e.pick(f.player, high_sheriff_captives(e, f.player));
    if (!freed) return;
    e.release(*freed);
    if (f.vessel != kNoCard) {
      e.move_card(*freed, Zone::kPlay, Where::kAboard, kNoLoc, f.vessel, f.player);
    } else {
      e.move_card(*freed, Zone::kPlay, Where::kSurface, f.loc, kNoCard, f.player);
    }
    f.sub = DilemmaStep::kAfterEffects;
    f.picked = 0;
  }
  // The opponent reveals SECURITY personnel from hand, one at a time, or stops.
  const int needed = s.options.high_sheriff_one_security ? 1 : 2;
  while (f.picked < needed) {
    std::vector<CardId> shown;
    for (CardId c : s.players[other].hand) {
      if (high_sheriff_security(e, c) && !s.cards[c].exposed) shown.push_back(c);
    }
    if (static_cast<int>(shown.size()) < needed - f.picked)
      return e.finish_dilemma(f, ev::Outcome::kApplied);
    auto reveal = e.pick_or_done(other, shown);
    if (!reveal) return;
    if (*reveal == kNoCard) return e.finish_dilemma(f, ev::Outcome::kApplied);
    e.expose(*reveal);
    ++f.picked;
  }
  e.emit(ev::DilemmaResolved{f.current, s.cards[f.current].def, ev::Outcome::kApplied});
  e.to_discard(f.current);
  std::vector<CardId> pool = f.members;
  for (int taken = 0; taken < 2 && !pool.empty(); ++taken) {
    const CardId victim = e.random_member(pool);
    std::erase(pool, victim);
    // Each captive taken after a window its owner may answer (Wolf); the group is pruned of
    // them before the next card (AttemptFrame::Step::kBetween).
    e.picked_at_random(victim, WindowKind::kPickedForCapture);
  }
  e.prune(f);
  f.step = e.after_card(f);
}

// --- Mirasta Yale: seeded under a mission like a dilemma, and worth 5 points to her owner while
// in play. Met by her owner's group she joins it at once, taking no part in the attempt: on the
// planet (her own Away Team if she may not work with them), or aboard their ship (under house
// arrest if she may not: a Reading, the ruling speaks of Away Teams). Met by the opponent's group
// she is their captive (QC rules; CRD IV.10.B).

constexpr int kMirastaPoints = 5;

void mirasta_yale(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId self = f.current;
  const Seat owner = s.cards[self].owner;
  const bool aboard = f.vessel != kNoCard;
  if (aboard) {
    e.move_card(self, Zone::kPlay, Where::kAboard, kNoLoc, f.vessel, owner);
  } else {
    e.move_card(self, Zone::kPlay, Where::kSurface, f.loc, kNoCard, owner);
  }
  e.expose(self);
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kApplied});
  if (f.player != owner) {
    e.capture(self, f.player, kNoCard, /*source_goes_along=*/false);
  } else if (aboard && !e.fits_with_crew(self, f.vessel)) {
    s.cards[self].arrested = true;
  }
  f.step = e.after_card(f);
}

int mirasta_points(const Engine&, CardId) {
  return kMirastaPoints;
}

}  // namespace

extern const Handler kBrainwash{
    .name = "brainwash",
    .test = "tests/scenarios/card-captives.scn",
    .plays = brainwash_plays,
    .still_legal = brainwash_still_legal,
    .resolve = brainwash_resolve,
    .leaving_play = brainwash_leaving_play,
    .step = brainwash_step,
    .question = "does the brainwashed captive report to your outpost?",
    .yes_label = "Report to your outpost",
    .no_label = "Stay where it is",
};

extern const Handler kHighSheriffOfNottingham{
    .name = "high_sheriff_of_nottingham",
    .test = "tests/scenarios/card-captives-sheriff.scn",
    .encounter = high_sheriff,
    .question = "leave every captive of yours where it is, and lose 5 points?",
    .yes_label = "Leave them (-5)",
    .no_label = "Have one captive freed here",
    .choose_label = "choose the captive freed, or the SECURITY personnel revealed",
};

extern const Handler kHoldingCellDoor{
    .name = "holding_cell_door",
    .test = "tests/scenarios/card-captives-brig.scn",
    .plays = holding_cell_plays,
    .still_legal = holding_cell_still_legal,
    .resolve = holding_cell_resolve,
};

extern const Handler kIlonTandro{
    .name = "ilon_tandro",
    .test = "tests/scenarios/card-captives.scn",
    .resolve = ilon_tandro_resolve,
    .orders = ilon_tandro_orders,
    .use_label = "take this opposing personnel captive (once per game)",
};

extern const Handler kMadred{
    .name = "madred",
    .test = "tests/scenarios/card-captives.scn",
};

extern const Handler kMirastaYale{
    .name = "mirasta_yale",
    .test = "tests/scenarios/card-captives-mirasta.scn",
    .live_points = mirasta_points,
    .encounter = mirasta_yale,
};

extern const Handler kOutgunned{
    .name = "outgunned",
    .test = "tests/scenarios/card-captives-battle.scn",
    .plays = outgunned_plays,
    .still_legal = outgunned_still_legal,
    .resolve = outgunned_resolve,
    .choose_label = "choose whose affiliation the ship takes",
};

extern const Handler kPrisonerEscort{
    .name = "prisoner_escort",
    .test = "tests/scenarios/card-captives-brig.scn",
    .plays = escort_plays,
    .still_legal = escort_still_legal,
    .resolve = escort_resolve,
    .state_check = escort_state_check,
};

extern const Handler kTorture{
    .name = "torture",
    .test = "tests/scenarios/card-captives.scn",
    .plays = torture_plays,
    .still_legal = torture_still_legal,
    .resolve = torture_resolve,
    .end_of_turn = torture_end_of_turn,
};

}  // namespace spacedock::stccg::handlers
