// Resolving one seed card (§3.9): triggers, conditions, effects, stopping, and where the
// dilemma goes afterwards. Dilemmas are data (StccgDilemma); the few that need more have native
// handlers here, named by the card's `native` field and specified in cards/ABILITIES.md.
//
// Resolution may pause for a choice (a victim, a volunteer, a yes/no). The frame records how far
// it got (`sub`, `effect`, `picked`), so every step below can be entered again after the answer.
#include <algorithm>

#include "engine/stccg/game.h"

namespace spacedock::stccg {
namespace {

// Sub-steps of one dilemma.
enum Sub : std::uint8_t { kEntry, kFailing, kAfterEffects, kAsking, kChosen };

bool is_hea(const MemberFacts& m) {
  return m.kind != PersonnelKind::kNormal;
}

const Formula& planet_crystalline_condition(const CardDb& db) {
  static const Formula formula = parse_formula("SCIENCE + MEDICAL", {&db.skills(), nullptr});
  return formula;
}

}  // namespace

std::optional<CardId> Game::pick(Seat decider, const std::vector<CardId>& candidates) {
  if (auto answer = take_answer()) return answer->a;
  std::vector<Action> options;
  options.reserve(candidates.size());
  for (CardId c : candidates)
    options.push_back({ActionKind::kChoose, c});
  ask(decider, std::move(options));
  return std::nullopt;
}

std::optional<bool> Game::yes_no(Seat decider) {
  if (auto answer = take_answer()) return answer->kind == ActionKind::kYes;
  ask(decider, {{ActionKind::kYes}, {ActionKind::kNo}});
  return std::nullopt;
}

CardId Game::random_member(const std::vector<CardId>& pool) {
  return pool[static_cast<std::size_t>(s_.rng.below(static_cast<std::uint32_t>(pool.size())))];
}

void Game::resolve_seed(AttemptFrame& f) {
  const CardId c = f.current;
  const CardDef& def = s_.def(c);
  if (f.sub == kEntry) {
    if (def.type() == v1::STCCG_CARD_TYPE_DOORWAY) {
      // A Q-Flash: the opponent's Q-Continuum arrives with the side decks in part 2.
      return finish_dilemma(f, ev::Outcome::kQFlashIgnored);
    }
    if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA)
      return finish_dilemma(f, ev::Outcome::kNoTrigger);
    if (std::find(f.met.begin(), f.met.end(), def.index) != f.met.end()) {
      return finish_dilemma(f, ev::Outcome::kDuplicate);
    }
    f.met.push_back(def.index);
    const auto& d = def.card.dilemma();
    if (d.needs_ship() && (f.vessel == kNoCard || !is_ship(f.vessel))) {
      return finish_dilemma(f, ev::Outcome::kNoShip);
    }
    if (!def.trigger.empty() && !def.trigger.holds_for_group(group_facts(f.members, f.vessel))) {
      return finish_dilemma(f, ev::Outcome::kNoTrigger);
    }
    if (d.native() == "edo_probe" && (s_.cards[c].abandoned_by & (1u << f.player))) {
      return finish_dilemma(
          f, ev::Outcome::kNoTrigger);  // met again after abandoning: discarded unseen
    }
  }
  const std::string& native = def.card.dilemma().native();
  if (native == "hunter_gangs") return hunter_gangs(f);
  if (native == "edo_probe") return edo_probe(f);
  if (native == "portal_guard") return portal_guard(f);
  if (native == "tarellian_plague_ship") return tarellian_plague_ship(f);
  if (native == "rebel_encounter") return rebel_encounter(f);
  if (native == "crystalline_entity" && f.vessel == kNoCard) {
    return standard_dilemma(f, &planet_crystalline_condition(*s_.db));
  }
  return standard_dilemma(f, &def.condition);
}

bool Game::condition_met(const AttemptFrame& f, const Formula& condition) const {
  if (condition.holds_for_group(group_facts(f.members, f.vessel))) return true;
  if (s_.def(f.current).card.dilemma().native() != "alien_labyrinth") return false;
  // Alien Labyrinth: a Tricorder with the group also finds the way.
  return std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
    return s_.def(c).title() == "Tricorder" && s_.cards[c].controller == f.player &&
           with_group(f, c);
  });
}

bool Game::with_group(const AttemptFrame& f, CardId c) const {
  const CardState& card = s_.cards[c];
  return f.vessel == kNoCard ? card.where == Where::kSurface && card.loc == f.loc
                             : card.where == Where::kAboard && card.host == f.vessel;
}

void Game::standard_dilemma(AttemptFrame& f, const Formula* condition) {
  const auto& d = s_.def(f.current).card.dilemma();
  const bool has_condition = !condition->empty();
  if (f.sub == kEntry) {
    if (has_condition && condition_met(f, *condition)) return overcome(f);
    f.sub = kFailing;
  }
  if (f.sub == kFailing) {
    if (!apply_effects(f)) return;  // waiting for a choice
    f.sub = kAfterEffects;
  }
  if ((has_condition && d.stops_on_fail()) || d.stops_always()) stop_group(f);
  if (!has_condition && !s_.def(f.current).cure.empty() &&
      s_.def(f.current).cure.holds_for_group(group_facts(f.members, f.vessel))) {
    return finish_dilemma(f, ev::Outcome::kCured);
  }
  const ev::Outcome outcome = has_condition ? ev::Outcome::kFailed : ev::Outcome::kApplied;
  switch (d.disposition()) {
    case v1::STCCG_DISPOSITION_REPLACE:
      return replace_dilemma(f, outcome);
    case v1::STCCG_DISPOSITION_ATTACH:
      return attach_dilemma(f, outcome);
    default:
      return finish_dilemma(f, outcome);
  }
}

void Game::overcome(AttemptFrame& f) {
  const auto& d = s_.def(f.current).card.dilemma();
  const bool scores = d.points() != 0 && (d.score_when() == v1::STCCG_SCORE_WHEN_UNSPECIFIED ||
                                          d.score_when() == v1::STCCG_SCORE_WHEN_OVERCOME);
  if (scores) {
    score(f.player, d.points(), f.current);
    f.scored = true;
  }
  finish_dilemma(f, ev::Outcome::kOvercome);
}

bool Game::apply_effects(AttemptFrame& f) {
  const auto& effects = s_.def(f.current).card.dilemma().on_fail();
  while (f.effect < effects.size()) {
    const v1::StccgEffect& effect = effects[f.effect];
    switch (effect.kind_case()) {
      case v1::StccgEffect::kKill:
        if (!kill_effect(f, effect.kill())) return false;
        break;
      case v1::StccgEffect::kDamageShip:
        if (f.vessel != kNoCard && is_ship(f.vessel)) damage_ship(f.vessel);
        break;
      case v1::StccgEffect::kDestroyShip:
        if (f.vessel != kNoCard && is_ship(f.vessel)) destroy_vessel(f.vessel);
        break;
      case v1::StccgEffect::kRelocate:
        relocate_effect(f, effect.relocate());
        break;
      case v1::StccgEffect::kScore: {
        const auto& s = effect.score();
        score(f.player, s.points() + s.per_member() * static_cast<int>(f.members.size()),
              f.current);
        f.scored = true;
        break;
      }
      default:
        break;
    }
    prune(f);
    ++f.effect;
    f.picked = 0;
  }
  return true;
}

bool Game::kill_effect(AttemptFrame& f, const v1::StccgKill& kill) {
  const CardDef& def = s_.def(f.current);
  const std::string& native = def.card.dilemma().native();
  // Holograms, androids and Exocomps are spared by these two (CRD IV.10.A).
  const bool spare_hea = native == "microvirus" || native == "barclays_protomorphosis_disease";
  const Formula& filter = def.effect_filters[f.effect];
  std::vector<CardId> eligible;
  for (CardId c : f.members) {
    const MemberFacts m = facts(c);
    if (spare_hea && is_hea(m)) continue;
    if (filter.empty() || filter.holds_for_member(m)) eligible.push_back(c);
  }
  const std::size_t wanted =
      kill.half_of_group() ? f.members.size() / 2 : std::max(1u, kill.count());
  switch (kill.select()) {
    case v1::STCCG_SELECT_ALL:
      for (CardId c : eligible)
        this->kill(c);
      return true;
    case v1::STCCG_SELECT_RANDOM:
      for (std::size_t i = 0; i < wanted && !eligible.empty(); ++i) {
        const CardId victim = random_member(eligible);
        std::erase(eligible, victim);
        this->kill(victim);
      }
      return true;
    case v1::STCCG_SELECT_HIGHEST_TOTAL_ATTRIBUTES: {
      if (eligible.empty()) return true;
      auto total = [&](CardId c) {
        const MemberFacts m = facts(c);
        return m.integrity + m.cunning + m.strength;
      };
      int best = 0;
      for (CardId c : eligible)
        best = std::max(best, total(c));
      std::erase_if(eligible, [&](CardId c) { return total(c) != best; });
      auto victim = pick(f.player, eligible);  // the owner picks among ties
      if (!victim) return false;
      this->kill(*victim);
      return true;
    }
    default: {  // opponent's or owner's choice, one victim at a time
      const Seat decider =
          kill.select() == v1::STCCG_SELECT_OPPONENT_CHOICE ? State::other(f.player) : f.player;
      while (f.picked < wanted && !eligible.empty()) {
        auto victim = pick(decider, eligible);
        if (!victim) return false;
        std::erase(eligible, *victim);
        this->kill(*victim);
        ++f.picked;
      }
      return true;
    }
  }
}

void Game::relocate_effect(AttemptFrame& f, const v1::StccgRelocate& relocate) {
  const Formula& filter = s_.def(f.current).effect_filters[f.effect];
  std::vector<CardId> eligible;
  for (CardId c : f.members) {
    if (filter.empty() || filter.holds_for_member(facts(c))) eligible.push_back(c);
  }
  if (eligible.empty()) return;
  // The farthest planet, counted in locations; random among equals (CRD IV.5B).
  std::vector<LocIndex> farthest;
  int distance = 0;
  for (LocIndex loc = 0; loc < s_.spaceline.size(); ++loc) {
    if (loc == f.loc || !planet(loc)) continue;
    const int d = std::abs(static_cast<int>(loc) - static_cast<int>(f.loc));
    if (d > distance) farthest.clear(), distance = d;
    if (d == distance) farthest.push_back(loc);
  }
  if (farthest.empty()) return;  // no other planet: the personnel stays
  for (unsigned i = 0; i < std::max(1u, relocate.count()) && !eligible.empty(); ++i) {
    const CardId who = random_member(eligible);
    std::erase(eligible, who);
    const LocIndex to = farthest[s_.rng.below(static_cast<std::uint32_t>(farthest.size()))];
    move_card(who, Zone::kPlay, Where::kSurface, to);
  }
}

void Game::damage_ship(CardId ship) {
  // Rotation damage: a damaged ship hit again is destroyed (§3.13).
  if (s_.cards[ship].damaged) {
    destroy_vessel(ship);
  } else {
    s_.cards[ship].damaged = true;
  }
}

void Game::stop_group(AttemptFrame& f) {
  for (CardId c : f.members)
    stop(c);
  if (f.vessel != kNoCard) stop(f.vessel);  // a ship or outpost met a space dilemma (§3.8 step 5)
  f.stopped = true;
}

void Game::finish_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  if (f.scored) {
    move_card(c, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.player);
  } else {
    to_discard(c);
  }
  f.scored = false;
  f.step = AttemptFrame::Step::kBetween;
}

void Game::replace_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  auto& seeds = s_.spaceline[f.loc].seeds;
  s_.cards[c].exposed = true;  // both players have seen it: it stays face up for both
  move_card(c, Zone::kSeed, Where::kNone, f.loc);
  seeds.insert(seeds.begin() + static_cast<std::ptrdiff_t>(std::min(f.cursor, seeds.size())), c);
  ++f.cursor;
  f.step = AttemptFrame::Step::kBetween;
}

void Game::attach_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  const bool on_ship = s_.def(c).card.dilemma().needs_ship() && f.vessel != kNoCard;
  const CardId host = on_ship ? f.vessel : s_.spaceline[f.loc].mission;
  move_card(c, Zone::kPlay, Where::kOn, kNoLoc, host, f.player);
  f.step = AttemptFrame::Step::kBetween;
}

// --- Native handlers ---

void Game::hunter_gangs(AttemptFrame& f) {
  // Two members at random, one by one: an odd current CUNNING is killed, an even one escapes.
  std::vector<CardId> pool = f.members;
  for (int i = 0; i < 2 && !pool.empty(); ++i) {
    const CardId who = random_member(pool);
    std::erase(pool, who);
    if (attribute(who, Attribute::kCunning) % 2 != 0) kill(who);
  }
  finish_dilemma(f, ev::Outcome::kApplied);
}

void Game::edo_probe(AttemptFrame& f) {
  // The encountering player abandons the mission for now (No) or continues (Yes).
  f.sub = kAsking;  // the entry checks are done: the answer resumes here
  auto go_on = yes_no(f.player);
  if (!go_on) return;
  if (*go_on) {
    attach_dilemma(f, ev::Outcome::kApplied);  // to the bonus area at the end of the turn
    return;
  }
  s_.cards[f.current].abandoned_by |= static_cast<std::uint8_t>(1u << f.player);
  s_.players[f.player].blocked_mission = f.loc;
  f.abandoned = true;
  replace_dilemma(f, ev::Outcome::kApplied);
}

void Game::portal_guard(AttemptFrame& f) {
  if (f.sub == kEntry) {
    if (condition_met(f, s_.def(f.current).condition)) return overcome(f);
    f.sub = kFailing;
  }
  // All or nothing: the whole team beams up if each member can, else the whole team dies.
  std::vector<std::pair<CardId, CardId>> moves;
  for (CardId c : f.members) {
    CardId to = kNoCard;
    for (CardId v : s_.in_play) {
      if (s_.cards[v].controller == f.player && s_.cards[v].where == Where::kSpace &&
          s_.cards[v].loc == f.loc && check_transfer(f.player, c, v, f.loc) == Rule::kOk) {
        to = v;
        break;
      }
    }
    if (to == kNoCard) {
      moves.clear();
      for (CardId member : std::vector<CardId>(f.members))
        kill(member);
      break;
    }
    moves.emplace_back(c, to);
  }
  for (auto [c, to] : moves)
    move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, to);
  for (auto [c, to] : moves)
    stop(c);
  f.stopped = true;
  replace_dilemma(f, ev::Outcome::kFailed);
}

void Game::tarellian_plague_ship(AttemptFrame& f) {
  const CardDef& def = s_.def(f.current);
  const SkillId medical = SkillTable::of(Classification::kMedical);
  if (f.sub == kEntry) {
    if (!def.condition.holds_for_group(group_facts(f.members, f.vessel))) {
      f.sub = kFailing;
    } else {
      f.sub = kAsking;
    }
  }
  if (f.sub == kAsking) {
    // A volunteer who provides MEDICAL goes to the plague ship; the player picks who.
    std::vector<CardId> volunteers;
    for (CardId c : f.members) {
      if (facts(c).skills[medical] > 0) volunteers.push_back(c);
    }
    auto volunteer = pick(f.player, volunteers);
    if (!volunteer) return;
    if (base_facts(*volunteer).skills[medical] == 0) {
      // Their MEDICAL came from a Medical Kit: the kit goes with them.
      for (CardId c : std::vector<CardId>(s_.in_play)) {
        if (s_.def(c).title() == "Medical Kit" && s_.cards[c].controller == f.player &&
            with_group(f, c)) {
          to_discard(c);
          break;
        }
      }
    }
    to_discard(*volunteer);
    prune(f);
    return overcome(f);
  }
  standard_dilemma(f, &def.condition);
}

void Game::rebel_encounter(AttemptFrame& f) {
  const CardDef& def = s_.def(f.current);
  if (f.sub == kEntry) {
    if (condition_met(f, def.condition)) return overcome(f);
    f.sub = kAsking;
  }
  std::vector<CardId> equipment;
  for (CardId c : s_.in_play) {
    if (s_.def(c).type() == v1::STCCG_CARD_TYPE_EQUIPMENT && s_.cards[c].controller == f.player &&
        with_group(f, c)) {
      equipment.push_back(c);
    }
  }
  if (f.sub == kAsking) {
    if (equipment.empty()) {
      f.sub = kFailing;
    } else {
      // A bribe: discarding one Equipment card meets the condition.
      auto bribe = yes_no(f.player);
      if (!bribe) return;
      f.sub = *bribe ? kChosen : kFailing;
    }
  }
  if (f.sub == kChosen) {
    auto paid = pick(f.player, equipment);
    if (!paid) return;
    to_discard(*paid);
    return finish_dilemma(f, ev::Outcome::kOvercome);
  }
  standard_dilemma(f, &def.condition);
}

// --- Dilemmas in play: cures and end-of-turn countdowns ---

std::vector<CardId> Game::cure_group(CardId dilemma) const {
  const CardState& card = s_.cards[dilemma];
  if (is_ship(card.host)) return crew(card.host);
  std::vector<CardId> group;  // on a mission: the encountering player's personnel there
  const LocIndex loc = s_.cards[card.host].loc;
  for (CardId c : s_.in_play) {
    if (is_personnel(c) && s_.cards[c].controller == card.controller && location_of(c) == loc &&
        !s_.cards[c].stopped) {
      group.push_back(c);
    }
  }
  return group;
}

void Game::check_cures() {
  const auto curable = [&](CardId c) {
    return s_.cards[c].where == Where::kOn && !s_.def(c).cure.empty();
  };
  // Most of the time nothing is curable: look before copying the list a cure would change.
  if (std::none_of(s_.in_play.begin(), s_.in_play.end(), curable)) return;
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    const CardState& card = s_.cards[c];
    if (card.zone != Zone::kPlay || card.where != Where::kOn) continue;
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA || def.cure.empty()) continue;
    const CardId host = card.host;
    const CardId vessel = is_ship(host) ? host : kNoCard;
    if (!def.cure.holds_for_group(group_facts(cure_group(c), vessel))) continue;
    if (vessel != kNoCard) s_.cards[vessel].range_lost = 0;  // Birth of "Junior": RANGE restored
    emit(ev::DilemmaResolved{c, card.def, ev::Outcome::kCured});
    const auto& d = def.card.dilemma();
    if (d.points() != 0 && d.score_when() == v1::STCCG_SCORE_WHEN_CURED) {
      score(card.controller, d.points(), c);
      move_card(c, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, card.controller);
    } else {
      to_discard(c);
    }
  }
}

void Game::end_of_turn_effects() {
  // Rotation damage is repaired after two full turns docked at an outpost that repairs (§3.13).
  for (CardId c : s_.in_play) {
    CardState& ship = s_.cards[c];
    if (!ship.damaged || ship.controller != s_.active) continue;
    ship.repair_turns = ship.docked_all_turn && docked_for_repair(c) ? ship.repair_turns + 1 : 0;
    if (ship.repair_turns >= 2) {
      ship.damaged = false;
      ship.repair_turns = 0;
    }
  }
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    const CardState& card = s_.cards[c];
    if (card.zone != Zone::kPlay || card.where != Where::kOn) continue;
    const std::string& native = s_.def(c).card.dilemma().native();
    if (native == "birth_of_junior" && s_.cards[card.host].controller == s_.active) {
      const CardId ship = card.host;
      ++s_.cards[ship].range_lost;
      if (attribute(ship, Attribute::kRange) <= 0) destroy_vessel(ship);
    } else if (native == "test_crossfire" && card.controller == s_.active) {
      std::vector<CardId> there = cure_group(c);
      if (!there.empty()) kill(random_member(there));
    } else if (native == "edo_probe" && card.controller == s_.active) {
      score(card.controller, s_.def(c).card.dilemma().points(), c);
      move_card(c, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, card.controller);
    }
  }
  after_change();
}

}  // namespace spacedock::stccg
