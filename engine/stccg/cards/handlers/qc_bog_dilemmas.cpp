// Q-Continuum and Blaze of Glory dilemmas whose resolution the dilemma data cannot say
// (cards/ABILITIES.md §1): a way through by equipment, a victim who leaves play without dying,
// a re-seeding elsewhere, every ship at the location, a probe of the draw deck, and dilemmas
// that stay on a personnel and act on it later.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// The group carries a card with one of these keywords (a phaser, a disruptor).
bool carries_keyword(const Engine& e, const AttemptFrame& f,
                     std::initializer_list<std::string_view> keywords) {
  const State& s = e.state();
  return std::any_of(s.in_play.begin(), s.in_play.end(), [&](CardId c) {
    if (s.cards[c].controller != f.player || !e.with_group(f, c)) return false;
    const auto& own = s.def(c).card.keywords();
    return std::any_of(own.begin(), own.end(), [&](const std::string& k) {
      return std::find(keywords.begin(), keywords.end(), k) != keywords.end();
    });
  });
}

bool security_precautions(const Engine& e, const AttemptFrame& f) {
  return carries_keyword(e, f, {"phaser", "disruptor"});
}

// Puts the dilemma being met on `host` (a personnel) to act later, and goes on to the next card.
void place_on(Engine& e, AttemptFrame& f, CardId host, ev::Outcome outcome) {
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, e.state().cards[self].def, outcome});
  place(e, self, f.player, host);
  f.step = e.after_card(f);
}

void drumhead(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    // One member with INTEGRITY under 5 leaves play (not a death), at random: Norah Satie, whose
    // owner would choose, is not in our pool.
    std::vector<CardId> suspects;
    for (CardId c : f.members) {
      if (e.attribute(c, Attribute::kIntegrity) < 5) suspects.push_back(c);
    }
    if (!suspects.empty()) {
      e.to_discard(e.random_member(suspects));
      e.prune(f);
      if (s.options.drumhead_discard_passes) return e.finish_dilemma(f, ev::Outcome::kApplied);
    }
  }
  e.standard_dilemma(f, &s.def(f.current).condition);
}

void vicious_animal_things(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry || f.sub == DilemmaStep::kFailing) {
    if (f.sub == DilemmaStep::kEntry && e.condition_met(f, s.def(f.current).condition))
      return e.overcome(f);
    f.sub = DilemmaStep::kFailing;
    if (!e.apply_effects(f)) return;
    e.stop_group(f);
    f.sub = DilemmaStep::kAsking;
  }
  // The opponent seeds it again under another planet mission nobody has solved.
  std::vector<CardId> missions;
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    const Location& there = s.spaceline[loc];
    if (loc != f.loc && e.planet(loc) && there.completed_by == kNoSeat)
      missions.push_back(there.mission);
  }
  if (missions.empty()) return e.finish_dilemma(f, ev::Outcome::kFailed);
  auto to = e.pick(State::other(f.player), missions);
  if (!to) return;
  const CardId self = f.current;
  const LocIndex loc = s.cards[*to].loc;
  e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kFailed});
  e.move_card(self, Zone::kSeed, Where::kNone, loc);
  s.spaceline[loc].seeds.push_back(self);
  f.step = e.after_card(f);
}

void new_essentialists(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
    // One member who is not Borg goes to the top of its owner's draw deck.
    std::vector<CardId> taken;
    for (CardId c : f.members) {
      if ((e.affiliations(c) & bit(Affiliation::kBorg)) == 0) taken.push_back(c);
    }
    if (!taken.empty()) {
      e.move_card(e.random_member(taken), Zone::kDrawDeck);
      e.prune(f);
    }
    f.sub = DilemmaStep::kFailing;
  }
  e.standard_dilemma(f, &s.def(f.current).condition);
}

void chula_the_lights(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) f.sub = DilemmaStep::kAsking;
  if (f.sub == DilemmaStep::kAsking) {
    // First the member whose attribute total is nearest 22 goes back to its owner's hand; the
    // encountering player breaks a tie.
    const auto distance = [&](CardId c) {
      const MemberFacts m = e.facts(c);
      return std::abs(m.integrity + m.cunning + m.strength - 22);
    };
    std::vector<CardId> nearest;
    int best = 0;
    for (CardId c : f.members) {
      if (nearest.empty() || distance(c) < best) nearest.clear(), best = distance(c);
      if (distance(c) == best) nearest.push_back(c);
    }
    if (!nearest.empty()) {
      auto back = e.pick(f.player, nearest);
      if (!back) return;
      e.move_card(*back, Zone::kHand);
      e.prune(f);
    }
    f.sub = DilemmaStep::kEntry;  // then the others face the condition
  }
  e.standard_dilemma(f, &s.def(f.current).condition);
}

void chula_the_abyss(Engine& e, AttemptFrame& f) {
  // Three members at random (all of them if fewer, or, under `abyss_tests_fewer_than_three`
  // off, none); an odd total CUNNING stops just those.
  if (!e.state().options.abyss_tests_fewer_than_three && f.members.size() < 3)
    return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  std::vector<CardId> pool = f.members;
  std::vector<CardId> tested;
  while (tested.size() < 3 && !pool.empty()) {
    const CardId c = e.random_member(pool);
    std::erase(pool, c);
    tested.push_back(c);
  }
  int cunning = 0;
  for (CardId c : tested)
    cunning += e.attribute(c, Attribute::kCunning);
  if (cunning % 2 == 1) {
    for (CardId c : tested) {
      e.stop(c);
      std::erase(f.members, c);
      std::erase(f.group, c);
    }
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

void stellar_flare(Engine& e, AttemptFrame& f) {
  // Every ship in space here, anyone's, is damaged and stopped unless it is docked or its own
  // crew and SHIELDS meet the card's condition (Navigation x2 + Astrophysics, or, under
  // `stellar_flare_one_astrophysics` off, Astrophysics x2 as well).
  State& s = e.state();
  const Formula& spared = s.def(f.current).condition;
  const auto astrophysics = s.db->skills().find("Astrophysics");
  const auto spares = [&](CardId ship) {
    if (!spared.holds_for_group(e.group_facts(e.crew(ship), ship))) return false;
    return s.options.stellar_flare_one_astrophysics ||
           e.attribute(ship, Attribute::kShields) > 11 ||
           (astrophysics && has_skill(e, e.crew(ship), *astrophysics, 4));
  };
  for (CardId ship : std::vector<CardId>(s.in_play)) {
    const CardState& card = s.cards[ship];
    if (!e.is_ship(ship) || card.zone != Zone::kPlay || card.where != Where::kSpace ||
        card.loc != f.loc || e.docked(ship))
      continue;
    if (spares(ship)) continue;
    e.stop(ship);
    e.damage(ship, State::other(card.controller));
  }
  e.prune(f);
  if (f.vessel == kNoCard || s.cards[f.vessel].stopped) f.stopped = true;
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

void under_fire(Engine& e, AttemptFrame& f) {
  // A probe: the top card of a draw deck is shown and stays there. Whose deck the documents do
  // not say: by default the encountering player's.
  State& s = e.state();
  const Seat prober = s.options.under_fire_probes_own_deck ? f.player : State::other(f.player);
  const std::vector<CardId>& deck = s.players[prober].draw;
  if (!deck.empty() && !f.members.empty()) {
    const CardId top = deck.back();
    e.reveal(top);
    const CardDef& shown = s.def(top);
    const auto& icons = shown.card.icons();
    const bool hit =
        shown.type() == v1::STCCG_CARD_TYPE_DOORWAY ||
        shown.type() == v1::STCCG_CARD_TYPE_INTERRUPT ||
        std::find(icons.begin(), icons.end(), v1::STCCG_ICON_SPECIAL_DOWNLOAD) != icons.end() ||
        (e.affiliations(top) & bit(Affiliation::kBorg)) != 0;
    std::vector<CardId> pool = f.members;
    for (int i = 0; i < (hit ? 2 : 1) && !pool.empty(); ++i) {
      const CardId victim = e.random_member(pool);
      std::erase(pool, victim);
      if (hit) {
        e.picked_at_random(victim, WindowKind::kPickedToDie);
      } else {
        e.stop(victim);
        std::erase(f.members, victim);
        std::erase(f.group, victim);
      }
    }
    e.prune(f);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

void yuta(Engine& e, AttemptFrame& f) {
  // The opponent names a number; the first member met in a random order whose INTEGRITY +
  // CUNNING - STRENGTH equals it dies. Holograms, androids and Exocomps are immune. Naming the
  // value of a member the opponent picks (or none: done) has the same outcomes as naming any
  // number, and a random member among those of that value is the first met.
  const auto value = [&](CardId c) {
    return e.attribute(c, Attribute::kIntegrity) + e.attribute(c, Attribute::kCunning) -
           e.attribute(c, Attribute::kStrength);
  };
  std::vector<CardId> mortal;
  for (CardId c : f.members) {
    if (e.facts(c).kind == PersonnelKind::kNormal) mortal.push_back(c);
  }
  if (mortal.empty()) return e.finish_dilemma(f, ev::Outcome::kApplied);
  f.sub = DilemmaStep::kAsking;
  auto named = e.pick_or_done(State::other(f.player), mortal);
  if (!named) return;
  if (*named != kNoCard) {
    const int x = value(*named);
    std::erase_if(mortal, [&](CardId c) { return value(c) != x; });
    // A random selection (CRD IV.8), which its player may answer (Security Sacrifice).
    e.picked_at_random(e.random_member(mortal), WindowKind::kPickedToDie);
    e.prune(f);
  }
  e.finish_dilemma(f, ev::Outcome::kApplied);
}

void royale_casino_craps(Engine& e, AttemptFrame& f) {
  // The encountering player shows a personnel from the hand: printed CUNNING 7 or 11 wins, and so
  // does one the opponent cannot match from their own hand (they show a match when they have
  // one, which wins it for them). Showing none loses. The winner scores the points and keeps the
  // card in their bonus area. Nobody is stopped.
  State& s = e.state();
  const auto cunning = [&](CardId c) { return s.def(c).card.personnel().cunning(); };
  const auto personnel_in_hand = [&](Seat seat) {
    std::vector<CardId> out;
    for (CardId c : s.players[seat].hand) {
      if (e.is_personnel(c)) out.push_back(c);
    }
    return out;
  };
  f.sub = DilemmaStep::kAsking;
  // Mickey D. in the Away Team wins it with no showing (side_game_won_by_presence).
  const bool won = side_game_won_by_presence(e, f);
  auto shown =
      won ? std::optional<CardId>(kNoCard) : e.pick_or_done(f.player, personnel_in_hand(f.player));
  if (!shown) return;
  Seat winner = won ? f.player : State::other(f.player);
  if (*shown != kNoCard) {
    e.reveal(*shown);
    const int x = cunning(*shown);
    std::vector<CardId> matches = personnel_in_hand(winner);
    std::erase_if(matches, [&](CardId c) { return cunning(c) != x; });
    if (x == 7 || x == 11 || matches.empty()) {
      winner = f.player;
    } else {
      e.reveal(matches.front());
    }
  }
  const CardId self = f.current;
  e.emit(ev::DilemmaResolved{self, s.cards[self].def,
                             winner == f.player ? ev::Outcome::kOvercome : ev::Outcome::kFailed});
  e.score(winner, s.def(self).card.dilemma().points(), self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, winner);
  f.step = e.after_card(f);
}

// Whether `personnel` is an OFFICER for Hazardous Duty: by classification or skill, or under
// `hazardous_duty_officer_skill` off by classification only.
bool hazardous_duty_officer(const Engine& e, CardId personnel) {
  const MemberFacts facts = e.facts(personnel);
  if (e.state().options.hazardous_duty_officer_skill)
    return facts.skills[SkillTable::of(Classification::kOfficer)] > 0;
  return facts.classification == Classification::kOfficer;
}

void hazardous_duty(Engine& e, AttemptFrame& f) {
  // Passed, it is laid on the mission, where it waits for a death; failed, it is a wall.
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    const bool met = s.options.hazardous_duty_officer_skill
                         ? e.condition_met(f, s.def(f.current).condition)
                         : std::count_if(f.members.begin(), f.members.end(), [&](CardId c) {
                             return hazardous_duty_officer(e, c);
                           }) >= 2;
    if (met) {
      const CardId self = f.current;
      e.emit(ev::DilemmaResolved{self, s.cards[self].def, ev::Outcome::kOvercome});
      e.move_card(self, Zone::kPlay, Where::kOn, kNoLoc, s.spaceline[f.loc].mission, f.player);
      f.step = e.after_card(f);
      return;
    }
    f.sub = DilemmaStep::kFailing;
  }
  e.standard_dilemma(f, &s.def(f.current).condition);
}

void hazardous_duty_death(Engine& e, CardId self, CardId victim) {
  // The first personnel who is not an OFFICER to die at this mission costs its owner the points.
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || e.location_of(victim) != e.location_of(card.host)) return;
  if (hazardous_duty_officer(e, victim)) return;
  const Seat owner = s.cards[victim].owner;
  e.score(owner, s.def(self).card.dilemma().points(), self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, owner);
}

void hazardous_duty_solved(Engine& e, CardId self) {
  // It stays on the mission until the mission is solved.
  const State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn) return;
  const LocIndex loc = e.location_of(card.host);
  if (loc != kNoLoc && s.spaceline[loc].completed_by != kNoSeat) e.to_discard(self);
}

// --- Dilemmas that stay on a personnel ---

std::vector<CardId> androids_of(const Engine& e, const std::vector<CardId>& group) {
  std::vector<CardId> out;
  for (CardId c : group) {
    if (e.facts(c).kind == PersonnelKind::kAndroid) out.push_back(c);
  }
  return out;
}

std::vector<CardId> vulcans_without_youth(const Engine& e, const std::vector<CardId>& group) {
  const State& s = e.state();
  const auto youth = s.db->skills().find("Youth");
  std::vector<CardId> out;
  for (CardId c : group) {
    const auto& species = s.def(c).card.personnel().species();
    if (std::find(species.begin(), species.end(), "Vulcan") == species.end()) continue;
    if (youth && e.facts(c).skills[*youth] > 0) continue;
    out.push_back(c);
  }
  return out;
}

// Bendii Syndrome: a counter on its Vulcan holds the player's score when it fell; the Vulcan dies
// as soon as that player has scored points since. Meanwhile their personnel in its group have
// INTEGRITY -2, as effects renewed whenever the game changes.
void bendii_syndrome(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    f.sub = DilemmaStep::kAsking;
    if (vulcans_without_youth(e, f.members).empty())
      return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
  }
  auto victim = e.pick(State::other(f.player), vulcans_without_youth(e, f.members));
  if (!victim) return;
  Effect score{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
  score.source = f.current;
  score.card = *victim;
  score.value = static_cast<std::int16_t>(s.players[f.player].score);
  e.add_effect(score);
  place_on(e, f, *victim, ev::Outcome::kApplied);
}

void bendii_syndrome_check(Engine& e, CardId self) {
  State& s = e.state();
  const CardState& card = s.cards[self];
  if (card.where != Where::kOn || !e.is_personnel(card.host)) return;
  const CardId vulcan = card.host;
  const int now = s.players[card.controller].score;
  for (Effect& x : s.effects) {
    if (x.kind != EffectKind::kCounter || x.source != self || x.card != vulcan) continue;
    if (now > x.value) return e.kill(vulcan);  // the card goes with it
    x.value = static_cast<std::int16_t>(now);  // points lost: the next gain still counts
  }
  const CardState& v = s.cards[vulcan];
  e.end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kAttribute && x.source == self; });
  for (CardId c : std::vector<CardId>(s.in_play)) {
    const CardState& p = s.cards[c];
    if (!e.is_personnel(c) || p.controller != card.controller || p.where != v.where ||
        p.host != v.host || p.loc != v.loc)
      continue;
    add_attribute_while(e, self, c, Attribute::kIntegrity, -2);
  }
}

void system_wide_cascade_failure(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, s.def(f.current).condition)) return e.overcome(f);
    f.sub = DilemmaStep::kAsking;
  }
  // The encountering player picks the android it falls on; nobody is stopped.
  auto victim = e.pick(f.player, androids_of(e, f.members));
  if (!victim) return;
  place_on(e, f, *victim, ev::Outcome::kFailed);
}

void system_wide_cascade_failure_ends(Engine& e, CardId self) {
  // At the end of the turn it fell, the android dies, and this card with it.
  const CardState& card = e.state().cards[self];
  if (card.where == Where::kOn && e.is_personnel(card.host)) e.kill(card.host);
}

// Chinese Finger Puzzle: the androids caught keep a counter of the owner's turns they must still
// spend stopped; the card rests on the first of them.
void chinese_finger_puzzle(Engine& e, AttemptFrame& f) {
  const std::vector<CardId> androids = androids_of(e, f.members);
  e.stop_group(f);
  for (CardId android : androids) {
    Effect held{.kind = EffectKind::kCounter, .until = Until::kSourceLeaves};
    held.source = f.current;
    held.card = android;
    held.value = static_cast<std::int16_t>(androids.size());
    e.add_effect(held);
  }
  place_on(e, f, androids.front(), ev::Outcome::kApplied);
}

}  // namespace

extern const Handler kBendiiSyndrome{
    .name = "bendii_syndrome",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .state_check = bendii_syndrome_check,
    .encounter = bendii_syndrome,
    .choose_label = "choose the Vulcan it falls on",
};

extern const Handler kChineseFingerPuzzle{
    .name = "chinese_finger_puzzle",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .start_of_turn = stop_held_counters,
    .end_of_turn = count_down_held_counters,
    .encounter = chinese_finger_puzzle,
};

extern const Handler kChulaTheAbyss{
    .name = "chula_the_abyss",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = chula_the_abyss,
};

extern const Handler kChulaTheLights{
    .name = "chula_the_lights",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = chula_the_lights,
    .choose_label = "choose who goes back to the hand",
};

extern const Handler kDrumhead{
    .name = "drumhead",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = drumhead,
};

extern const Handler kHazardousDuty{
    .name = "hazardous_duty",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .state_check = hazardous_duty_solved,
    .personnel_killed = hazardous_duty_death,
    .encounter = hazardous_duty,
};

extern const Handler kNewEssentialists{
    .name = "new_essentialists",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = new_essentialists,
};

extern const Handler kQsViciousAnimalThings{
    .name = "qs_vicious_animal_things",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = vicious_animal_things,
    .choose_label = "choose the planet mission it is seeded under",
};

extern const Handler kRoyaleCasinoCraps{
    .name = "royale_casino_craps",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = royale_casino_craps,
    .choose_label = "choose a personnel in your hand to show, or none",
};

extern const Handler kSecurityPrecautions{
    .name = "security_precautions",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .also_overcome = security_precautions,
};

extern const Handler kStellarFlare{
    .name = "stellar_flare",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = stellar_flare,
};

extern const Handler kSystemWideCascadeFailure{
    .name = "system_wide_cascade_failure",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .end_of_turn = system_wide_cascade_failure_ends,
    .encounter = system_wide_cascade_failure,
    .choose_label = "choose the android it falls on",
};

extern const Handler kUnderFire{
    .name = "under_fire",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = under_fire,
};

extern const Handler kYuta{
    .name = "yuta",
    .test = "tests/scenarios/card-qc-bog-dilemmas.scn",
    .encounter = yuta,
    .choose_label = "name the INTEGRITY + CUNNING - STRENGTH of a member, or a number none has",
};

}  // namespace spacedock::stccg::handlers
