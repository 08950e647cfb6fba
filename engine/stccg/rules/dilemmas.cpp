// Resolving one seed card (§3.9): triggers, conditions, effects, stopping, and where the
// dilemma goes afterwards. Dilemmas are data (StccgDilemma); the few that need more have native
// handlers (cards/handlers/), which the card names and cards/ABILITIES.md specifies.
//
// Resolution may pause for a choice (a victim, a volunteer, a yes/no). The frame records how far
// it got (`sub`, `effect`, `picked`), so every step below can be entered again after the answer.
#include <algorithm>
#include <iterator>
#include <optional>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

// A dilemma that cannot act without a crew to act on (CRD IV.2B: Conundrum, Cytherians).
bool needs_crew(const CardDef& def) {
  const auto& keywords = def.card.keywords();
  return std::find(keywords.begin(), keywords.end(), "Needs crew") != keywords.end();
}

bool is_hea(const MemberFacts& m) {
  return m.kind != PersonnelKind::kNormal;
}

// Whether `member` has used a once-per-turn where-present entry this turn.
bool where_present_used(const Engine& e, CardId member) {
  const auto& effects = e.state().effects;
  return std::any_of(effects.begin(), effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kCounter && x.source == member && x.card == member &&
           x.until == Until::kEndOfTurn;
  });
}

// The where-present entries of a card: a personnel's, an equipment's (I.P. Scanner), or those of
// an artifact used as equipment (Interphase Generator); none for anything else.
const google::protobuf::RepeatedPtrField<v1::StccgWherePresent>* where_present_entries(
    const Engine& e, CardId c) {
  const v1::StccgCard& card = e.state().def(c).card;
  if (e.is_personnel(c)) return &card.personnel().where_present();
  if (card.has_equipment()) return &card.equipment().where_present();
  if (card.has_artifact()) return &card.artifact().where_present();
  return nullptr;
}

// The where-present entries of `member` that nullify the dilemma `c`: by its title, or by an
// icon it bears.
const v1::StccgWherePresent* nullifies(const Engine& e, CardId member, CardId c) {
  const auto* entries = where_present_entries(e, member);
  if (!entries || !e.may_nullify(member, c)) return nullptr;
  const CardDef& def = e.state().def(c);
  for (const auto& entry : *entries) {
    const bool named = entry.icon() != v1::STCCG_ICON_UNSPECIFIED
                           ? (def.icons & (1u << entry.icon())) != 0
                           : entry.title() == def.title();
    // A side game won (Mickey D.) is not a nullifier: the card's handler asks for it.
    if (!named || entry.effect() == v1::STCCG_PRESENCE_EFFECT_SUSPENDS ||
        entry.effect() == v1::STCCG_PRESENCE_EFFECT_WINS)
      continue;
    if (entry.once_per_turn() && where_present_used(e, member)) continue;
    return &entry;
  }
  return nullptr;
}

// A member of the group facing the dilemma nullifies it: at once when it must, or when its
// player picks one of those who may (nullopt while asking; kNoCard when none does).
std::optional<CardId> nullifier_present(Engine& e, const AttemptFrame& f) {
  std::vector<CardId> may;
  std::vector<CardId> present = f.members;
  // Equipment, and artifacts used as equipment, with the group: aboard its vessel, or beside it
  // on the planet.
  const State& s = e.state();
  for (CardId c : s.in_play) {
    const CardState& item = s.cards[c];
    const auto type = s.type(c);
    if ((type != v1::STCCG_CARD_TYPE_EQUIPMENT && type != v1::STCCG_CARD_TYPE_ARTIFACT) ||
        item.controller != f.player)
      continue;
    if (f.vessel != kNoCard ? item.where == Where::kAboard && item.host == f.vessel
                            : item.where == Where::kSurface && item.loc == f.loc)
      present.push_back(c);
  }
  for (CardId member : present) {
    const v1::StccgWherePresent* entry = nullifies(e, member, f.current);
    if (!entry) continue;
    if (entry->effect() == v1::STCCG_PRESENCE_EFFECT_NULLIFIES) return member;
    may.push_back(member);
  }
  if (may.empty()) return kNoCard;
  return e.pick_or_done(f.player, may);
}

// A card in play that may cancel the card being met (Handler::may_cancel_met), if its
// controller chooses to: nullopt while asking, kNoCard when none does. The first such card's
// controller decides among theirs. One that nullifies it (Handler::nullifies_met) does so at once.
std::optional<CardId> canceller_in_play(Engine& e, const AttemptFrame& f) {
  const State& s = e.state();
  std::vector<CardId> may;
  for (CardId c : s.handled_in_play) {
    const Handler* handler = s.handler(c);
    if (handler && handler->nullifies_met && handler->nullifies_met(e, c, f)) return c;  // at once
    if (!handler || !handler->may_cancel_met || !handler->may_cancel_met(e, c, f)) continue;
    if (!may.empty() && s.cards[c].controller != s.cards[may.front()].controller) continue;
    may.push_back(c);
  }
  if (may.empty()) return kNoCard;
  return e.pick_or_done(s.cards[may.front()].controller, may);
}

// Whether `seat` has solved a mission whose end facing them lists the dilemma `c` in `list`
// (Plague Planet).
bool solved_mission_lists(const Engine& e, Seat seat, CardId c,
                          std::vector<std::string> MissionEndDef::*list) {
  const State& s = e.state();
  const std::string& title = s.def(c).title();
  for (LocIndex loc = 0; loc < s.spaceline.size(); ++loc) {
    if (s.spaceline[loc].completed_by != seat) continue;
    const auto& titles = e.end_for(seat, loc).*list;
    if (std::find(titles.begin(), titles.end(), title) != titles.end()) return true;
  }
  return false;
}

// A dilemma whose trigger or condition names androids, met by a group with a single android:
// that android is relied on as one (Handler::used_as_android; Juliana Tainer).
void android_relied_on(Engine& e, const AttemptFrame& f, const CardDef& def) {
  const auto& d = def.card.dilemma();
  const auto names_androids = [](const std::string& formula) {
    return formula.find("android") != std::string::npos;
  };
  if (!names_androids(d.trigger()) && !names_androids(d.condition()) &&
      !names_androids(d.planet_condition()))
    return;
  std::vector<CardId> androids;
  for (CardId member : f.members) {
    if (e.facts(member).kind == PersonnelKind::kAndroid) androids.push_back(member);
  }
  if (androids.size() != 1) return;
  const Handler* handler = e.state().def(androids.front()).handler;
  if (handler && handler->used_as_android) handler->used_as_android(e, androids.front());
}

}  // namespace

void Engine::resolve_seed(AttemptFrame& f) {
  const CardId c = f.current;
  const CardDef& def = s_.def(c);
  if (f.sub == DilemmaStep::kEntry) {
    // Nullified as it was met (Q2): it does nothing.
    if (s_.cards[c].zone != Zone::kResolving) {
      f.step = after_card(f);
      return;
    }
    if (def.type() == v1::STCCG_CARD_TYPE_DOORWAY && f.q_flash == kNoCard) return begin_q_flash(f);
    if (!f.cancel_asked) {
      const std::optional<CardId> canceller = canceller_in_play(*this, f);
      if (!canceller) return;  // its controller is choosing
      f.cancel_asked = true;
      if (*canceller != kNoCard) {
        if (const auto* h = s_.handler(*canceller); h->cancelled) h->cancelled(*this, *canceller);
        return finish_dilemma(f, ev::Outcome::kCancelled);
      }
    }
    const bool q_card = f.q_flash != kNoCard;
    if (q_card && def.type() != v1::STCCG_CARD_TYPE_DILEMMA) {
      // A Q-icon event or interrupt: its handler says what it does to the group.
      if (def.handler && def.handler->encounter) return def.handler->encounter(*this, f);
      return finish_dilemma(f, ev::Outcome::kApplied);
    }
    if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA) {
      // A card seeded like a dilemma that acts when met (Mirasta Yale); else nothing happens.
      if (def.handler && def.handler->encounter) return def.handler->encounter(*this, f);
      return finish_dilemma(f, ev::Outcome::kNoTrigger);
    }
    if (!q_card && std::find(f.met.begin(), f.met.end(), def.index) != f.met.end()) {
      return finish_dilemma(f, ev::Outcome::kDuplicate);
    }
    if (!q_card) f.met.push_back(def.index);
    const auto& d = def.card.dilemma();
    if (d.needs_ship() && (f.vessel == kNoCard || !is_ship(f.vessel))) {
      return finish_dilemma(f, ev::Outcome::kNoShip);
    }
    if (f.members.empty() && f.vessel != kNoCard && needs_crew(def)) return wait_for_crew(f);
    if (!def.trigger.empty() && !def.trigger.holds_for_group(group_facts(f.members, f.vessel))) {
      return finish_dilemma(f, ev::Outcome::kNoTrigger);
    }
    f.sub = DilemmaStep::kWherePresent;
  }
  if (f.sub == DilemmaStep::kWherePresent) {
    const std::optional<CardId> nullifier = nullifier_present(*this, f);
    if (!nullifier) return;  // its player is choosing
    f.sub = DilemmaStep::kEntry;
    if (*nullifier != kNoCard) {
      const v1::StccgWherePresent& entry = *nullifies(*this, *nullifier, c);
      if (entry.points() != 0) score(f.player, entry.points(), *nullifier);
      if (entry.once_per_turn()) {
        Effect used{.kind = EffectKind::kCounter, .until = Until::kEndOfTurn};
        used.source = *nullifier;
        used.card = *nullifier;
        add_effect(used);
      }
      return finish_dilemma(f, ev::Outcome::kCancelled);
    }
  }
  android_relied_on(*this, f, def);
  if (solved_mission_lists(*this, f.player, c, &MissionEndDef::overcomes_dilemmas))
    return overcome(f);
  if (def.handler && def.handler->encounter) return def.handler->encounter(*this, f);
  // An Away Team meets the planet version of a two-version dilemma (Crystalline Entity); a crew
  // and an Away Team together, at a dual mission, meet both versions.
  if (def.planet_condition.empty()) return standard_dilemma(f, &def.condition);
  if (f.vessel == kNoCard) return standard_dilemma(f, &def.planet_condition);
  standard_dilemma(f, &def.condition, f.dual ? &def.planet_condition : nullptr);
}

bool Engine::nullified_beside(CardId card, CardId personnel) const {
  return std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
    if (!s_.present_together(c, personnel)) return false;
    const v1::StccgWherePresent* entry = nullifies(*this, c, card);
    return entry && entry->effect() == v1::STCCG_PRESENCE_EFFECT_NULLIFIES;
  });
}

bool Engine::condition_met(const AttemptFrame& f, const Formula& condition) const {
  if (condition.holds_for_group(group_facts(f.members, f.vessel))) return true;
  const Handler* handler = s_.handler(f.current);
  return handler && handler->also_overcome && handler->also_overcome(*this, f);
}

bool Engine::with_group(const AttemptFrame& f, CardId c) const {
  const CardState& card = s_.cards[c];
  return f.vessel == kNoCard ? card.where == Where::kSurface && card.loc == f.loc
                             : card.where == Where::kAboard && card.host == f.vessel;
}

void Engine::standard_dilemma(AttemptFrame& f, const Formula* condition, const Formula* planet) {
  const auto& d = s_.def(f.current).card.dilemma();
  const bool has_condition = !condition->empty();
  if (f.sub == DilemmaStep::kEntry) {
    bool met = has_condition && condition_met(f, *condition);
    if (planet) {
      met = s_.options.crystalline_entity_dual_either ? met || condition_met(f, *planet)
                                                      : met && condition_met(f, *planet);
    }
    if (met) return overcome(f);
    f.sub = DilemmaStep::kFailing;
  }
  if (f.sub == DilemmaStep::kFailing) {
    if (!apply_effects(f)) return;  // waiting for a choice
    f.sub = DilemmaStep::kAfterEffects;
  }
  if ((has_condition && d.stops_on_fail()) || d.stops_always()) stop_group(f);
  if (!has_condition && !s_.def(f.current).cure.empty() &&
      s_.def(f.current).cure.holds_for_group(group_facts(f.members, f.vessel))) {
    // Cured at once scores as a later cure would (Hyper-Aging's 5 points).
    if (d.points() != 0 && d.score_when() == v1::STCCG_SCORE_WHEN_CURED) {
      score(f.player, d.points(), f.current);
      f.scored = true;
    }
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

void Engine::overcome(AttemptFrame& f) {
  const auto& d = s_.def(f.current).card.dilemma();
  const bool scores =
      d.points() != 0 &&
      (d.score_when() == v1::STCCG_SCORE_WHEN_UNSPECIFIED ||
       d.score_when() == v1::STCCG_SCORE_WHEN_OVERCOME) &&
      !solved_mission_lists(*this, f.player, f.current, &MissionEndDef::no_points_for_dilemmas);
  if (scores) {
    score(f.player, d.points(), f.current);
    f.scored = true;
  }
  finish_dilemma(f, ev::Outcome::kOvercome);
}

bool Engine::apply_effects(AttemptFrame& f) {
  const auto& effects = s_.def(f.current).card.dilemma().on_fail();
  while (f.effect < effects.size()) {
    const v1::StccgEffect& effect = effects[f.effect];
    switch (effect.kind_case()) {
      case v1::StccgEffect::kKill:
        if (!kill_effect(f, effect.kill())) return false;
        break;
      case v1::StccgEffect::kDamageShip:
        if (f.vessel != kNoCard && is_ship(f.vessel)) damage(f.vessel, State::other(f.player));
        break;
      case v1::StccgEffect::kDestroyShip:
        if (f.vessel != kNoCard && is_ship(f.vessel)) destroy_vessel(f.vessel);
        break;
      case v1::StccgEffect::kRelocate:
        if (!relocate_effect(f, effect.relocate())) return false;
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
    f.picked_at_random.clear();
  }
  return true;
}

bool Engine::kill_effect(AttemptFrame& f, const v1::StccgKill& kill) {
  const Formula& filter = s_.def(f.current).effect_filters[f.effect];
  std::vector<CardId> eligible;
  for (CardId c : f.members) {
    // Resuming after a window: those already killed are gone, and one saved stays saved.
    if (!s_.in_play_at(c) || std::find(f.picked_at_random.begin(), f.picked_at_random.end(), c) !=
                                 f.picked_at_random.end())
      continue;
    const MemberFacts m = facts(c);
    if (kill.spare_hea() && is_hea(m)) continue;
    if (filter.empty() || filter.holds_for_member(m)) eligible.push_back(c);
  }
  // A doubled dilemma (Howard Heirloom Candle) kills twice as many.
  const std::size_t wanted =
      (kill.half_of_group() ? f.members.size() / 2 : std::max(1u, kill.count())) *
      (has_effect(EffectKind::kDoubled, f.current) ? 2 : 1);
  switch (kill.select()) {
    case v1::STCCG_SELECT_ALL:
      for (CardId c : eligible)
        this->kill(c, eligible);
      return true;
    case v1::STCCG_SELECT_RANDOM:
      // The opponent's Elim where the group is makes the selection (random_chooser).
      if (const Seat chooser = random_chooser(eligible); chooser != kNoSeat) {
        while (f.picked < wanted && !eligible.empty()) {
          auto victim = pick(chooser, eligible);
          if (!victim) return false;
          std::erase(eligible, *victim);
          f.picked_at_random.push_back(*victim);
          ++f.picked;
          // Resumes once its window closes.
          if (picked_at_random(*victim, WindowKind::kPickedToDie)) return false;
        }
        return true;
      }
      while (f.picked < wanted && !eligible.empty()) {
        const CardId victim = random_member(eligible);
        std::erase(eligible, victim);
        f.picked_at_random.push_back(victim);
        ++f.picked;
        // Resumes once its window closes.
        if (picked_at_random(victim, WindowKind::kPickedToDie)) return false;
      }
      return true;
    case v1::STCCG_SELECT_HIGHEST_TOTAL_ATTRIBUTES: {
      auto total = [&](CardId c) {
        const MemberFacts m = facts(c);
        return m.integrity + m.cunning + m.strength;
      };
      // One at a time, each the highest of those left (those killed are gone from `eligible`).
      while (f.picked < wanted && !eligible.empty()) {
        int best = 0;
        for (CardId c : eligible)
          best = std::max(best, total(c));
        std::vector<CardId> highest;
        std::copy_if(eligible.begin(), eligible.end(), std::back_inserter(highest),
                     [&](CardId c) { return total(c) == best; });
        auto victim = pick(f.player, highest);  // the owner picks among ties
        if (!victim) return false;
        std::erase(eligible, *victim);
        this->kill(*victim);
        ++f.picked;
      }
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

bool Engine::relocate_effect(AttemptFrame& f, const v1::StccgRelocate& relocate) {
  const Formula& filter = s_.def(f.current).effect_filters[f.effect];
  std::vector<CardId> eligible;
  for (CardId c : f.members) {
    // Resuming after a choice: the one being sent and those already sent are not picked again.
    if (c != f.relocating &&
        std::find(f.relocated.begin(), f.relocated.end(), c) == f.relocated.end() &&
        (filter.empty() || filter.holds_for_member(facts(c))))
      eligible.push_back(c);
  }
  // The farthest planet, counted in locations; random among equals (CRD IV.5B).
  std::vector<LocIndex> farthest;
  int distance = 0;
  std::vector<CardId> planets;
  for (LocIndex loc = 0; loc < s_.spaceline.size(); ++loc) {
    if (!planet(loc)) continue;
    planets.push_back(s_.spaceline[loc].mission);
    if (loc == f.loc) continue;
    const int d = std::abs(static_cast<int>(loc) - static_cast<int>(f.loc));
    if (d > distance) farthest.clear(), distance = d;
    if (d == distance) farthest.push_back(loc);
  }
  const Seat chooser = relocation_chooser(f);
  // No other planet and no one to choose: the personnel stays.
  if (farthest.empty() && chooser == kNoSeat) return true;
  const std::size_t wanted = std::max(1u, relocate.count());
  while (f.relocated.size() < wanted && (f.relocating != kNoCard || !eligible.empty())) {
    if (f.relocating == kNoCard) {
      f.relocating = random_member(eligible);
      std::erase(eligible, f.relocating);
    }
    LocIndex to = kNoLoc;
    if (chooser != kNoSeat) {  // any planet, this one too; done: where the card sends them
      auto chosen = pick_or_done(chooser, planets);
      if (!chosen) return false;
      if (*chosen != kNoCard) to = s_.cards[*chosen].loc;
    }
    if (to == kNoLoc && !farthest.empty())
      to = farthest[s_.rng.below(static_cast<std::uint32_t>(farthest.size()))];
    const CardId who = f.relocating;
    f.relocating = kNoCard;
    f.relocated.push_back(who);
    if (to != kNoLoc && to != f.loc) move_card(who, Zone::kPlay, Where::kSurface, to);
  }
  f.relocated.clear();
  return true;
}

Seat Engine::relocation_chooser(const AttemptFrame& f) const {
  return f.vessel == kNoCard ? relocation_chooser(f.current, f.player) : kNoSeat;
}

Seat Engine::relocation_chooser(CardId card, Seat affected) const {
  if (card == kNoCard) return kNoSeat;
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (!handler || !handler->chooses_relocation || s_.cards[c].zone != Zone::kPlay) continue;
    if (const Seat seat = handler->chooses_relocation(*this, c, card, affected); seat != kNoSeat)
      return seat;
  }
  return kNoSeat;
}

void Engine::stop_group(AttemptFrame& f) {
  // At a dual-icon mission one part stopped stops the other (§3.20).
  for (CardId c : f.dual ? f.group : f.members)
    stop(c);
  // A ship or outpost that met a space dilemma is stopped too (§3.8 step 5).
  const CardId vessel = f.dual ? f.ship : f.vessel;
  if (vessel != kNoCard) stop(vessel);
  f.stopped = true;
}

void Engine::finish_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  if (f.scored) {
    move_card(c, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, f.player);
  } else {
    to_discard(c);
  }
  f.scored = false;
  f.step = after_card(f);
}

void Engine::replace_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  // A copy is not seeded anywhere: it leaves the game (Receptacle Stones).
  if (s_.cards[c].copy) return finish_dilemma(f, outcome);
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  auto& seeds = s_.spaceline[f.loc].seeds;
  s_.cards[c].exposed = true;  // both players have seen it: it stays face up for both
  move_card(c, Zone::kSeed, Where::kNone, f.loc);
  if (s_.options.replaced_dilemma_keeps_place) {
    seeds.insert(seeds.begin() + static_cast<std::ptrdiff_t>(std::min(f.cursor, seeds.size())), c);
    ++f.cursor;
  } else {
    seeds.push_back(c);  // to the bottom: met after the others next time
  }
  f.step = after_card(f);
}

void Engine::attach_dilemma(AttemptFrame& f, ev::Outcome outcome) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, outcome});
  const bool on_ship = s_.def(c).card.dilemma().needs_ship() && f.vessel != kNoCard;
  const CardId host = on_ship ? f.vessel : s_.spaceline[f.loc].mission;
  move_card(c, Zone::kPlay, Where::kOn, kNoLoc, host, f.player);
  f.step = after_card(f);
}

void Engine::wait_for_crew(AttemptFrame& f) {
  const CardId c = f.current;
  emit(ev::DilemmaResolved{c, s_.cards[c].def, ev::Outcome::kApplied});
  move_card(c, Zone::kPlay, Where::kOn, kNoLoc, f.vessel, f.player);
  Effect waits{.kind = EffectKind::kWaitsForCrew, .until = Until::kSourceLeaves};
  waits.source = c;
  waits.card = f.vessel;
  add_effect(waits);
  f.step = after_card(f);
}

void Engine::check_waiting_dilemmas() {
  // One at a time, and only between decisions: an answer waiting would go to the new frame.
  if (s_.decision_open || s_.answer) return;
  const auto ready = std::find_if(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kWaitsForCrew && s_.in_play_at(x.card) && crewed(x.card);
  });
  if (ready == s_.effects.end()) return;
  AttemptFrame f;
  f.one_card = true;
  f.ship = f.vessel = ready->card;
  f.current = ready->source;
  f.player = s_.cards[f.vessel].controller;
  f.loc = location_of(f.vessel);
  f.group = f.members = crew(f.vessel);
  for (CardId c : f.group)
    expose(c);
  // The dilemma leaves play as the crew meets it, which ends its kWaitsForCrew effect.
  move_card(f.current, Zone::kResolving);
  s_.frames.emplace_back(std::move(f));
  meet(std::get<AttemptFrame>(s_.frames.back()));
}

// --- Dilemmas in play: cures and end-of-turn countdowns ---

std::vector<CardId> Engine::cure_group(CardId dilemma) const {
  const CardState& card = s_.cards[dilemma];
  if (is_ship(card.host)) return crew(card.host);
  std::vector<CardId> group;  // on a mission: the encountering player's personnel there
  const LocIndex loc = s_.cards[card.host].loc;
  // A planet dilemma is cured by those on the planet, not by crews in orbit (Hyper-Aging).
  const bool on_planet = s_.def(dilemma).card.dilemma().placement() == v1::STCCG_PLACEMENT_PLANET;
  for (CardId c : s_.in_play) {
    if (is_personnel(c) && s_.cards[c].controller == card.controller && location_of(c) == loc &&
        !s_.cards[c].stopped && (!on_planet || s_.cards[c].where == Where::kSurface)) {
      group.push_back(c);
    }
  }
  return group;
}

void Engine::check_cures() {
  // A dilemma that stays is played on a card (Where::kOn).
  const auto& on_cards = s_.in_play_where(Where::kOn);
  const auto curable = [&](CardId c) { return !s_.def(c).cure.empty(); };
  // Most of the time nothing is curable: look before copying the list a cure would change.
  if (std::none_of(on_cards.begin(), on_cards.end(), curable)) return;
  for (CardId c : std::vector<CardId>(on_cards)) {
    const CardState& card = s_.cards[c];
    if (card.zone != Zone::kPlay || card.where != Where::kOn) continue;
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA || def.cure.empty()) continue;
    const CardId host = card.host;
    const CardId vessel = is_ship(host) ? host : kNoCard;
    if (!def.cure.holds_for_group(group_facts(cure_group(c), vessel))) continue;
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

void Engine::end_of_turn_effects() {
  repair_at_end_of_turn();
  // Copies of cards met elsewhere leave play with the turn, before they act again, unless they
  // have a countdown, which they play out (CRD IV.4 Receptacle Stones: no residual effects).
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    if (s_.cards[c].copy && s_.cards[c].zone == Zone::kPlay && s_.def(c).card.countdown() == 0)
      to_discard(c);
  }
  // Cards in play that count down at the end of each turn.
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    if (s_.cards[c].zone != Zone::kPlay) continue;
    const Handler* handler = s_.handler(c);
    if (handler && handler->end_of_turn) handler->end_of_turn(*this, c);
  }
  after_change();
}

}  // namespace spacedock::stccg
