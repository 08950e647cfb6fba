// Q-Continuum cards of the Manheim family and their neighbours (cards/ABILITIES.md §13): Drought
// Tree's points on a solved planet, which an unopposed Away Team may nullify; Jenice Manheim's
// bonus to one male present with her; Samuel Clemens leaving play when a Devidian Door is shown;
// Juliana Tainer becoming aware; John Doe preventing a death aboard his ship, and the
// Transfiguration played on him afterwards; Manheim's Dimensional Door, which puts a card play on
// hold (Engine::hold_play), and Paul Manheim, who may nullify it. Data's Body is with Data's
// Head (datas_body_and_head.cpp).
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// Whether `a` and `b` are in the same crew or Away Team (or both on the same table).
bool manheim_same_group(const State& s, CardId a, CardId b) {
  const CardState& x = s.cards[a];
  const CardState& y = s.cards[b];
  return x.where == y.where && x.host == y.host && x.loc == y.loc;
}

// --- Drought Tree: played on a planet mission its player completed, worth 7 to them while it
// stays. An Away Team unopposed at that planet may nullify it as one of its player's orders:
// the opponent's only (rule option drought_tree_opponent_only, qc.md: AMBIGUOUS), or with it off
// either player's.

constexpr int kDroughtTreePoints = 7;

void drought_tree_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                        std::vector<Action>& out) {
  if (window) return;
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc) && s.spaceline[loc].completed_by == seat)
      out.push_back({ActionKind::kPlayEvent, self, s.spaceline[loc].mission});
  }
}

Rule drought_tree_still_legal(const Engine& e, Seat seat, const Action& play) {
  const LocIndex loc = e.location_of(play.b);
  return loc != kNoLoc && e.state().spaceline[loc].completed_by == seat ? Rule::kOk
                                                                        : Rule::kNoTarget;
}

void drought_tree_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& tree = s.cards[self];
  if (tree.where != Where::kOn) return;
  if (seat == tree.controller && s.options.drought_tree_opponent_only) return;
  const LocIndex loc = e.location_of(self);
  if (loc == kNoLoc || !e.away_teams(State::other(seat), loc).empty()) return;
  for (const std::vector<CardId>& team : e.away_teams(seat, loc)) {
    if (std::any_of(team.begin(), team.end(), [&](CardId c) { return !s.cards[c].stopped; })) {
      out.push_back({ActionKind::kUseCard, self});
      return;
    }
  }
}

void drought_tree_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kUseCard) {
    if (e.state().in_play_at(self)) e.nullify(self);
    return;
  }
  place(e, self, f.actor, f.action.b);
  e.score(f.actor, kDroughtTreePoints, self);
}

void drought_tree_leaving(Engine& e, CardId self) {
  e.score(e.state().cards[self].controller, -kDroughtTreePoints, self);
}

// --- Jenice Manheim: her owner picks one male present with her (as she reports, or later as
// an order); while he stays present with her he has INTEGRITY, CUNNING and STRENGTH +2, or +4
// when he is Paul Manheim (CRD IV.5D). Her other functions are in other cards' data: Security
// Precautions names her, and the Ressikan Flute counts at most four Music while she is in play.

constexpr int kJeniceBonus = 2;
constexpr int kJenicePaulBonus = 4;

std::vector<CardId> jenice_males_present(const Engine& e, CardId self) {
  const State& s = e.state();
  std::vector<CardId> out;
  if (s.cards[self].disabled) return out;
  for (CardId c : s.in_play) {
    if (c != self && e.is_personnel(c) && !s.cards[c].disabled && manheim_same_group(s, c, self) &&
        e.gender(c) == Gender::kMale)
      out.push_back(c);
  }
  return out;
}

// The male she picked: the card of her choice marker, or kNoCard.
CardId jenice_choice(const Engine& e, CardId self) {
  for (const Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self && x.flag) return x.card;
  }
  return kNoCard;
}

void jenice_check(Engine& e, CardId self);

// A choice emits no event, after which state checks would run: the bonus moves at once.
void jenice_choose(Engine& e, CardId self, CardId male) {
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.flag;
  });
  Effect choice{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves, .flag = true};
  choice.source = self;
  choice.card = male;
  e.add_effect(choice);
  jenice_check(e, self);
}

void jenice_reported(Engine& e, CardId self) {
  if (!jenice_males_present(e, self).empty())
    e.state().frames.emplace_back(CardFrame{.card = self, .player = e.state().cards[self].owner});
}

void jenice_step(Engine& e, CardFrame& f) {
  const auto male = e.pick_or_done(f.player, jenice_males_present(e, f.card));
  if (!male) return;
  const CardId self = f.card;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (*male != kNoCard) jenice_choose(e, self, *male);
}

void jenice_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const CardId chosen = jenice_choice(e, self);
  for (CardId male : jenice_males_present(e, self)) {
    if (male != chosen) out.push_back({ActionKind::kUseCard, self, male});
  }
}

void jenice_resolve(Engine& e, ActionFrame& f) {
  const auto males = jenice_males_present(e, f.action.a);
  if (std::find(males.begin(), males.end(), f.action.b) != males.end())
    jenice_choose(e, f.action.a, f.action.b);
}

// The bonus follows the chosen male while he is present with her.
void jenice_check(Engine& e, CardId self) {
  State& s = e.state();
  const CardId chosen = jenice_choice(e, self);
  const auto males = jenice_males_present(e, self);
  const bool holds = std::find(males.begin(), males.end(), chosen) != males.end();
  const auto bonus = [&](const Effect& x) {
    return x.kind == EffectKind::kAttribute && x.source == self;
  };
  std::erase_if(s.effects, [&](const Effect& x) { return bonus(x) && x.card != chosen; });
  if (!holds) {
    std::erase_if(s.effects, bonus);
    return;
  }
  if (std::any_of(s.effects.begin(), s.effects.end(), bonus)) return;
  const int amount = s.def(chosen).title() == "Paul Manheim" ? kJenicePaulBonus : kJeniceBonus;
  for (Attribute attribute : {Attribute::kIntegrity, Attribute::kCunning, Attribute::kStrength}) {
    add_attribute_while(e, self, chosen, attribute, amount);
  }
}

// --- Samuel Clemens: when his owner shows a Devidian Door (the second Door a use of one owes),
// they may have him leave play for their bonus area, worth 10 (CRD IV.10.E). Asked at the
// showing; leaving, he cannot be asked again.

constexpr int kClemensPoints = 10;

void clemens_door_shown(Engine& e, CardId self, CardId shown, Seat by) {
  const State& s = e.state();
  if (s.cards[self].owner != by || s.def(shown).title() != "Devidian Door") return;
  e.state().frames.emplace_back(CardFrame{.card = self, .player = by});
}

void clemens_step(Engine& e, CardFrame& f) {
  const auto leaves = e.yes_no(f.player);
  if (!leaves) return;
  const CardId self = f.card;
  e.state().frames.pop_back();  // `f` is gone from here on
  if (!*leaves || !e.state().in_play_at(self)) return;
  const Seat owner = e.state().cards[self].owner;
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, owner);
  e.score(owner, kClemensPoints, self);
}

// --- Juliana Tainer: X = 0 until she is first relied on as an android (Handler::
// used_as_android); then CUNNING and STRENGTH +4 for good and she is stopped for the turn.

constexpr int kTainerAware = 4;

void tainer_aware(Engine& e, CardId self) {
  if (use_spent(e, self, Until::kSourceLeaves)) return;
  spend_use(e, self, e.state().cards[self].controller, Until::kSourceLeaves);
  for (Attribute attribute : {Attribute::kCunning, Attribute::kStrength}) {
    add_attribute_while(e, self, self, attribute, kTainerAware);
  }
  e.stop(self);
}

// --- John Doe: once each turn he may prevent the death of another of his player's personnel
// aboard the ship he is aboard, unless the same effect kills him too (CRD IV.10.E). Having done
// so, he may receive a Transfiguration. A kill is made in the middle of many effects and cannot
// wait for a choice, so he prevents it at once and his player is asked right after the step that
// killed (his state check, between steps): declined, the personnel dies then and his use of the
// turn is not spent. The choice is a counter of his on the personnel, its value the stage.

enum class DoeChoice : std::int16_t { kPending, kAsking, kDeclined };

Effect* doe_choice(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kCounter && x.source == self) return &x;
  }
  return nullptr;
}

bool declined_for(const Engine& e, CardId self, CardId victim) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == victim &&
           x.value == static_cast<std::int16_t>(DoeChoice::kDeclined);
  });
}

bool john_doe_prevents(Engine& e, CardId self, CardId victim, std::span<const CardId> killed_with) {
  const State& s = e.state();
  const CardState& doe = s.cards[self];
  const CardState& dying = s.cards[victim];
  if (victim == self || doe.disabled || e.in_stasis(self) || doe.where != Where::kAboard ||
      !e.is_ship(doe.host) || dying.where != Where::kAboard || dying.host != doe.host ||
      dying.controller != doe.controller ||
      std::find(killed_with.begin(), killed_with.end(), self) != killed_with.end() ||
      use_spent(e, self, Until::kEndOfTurn) || declined_for(e, self, victim))
    return false;
  spend_use(e, self, doe.controller, Until::kEndOfTurn);
  Effect choice{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  choice.source = self;
  choice.card = victim;
  choice.value = static_cast<std::int16_t>(DoeChoice::kPending);
  e.add_effect(choice);
  return true;
}

void john_doe_state_check(Engine& e, CardId self) {
  State& s = e.state();
  Effect* choice = doe_choice(e, self);
  if (!choice || choice->value != static_cast<std::int16_t>(DoeChoice::kPending)) return;
  if (!s.in_play_at(choice->card)) {  // gone meanwhile: nothing left to choose
    const CardId victim = choice->card;
    e.end_effects([&](const Effect& x) {
      return x.kind == EffectKind::kCounter && x.source == self && x.card == victim;
    });
    return;
  }
  if (s.decision_open || s.answer) return;  // only between decisions: an answer would go astray
  choice->value = static_cast<std::int16_t>(DoeChoice::kAsking);
  s.frames.emplace_back(CardFrame{self, s.cards[self].controller, 0, choice->card});
}

void john_doe_step(Engine& e, CardFrame& f) {
  const auto prevents = e.yes_no(f.player);
  if (!prevents) return;
  const CardId self = f.card;
  const CardId victim = f.chosen;
  const Seat by = f.player;
  e.state().frames.pop_back();  // `f` is gone from here on
  const auto of_this_choice = [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == self && x.card == victim;
  };
  e.end_effects(of_this_choice);
  if (*prevents) {
    // Having saved someone, he may receive a Transfiguration for as long as he stays.
    if (!use_spent(e, self, Until::kSourceLeaves)) spend_use(e, self, by, Until::kSourceLeaves);
    return;
  }
  e.end_effects([&](const Effect& x) {
    return x.kind == EffectKind::kUsed && x.source == self && x.until == Until::kEndOfTurn;
  });
  if (!e.state().in_play_at(victim)) return;
  Effect declined{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
  declined.source = self;
  declined.card = victim;
  declined.value = static_cast<std::int16_t>(DoeChoice::kDeclined);
  e.add_effect(declined);
  e.kill(victim);
  e.end_effects(of_this_choice);
}

// --- Transfiguration: played on a John Doe who has prevented a death. Once each turn, as an
// order of his controller, it nullifies another event at his location (CRD IV.7: "present" is
// the spaceline location). The Zalkonian Vessel spares him (its handler reads this title).

bool transfiguration_host_ok(const Engine& e, CardId doe) {
  const State& s = e.state();
  if (!s.in_play_at(doe) || s.def(doe).title() != "John Doe" ||
      !use_spent(e, doe, Until::kSourceLeaves))
    return false;
  return std::none_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return s.cards[c].where == Where::kOn && s.cards[c].host == doe &&
           s.def(c).title() == "Transfiguration";
  });
}

void transfiguration_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                           std::vector<Action>& out) {
  if (window) return;
  for (CardId c : e.state().in_play) {
    if (transfiguration_host_ok(e, c)) out.push_back({ActionKind::kPlayEvent, self, c});
  }
}

Rule transfiguration_still_legal(const Engine& e, Seat, const Action& play) {
  return transfiguration_host_ok(e, play.b) ? Rule::kOk : Rule::kNoTarget;
}

void transfiguration_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || use_spent(e, self, Until::kEndOfTurn)) return;
  const LocIndex here = e.location_of(card.host);
  if (here == kNoLoc) return;
  for (CardId c : s.in_play) {
    if (c != self && s.type(c) == v1::STCCG_CARD_TYPE_EVENT &&
        s.def(c).title() != "Transfiguration" && e.location_of(c) == here && e.may_nullify(self, c))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

void transfiguration_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kPlayEvent) return place(e, self, f.actor, f.action.b);
  spend_use(e, self, f.actor, Until::kEndOfTurn);
  if (e.state().in_play_at(f.action.b)) e.nullify(f.action.b);
}

// --- Manheim's Dimensional Door: played on a planet, it affects both players. While it is in
// play and not closed (Door-Net), a player may answer the other's card play, just announced (a
// response collected for the action it answers too), by showing a card of the same title from
// hand: the play is put on hold and they make a play from hand as though normally, outside the
// card-play limits (Engine::hold_play; CRD IV.6). A personnel present with it who doubles it
// (StccgWherePresent DOUBLES: Paul Manheim) lets his controller make that two plays for the card
// shown (CRD IV.10.E).

bool dimensional_door_open(const Engine& e, CardId self) {
  return e.state().in_play_at(self) && !e.has_effect(EffectKind::kDoorwayClosed, self);
}

bool dimensional_door_in_play(const Engine& e, CardId self) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    return c != self && s.def(c).title() == s.def(self).title();
  });
}

void dimensional_door_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                            std::vector<Action>& out) {
  if (window || dimensional_door_in_play(e, self)) return;  // not duplicatable
  const State& s = e.state();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (e.planet(loc)) out.push_back({ActionKind::kPlayDoorway, self, s.spaceline[loc].mission});
  }
}

Rule dimensional_door_still_legal(const Engine& e, Seat, const Action& play) {
  if (dimensional_door_in_play(e, play.a)) return Rule::kNotDuplicatable;
  const LocIndex loc = e.location_of(play.b);
  return loc != kNoLoc && e.planet(loc) ? Rule::kOk : Rule::kNoTarget;
}

void dimensional_door_responses(const Engine& e, Seat seat, CardId self, const WindowFrame& window,
                                std::vector<Action>& out) {
  if (!dimensional_door_open(e, self)) return;
  const std::vector<CardId> holdable = e.holdable_plays(seat, window);
  if (holdable.empty()) return;
  const State& s = e.state();
  for (CardId c : s.players[seat].hand) {
    for (CardId played : holdable) {
      if (s.def(c).title() == s.def(played).title()) {
        out.push_back({ActionKind::kUseCard, self, c});
        break;
      }
    }
  }
}

// The play the card shown puts on hold: the most recent holdable one of its title.
CardId dimensional_door_held(const Engine& e, Seat by, CardId shown) {
  const WindowFrame* window = e.top_frame<WindowFrame>();
  if (!window) return kNoCard;
  const State& s = e.state();
  for (CardId played : e.holdable_plays(by, *window)) {
    if (s.def(played).title() == s.def(shown).title()) return played;
  }
  return kNoCard;
}

// The personnel present with the Door (at its location) who doubles it, or kNoCard.
CardId dimensional_door_doubler(const Engine& e, CardId self) {
  const State& s = e.state();
  const LocIndex here = e.location_of(self);
  for (CardId c : s.in_play) {
    if (!e.is_personnel(c) || s.cards[c].disabled || e.in_stasis(c) || e.location_of(c) != here)
      continue;
    for (const auto& entry : s.def(c).card.personnel().where_present()) {
      if (entry.title() == s.def(self).title() &&
          entry.effect() == v1::STCCG_PRESENCE_EFFECT_DOUBLES)
        return c;
    }
  }
  return kNoCard;
}

void dimensional_door_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  if (f.action.kind == ActionKind::kPlayDoorway) return place(e, self, f.actor, f.action.b);
  // A card shown: a play of its title the window below follows is put on hold.
  const CardId played = dimensional_door_held(e, f.actor, f.action.b);
  if (!dimensional_door_open(e, self) || played == kNoCard) return;
  std::uint8_t plays = 1;
  if (const CardId doubler = dimensional_door_doubler(e, self); doubler != kNoCard) {
    // His controller may double it for this hold (CRD IV.10.E).
    if (f.sub == 0) {
      const auto doubled = e.yes_no(e.state().cards[doubler].controller);
      if (!doubled) return;
      f.sub = *doubled ? 2 : 1;
    }
    plays = f.sub;
  }
  e.hold_play(played, f.actor, f.action.b, self, plays);
}

void dimensional_door_step(Engine& e, CardFrame& f) {
  e.free_play_step(f);
}

// --- Paul Manheim: where present (at its location), his controller may nullify a card in play
// that his where_present entries say he may nullify (Manheim's Dimensional Door), as an order.
// His doubling of the Door is read by the Door's handler.

void paul_manheim_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (s.cards[self].disabled || e.in_stasis(self)) return;
  const LocIndex here = e.location_of(self);
  if (here == kNoLoc) return;
  for (const auto& entry : s.def(self).card.personnel().where_present()) {
    if (entry.effect() != v1::STCCG_PRESENCE_EFFECT_MAY_NULLIFY) continue;
    for (CardId c : s.in_play) {
      if (s.def(c).title() == entry.title() && e.location_of(c) == here && e.may_nullify(self, c))
        out.push_back({ActionKind::kUseCard, self, c});
    }
  }
}

void paul_manheim_resolve(Engine& e, ActionFrame& f) {
  std::vector<Action> still;
  paul_manheim_orders(e, f.actor, f.action.a, still);
  if (std::find(still.begin(), still.end(), f.action) != still.end()) e.nullify(f.action.b);
}

}  // namespace

extern const Handler kDimensionalDoor{
    .name = "manheims_dimensional_door",
    .test = "tests/scenarios/card-qc-manheims-door.scn",
    .plays = dimensional_door_plays,
    .still_legal = dimensional_door_still_legal,
    .resolve = dimensional_door_resolve,
    .responses = dimensional_door_responses,
    .responses_for_either_player = true,
    .step = dimensional_door_step,
    .question = "Paul Manheim is present: double the Door for this card shown (two plays)?",
    .yes_label = "double it",
    .no_label = "one play",
    .choose_label = "play a card from your hand through the Door, outside the card-play limits",
    .use_label = "show this card of the same title: that play is put on hold, and you play a card",
};

extern const Handler kPaulManheim{
    .name = "paul_manheim",
    .test = "tests/scenarios/card-qc-manheims-door.scn",
    .resolve = paul_manheim_resolve,
    .orders = paul_manheim_orders,
    .use_label = "nullify this card present with him",
};

extern const Handler kDroughtTree{
    .name = "drought_tree",
    .test = "tests/scenarios/card-qc-manheim.scn",
    .plays = drought_tree_plays,
    .still_legal = drought_tree_still_legal,
    .resolve = drought_tree_resolve,
    .leaving_play = drought_tree_leaving,
    .orders = drought_tree_orders,
    .orders_for_either_player = true,
    .use_label = "nullify the Drought Tree with your unopposed Away Team there",
};

extern const Handler kJeniceManheim{
    .name = "jenice_manheim",
    .test = "tests/scenarios/card-qc-manheim.scn",
    .resolve = jenice_resolve,
    .reported = jenice_reported,
    .state_check = jenice_check,
    .orders = jenice_orders,
    .step = jenice_step,
    .choose_label = "choose the male present with her who gets her bonus",
    .use_label = "give her bonus to this male present with her",
};

extern const Handler kSamuelClemens{
    .name = "samuel_clemens",
    .test = "tests/scenarios/card-qc-manheim.scn",
    .step = clemens_step,
    .card_shown = clemens_door_shown,
    .question = "a Devidian Door was shown: does Samuel Clemens leave play for your bonus area?",
    .yes_label = "He leaves: 10 points",
    .no_label = "He stays",
};

extern const Handler kJulianaTainer{
    .name = "juliana_tainer",
    .test = "tests/scenarios/card-qc-manheim.scn",
    .used_as_android = tainer_aware,
};

extern const Handler kJohnDoe{
    .name = "john_doe",
    .test = "tests/scenarios/card-qc-john-doe.scn",
    .state_check = john_doe_state_check,
    .prevents_death = john_doe_prevents,
    .step = john_doe_step,
    .yes_label = "John Doe prevents this death (his use this turn)",
    .no_label = "Let the personnel die; John Doe's use stays for later this turn",
};

extern const Handler kTransfiguration{
    .name = "transfiguration",
    .test = "tests/scenarios/card-qc-john-doe.scn",
    .plays = transfiguration_plays,
    .still_legal = transfiguration_still_legal,
    .resolve = transfiguration_resolve,
    .orders = transfiguration_orders,
    .use_label = "nullify this event at John Doe's location",
};

}  // namespace spacedock::stccg::handlers
