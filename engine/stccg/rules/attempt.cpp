// A mission attempt (§3.8): the group meets the seed cards one at a time, with a response window
// between dilemmas, then the requirements are checked and the mission may be scored; its
// artifacts are earned, and its player may answer the completion.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

void Engine::start_attempt(Seat seat, LocIndex loc, CardId anchor, CardId team) {
  AttemptFrame f;
  f.loc = loc;
  f.player = seat;
  f.ship = s_.cards[anchor].where == Where::kSpace ? anchor : kNoCard;
  if (team != kNoCard && !dual(loc)) {
    // The mission's treaty (Diplomatic Conference): one Away Team of everyone on the planet
    // for this attempt (Engine::away_teams reads it).
    Effect treaty{.kind = EffectKind::kAttemptTreaty, .player = seat, .loc = loc};
    treaty.source = team;
    add_effect(treaty);
    team = kNoCard;
  }
  f.group = attempt_group(seat, loc, anchor);
  if (team != kNoCard) {
    f.dual = true;
    const auto away = attempt_group(seat, loc, team);
    f.group.insert(f.group.end(), away.begin(), away.end());
  }
  f.vessel = f.ship;
  f.members = f.group;
  f.started_with = static_cast<std::uint8_t>(std::min<std::size_t>(0xff, f.group.size()));
  // The group must prove its skills: its members are shown to the opponent (§1.5).
  for (CardId c : f.group)
    expose(c);
  emit(ev::AttemptStarted{seat, loc, f.ship, static_cast<std::uint8_t>(f.group.size())});
  std::uint8_t& attempted = s_.spaceline[loc].attempted;
  f.first_try = !(attempted & (1u << seat));
  attempted |= static_cast<std::uint8_t>(1u << seat);
  // Effects that last until their player attempts another mission end (Aldebaran Serpent).
  end_effects([&](const Effect& x) {
    return (x.until == Until::kMissionAttempted && x.player == seat && x.loc != loc) ||
           (x.kind == EffectKind::kRequiredAttempt && x.card == anchor);
  });
  const CardId about = f.ship != kNoCard ? f.ship : anchor;
  s_.frames.emplace_back(std::move(f));
  // Interrupts may be played after the announcement and before the first seed card (§3.8 step
  // 1; Senior Staff Meeting).
  open_window(WindowKind::kAttemptAnnounced, seat, about, loc);
}

void Engine::face_next_seed(Seat seat, LocIndex loc, CardId vessel) {
  AttemptFrame f;
  f.loc = loc;
  f.player = seat;
  f.one_card = true;
  f.ship = vessel;
  f.vessel = vessel;
  f.group = crew(vessel);
  f.members = f.group;
  f.started_with = static_cast<std::uint8_t>(std::min<std::size_t>(0xff, f.group.size()));
  for (CardId c : f.group)
    expose(c);
  emit(ev::AttemptStarted{seat, loc, vessel, static_cast<std::uint8_t>(f.group.size())});
  s_.frames.emplace_back(std::move(f));
}

bool Engine::seed_to_meet(LocIndex loc) const {
  const auto& seeds = s_.spaceline[loc].seeds;
  return std::any_of(seeds.begin(), seeds.end(),
                     [&](CardId c) { return s_.type(c) != v1::STCCG_CARD_TYPE_ARTIFACT; });
}

bool Engine::misseeded(CardId c, LocIndex loc) const {
  const CardDef& def = s_.def(c);
  if (def.type() != v1::STCCG_CARD_TYPE_DILEMMA) return false;
  const auto card = def.card.dilemma().placement();
  const auto mission = s_.def(s_.spaceline[loc].mission).card.mission().placement();
  return card != v1::STCCG_PLACEMENT_DUAL && mission != v1::STCCG_PLACEMENT_DUAL && card != mission;
}

void Engine::prune(AttemptFrame& f) {
  // Members killed, relocated or otherwise gone no longer belong to the group.
  const auto gone = [&](CardId c) {
    const CardState& card = s_.cards[c];
    if (card.zone != Zone::kPlay || location_of(c) != f.loc || card.disabled || in_stasis(c))
      return true;
    if (card.where == Where::kSurface) return f.ship != kNoCard && !f.dual;
    return card.where != Where::kAboard || card.host != f.ship;
  };
  std::erase_if(f.group, gone);
  std::erase_if(f.members, gone);
  if (f.ship != kNoCard && !s_.in_play_at(f.ship)) f.ship = kNoCard;
  if (f.vessel != kNoCard && !s_.in_play_at(f.vessel)) f.vessel = kNoCard;
}

bool Engine::attempt_broken(const AttemptFrame& f) const {
  // A dual-icon mission needs both its ship's crew and its Away Team to go on (§3.20).
  if (!f.dual) return f.group.empty();
  const auto aboard = std::count_if(f.group.begin(), f.group.end(),
                                    [&](CardId c) { return s_.cards[c].where == Where::kAboard; });
  return aboard == 0 || aboard == static_cast<std::ptrdiff_t>(f.group.size());
}

void Engine::step(AttemptFrame& f) {
  switch (f.step) {
    case AttemptFrame::Step::kReveal:
      reveal_next(f);
      return;
    case AttemptFrame::Step::kResolve:
      resolve_seed(f);
      return;
    case AttemptFrame::Step::kBetween:
      prune(f);
      f.step = AttemptFrame::Step::kReveal;
      // The encountering player first, then the opponent; both must pass.
      if (!f.stopped && !f.members.empty()) open_window(WindowKind::kBetweenDilemmas, f.player);
      return;
    case AttemptFrame::Step::kRequirements:
      check_requirements(f);
      return;
    case AttemptFrame::Step::kQCard:
      next_q_card(f);
      return;
  }
}

void Engine::reveal_next(AttemptFrame& f) {
  prune(f);
  // Between cards the whole group is together again.
  f.members = f.group;
  f.vessel = f.ship;
  if (f.dual && !f.stopped && !f.group.empty() && attempt_broken(f)) stop_group(f);
  // A vessel meeting one card alone goes on with nobody aboard (Nebula); it is done after it.
  const bool alone = f.one_card && f.ship != kNoCard;
  if (f.stopped || f.abandoned || (f.group.empty() && !alone) ||
      (f.one_card && f.current != kNoCard)) {
    end_attempt(f, f.group.empty() && !alone ? ev::AttemptResult::kNoOneLeft
                   : f.stopped               ? ev::AttemptResult::kStopped
                                             : ev::AttemptResult::kAbandoned);
    return;
  }
  const auto& seeds = s_.spaceline[f.loc].seeds;
  for (;;) {
    // Artifacts are not met: they wait under the mission to be earned (§3.8 step 2).
    while (f.cursor < seeds.size() &&
           s_.def(seeds[f.cursor]).type() == v1::STCCG_CARD_TYPE_ARTIFACT)
      ++f.cursor;
    if (f.cursor >= seeds.size() || !misseeded(seeds[f.cursor], f.loc)) break;
    // A misseed goes out of play as it is revealed: not an action, no window (CRD IV.8
    // Senior Staff Meeting; S-44).
    const CardId misseed = seeds[f.cursor];
    emit(ev::DilemmaResolved{misseed, s_.cards[misseed].def, ev::Outcome::kMisseed});
    move_card(misseed, Zone::kOutOfPlay);
  }
  if (f.cursor >= seeds.size()) {
    if (f.one_card) return end_attempt(f, ev::AttemptResult::kAbandoned);
    f.step = AttemptFrame::Step::kRequirements;
    return;
  }
  f.current = seeds[f.cursor];
  move_card(f.current, Zone::kResolving);  // face up: met by the group
  const CardDef& def = s_.def(f.current);
  const bool duplicate = std::find(f.met.begin(), f.met.end(), def.index) != f.met.end();
  if (f.cancel_next_dilemma && def.type() == v1::STCCG_CARD_TYPE_DILEMMA && !duplicate) {
    // Discarded with no effect before anything may answer it (Senior Staff Meeting; a
    // Q-Flash is not a dilemma and does not use it up, S-44).
    f.cancel_next_dilemma = false;
    f.met.push_back(def.index);
    return finish_dilemma(f, ev::Outcome::kCancelled);
  }
  meet(f);
}

void Engine::meet(AttemptFrame& f) {
  f.sub = DilemmaStep::kEntry;
  f.cancel_asked = false;
  f.effect = 0;
  f.picked = 0;
  f.picked_at_random.clear();
  f.step = AttemptFrame::Step::kResolve;
  if (f.dual) {
    // Space dilemmas face the crew, planet dilemmas the Away Team; the others, Q-cards
    // included, both together with their skills pooled (QC "Dual-Icon Missions").
    const CardDef& def = s_.def(f.current);
    const auto placement = def.type() == v1::STCCG_CARD_TYPE_DILEMMA && f.q_flash == kNoCard
                               ? def.card.dilemma().placement()
                               : v1::STCCG_PLACEMENT_DUAL;
    f.members = f.group;
    f.vessel = f.ship;
    if (placement == v1::STCCG_PLACEMENT_SPACE || placement == v1::STCCG_PLACEMENT_PLANET) {
      const bool space = placement == v1::STCCG_PLACEMENT_SPACE;
      std::erase_if(f.members,
                    [&](CardId c) { return (s_.cards[c].where == Where::kAboard) != space; });
      if (!space) f.vessel = kNoCard;
    }
  }
  // Cards in play told of the card met (Handler::card_met) may push frames above this one:
  // the frame is found again by its place after each.
  const std::size_t at = s_.frames.size() - 1;
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->card_met && s_.cards[c].zone == Zone::kPlay)
      handler->card_met(*this, c, std::get<AttemptFrame>(s_.frames[at]));
  }
  const AttemptFrame& met = std::get<AttemptFrame>(s_.frames[at]);
  // Once a card is turned over only cards that cancel it may be played (§3.8 step 2).
  open_window(WindowKind::kDilemma, met.player, met.current, met.loc);
}

void Engine::check_requirements(AttemptFrame& f) {
  const MissionEndDef& end = end_for(f.player, f.loc);
  f.members = f.group;
  f.vessel = f.ship;
  const GroupFacts solvers = group_facts(f.group, f.ship);
  // Part of the requirement may be cards the group discards (StccgSolveCost).
  const SolveCostDef& cost = end.solve_cost;
  const bool cost_due =
      cost.count > 0 && !(cost.instead_of && cost.instead_of->holds_for_group(solvers));
  std::vector<CardId> payable = cost_due ? solve_cost_cards(f, cost) : std::vector<CardId>{};
  // A requirement the formula cannot say whole is completed by the mission's handler.
  const CardId mission_card = s_.spaceline[f.loc].mission;
  const Handler* mission_handler = s_.handler(mission_card);
  bool formula = end.requirements.holds_for_group(solvers);
  if (mission_handler && mission_handler->meets_requirements)
    formula = mission_handler->meets_requirements(*this, mission_card, f, solvers, formula);
  const bool met = !attempt_broken(f) && has_matching(f.player, f.loc, f.group) && formula &&
                   static_cast<int>(payable.size()) >= (cost_due ? cost.count : 0);
  if (!met) {
    end_attempt(f, ev::AttemptResult::kRequirementsMissing);  // not stopped (§3.8 step 4)
    return;
  }
  if (cost_due) {
    // The solving player picks the cards, one at a time; with no choice left they all go.
    std::erase_if(payable, [&](CardId c) {
      return std::find(f.paid.begin(), f.paid.end(), c) != f.paid.end();
    });
    while (static_cast<int>(f.paid.size()) < cost.count) {
      const std::size_t owed = static_cast<std::size_t>(cost.count) - f.paid.size();
      if (payable.size() == owed) {
        f.paid.insert(f.paid.end(), payable.begin(), payable.end());
        break;
      }
      const auto chosen = pick(f.player, payable);
      if (!chosen) return;
      f.paid.push_back(*chosen);
      std::erase(payable, *chosen);
    }
    for (CardId c : f.paid)
      to_discard(c);
    f.paid.clear();
    prune(f);
  }
  if (mission_handler && mission_handler->requirements_met)
    mission_handler->requirements_met(*this, mission_card, f);
  Location& location = s_.spaceline[f.loc];
  location.completed_by = f.player;
  std::optional<int> points = end.points;
  if (mission_handler && mission_handler->points)
    points = mission_handler->points(*this, mission_card, f, solvers);
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kMissionPoints && x.loc == f.loc)
      points = x.flag ? points.value_or(0) + x.value : x.value;
  }
  if (points) score(f.player, *points, location.mission);
  // The score needed to win may have dropped with the mission done (Q's Planet).
  check_victory();
  // A starred point box: bonus points for what the solving group has (A Good Day To Live).
  for (const StarBonusDef& bonus : end.star_bonus) {
    if (!bonus.when.holds_for_group(solvers)) continue;
    const auto times =
        bonus.each.empty()
            ? 1
            : std::count_if(solvers.members.begin(), solvers.members.end(),
                            [&](const MemberFacts& m) { return bonus.each.holds_for_member(m); });
    if (times > 0) score(f.player, bonus.points * static_cast<int>(times), location.mission);
  }
  // Personnel in play that make every mission of their owner worth more (Mordock).
  PlayerState& solver = s_.players[f.player];
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    if (!is_personnel(c) || s_.cards[c].owner != f.player) continue;
    const auto& bonus = s_.def(c).card.personnel().mission_bonus();
    if (bonus.points() == 0 || (bonus.lost_by_battling() && solver.battled)) continue;
    score(f.player, bonus.points(), c);
    if (bonus.lost_by_battling()) solver.battle_forfeit += bonus.points();
  }
  // Personnel worth bonus points for helping to solve this mission (Rager, Timicin).
  const std::string& mission = s_.def(location.mission).title();
  for (CardId c : f.group) {
    if (!is_personnel(c)) continue;
    for (const auto& bonus : s_.def(c).card.personnel().solve_bonus()) {
      if (bonus.mission() == mission) score(f.player, bonus.points(), c);
    }
  }
  const std::vector<CardId> acting = earn_artifacts(f);
  // Effects that last until another mission is completed end (Edo Probe's block).
  end_effects(
      [&](const Effect& x) { return x.until == Until::kOtherCompletion && x.loc != f.loc; });
  // Cards played on the mission that leave when it is completed (a carried Edo Probe).
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    const CardState& card = s_.cards[c];
    if (card.where == Where::kOn && card.host == location.mission &&
        s_.def(c).card.leaves_on_completion()) {
      to_discard(c);
    }
  }
  const Seat player = f.player;
  const LocIndex loc = f.loc;
  // Who completed it, for the cards that answer a completion: the ship, or the first member
  // of the Away Team.
  const CardId group = f.vessel != kNoCard ? f.vessel
                       : f.members.empty() ? kNoCard
                                           : f.members.front();
  end_attempt(f, ev::AttemptResult::kCompleted);  // `f` is gone from here on
  // Unless the points won the game, either player may answer the completion at once, its
  // player first (Particle Fountain; the opponent's Alien Groupie); frames run last in, first
  // out, so the artifacts that act when earned do so first.
  if (s_.over) return;
  open_window(WindowKind::kCompleted, player, group, loc);
  for (auto c = acting.rbegin(); c != acting.rend(); ++c) {
    const std::size_t frames = s_.frames.size();
    s_.handler(*c)->earned(*this, *c, player);
    // Done at once: discarded, unless it placed itself. A hook that pushed a frame for its
    // choices disposes of the artifact when that frame is done.
    if (s_.frames.size() == frames && s_.cards[*c].zone == Zone::kResolving) to_discard(*c);
  }
}

std::vector<CardId> Engine::solve_cost_cards(const AttemptFrame& f,
                                             const SolveCostDef& cost) const {
  std::vector<CardId> out;
  if (cost.card_type == v1::STCCG_CARD_TYPE_UNSPECIFIED) {
    for (CardId c : f.group) {
      if (is_personnel(c) && cost.personnel.holds_for_member(facts(c))) out.push_back(c);
    }
    return out;
  }
  // Cards of the group's player where a member is: on the planet, or aboard the same vessel.
  for (CardId c : s_.in_play) {
    const CardState& item = s_.cards[c];
    if (s_.type(c) != cost.card_type || item.controller != f.player ||
        (item.where != Where::kSurface && item.where != Where::kAboard))
      continue;
    const bool with_a_member = std::any_of(f.group.begin(), f.group.end(), [&](CardId m) {
      const CardState& member = s_.cards[m];
      return member.where == item.where &&
             (item.where == Where::kSurface ? member.loc == item.loc : member.host == item.host);
    });
    if (with_a_member) out.push_back(c);
  }
  return out;
}

std::vector<CardId> Engine::earn_artifacts(AttemptFrame& f) {
  // The completer takes every artifact under the mission, whoever seeded it; duplicates are
  // discarded (§3.10). A card in play may make the group leave them there (The Charybdis):
  // they are shown, and wait for a later group.
  std::vector<DefIndex> taken;
  std::vector<CardId> acting;
  const bool left = artifacts_left_by(f.player, f.group);
  const std::vector<CardId> seeds = s_.spaceline[f.loc].seeds;
  for (CardId c : seeds) {
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_ARTIFACT) continue;
    if (left) {
      reveal(c);
      continue;
    }
    if (std::find(taken.begin(), taken.end(), def.index) != taken.end()) {
      to_discard(c);
      continue;
    }
    taken.push_back(def.index);
    if (take_artifact(c, f.player, f.loc, f.vessel)) acting.push_back(c);
  }
  update_live_scores();
  return acting;
}

bool Engine::take_artifact(CardId c, Seat player, LocIndex loc, CardId vessel) {
  const CardDef& def = s_.def(c);
  const bool acts = def.handler && def.handler->earned;
  if (def.card.artifact().to_hand()) {
    // Played later from the earner's hand, whoever seeded it (CRD IV.4).
    move_card(c, Zone::kHand, Where::kNone, kNoLoc, kNoCard, player);
    return acts;
  }
  switch (def.card.artifact().play_as()) {
    case v1::STCCG_PLAY_AS_EQUIPMENT:
      if (vessel != kNoCard) {
        move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, vessel, player);
      } else {
        move_card(c, Zone::kPlay, Where::kSurface, loc, kNoCard, player);
      }
      break;
    case v1::STCCG_PLAY_AS_EVENT:
      move_card(c, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, player);
      break;
    case v1::STCCG_PLAY_AS_IMMEDIATE:
      // Face up while it acts for its earner (it is never played, CRD IV.8 Vorgon Raiders).
      if (acts) {
        move_card(c, Zone::kResolving, Where::kNone, kNoLoc, kNoCard, player);
      } else {
        move_card(c, Zone::kDiscard);
      }
      break;
    default:
      move_card(c, Zone::kDiscard);
      break;  // played as an interrupt: part 2
  }
  return acts;
}

bool Engine::artifacts_left_by(Seat seat, const std::vector<CardId>& group) const {
  return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId c) {
    const Handler* handler = s_.handler(c);
    return handler && handler->leaves_artifacts && handler->leaves_artifacts(*this, c, seat, group);
  });
}

bool Engine::left_behind(CardId c) const {
  if (c >= s_.cards.size() || s_.cards[c].zone != Zone::kSeed ||
      s_.type(c) != v1::STCCG_CARD_TYPE_ARTIFACT)
    return false;
  for (const Location& at : s_.spaceline) {
    if (at.completed_by != kNoSeat &&
        std::find(at.seeds.begin(), at.seeds.end(), c) != at.seeds.end())
      return true;
  }
  return false;
}

void Engine::left_artifact_orders(Seat seat, std::vector<Action>& out) const {
  for (LocIndex loc = 0; loc < s_.spaceline.size(); ++loc) {
    const Location& at = s_.spaceline[loc];
    if (at.completed_by == kNoSeat) continue;
    const auto artifact = std::find_if(at.seeds.begin(), at.seeds.end(), [&](CardId c) {
      return s_.type(c) == v1::STCCG_CARD_TYPE_ARTIFACT;
    });
    if (artifact == at.seeds.end()) continue;
    // Present: an Away Team on the planet (its unstopped members act), or the crew of an
    // unstopped ship or facility at a space location.
    if (planet(loc)) {
      for (auto team : away_teams(seat, loc)) {
        std::erase_if(team, [&](CardId c) { return s_.cards[c].stopped; });
        if (!team.empty() && !artifacts_left_by(seat, team))
          out.push_back({ActionKind::kUseCard, *artifact, team.front()});
      }
      continue;
    }
    for (CardId v : s_.in_play_where(Where::kSpace)) {
      if (s_.cards[v].loc != loc || s_.cards[v].controller != seat || s_.cards[v].stopped ||
          !crewed(v))
        continue;
      if (!artifacts_left_by(seat, crew(v))) out.push_back({ActionKind::kUseCard, *artifact, v});
    }
  }
}

void Engine::take_left_artifact(const ActionFrame& f) {
  // Every artifact left there goes to the group, duplicates discarded (§3.10).
  const Seat player = f.actor;
  const CardId vessel = s_.cards[f.action.b].where == Where::kSpace ? f.action.b : kNoCard;
  LocIndex loc = 0;
  while (loc < s_.spaceline.size() &&
         !std::count(s_.spaceline[loc].seeds.begin(), s_.spaceline[loc].seeds.end(), f.action.a))
    ++loc;
  std::vector<DefIndex> taken;
  std::vector<CardId> acting;
  for (CardId c : std::vector<CardId>(s_.spaceline[loc].seeds)) {
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_ARTIFACT) continue;
    if (std::find(taken.begin(), taken.end(), def.index) != taken.end()) {
      to_discard(c);
      continue;
    }
    taken.push_back(def.index);
    if (take_artifact(c, player, loc, vessel)) acting.push_back(c);
  }
  update_live_scores();
  for (auto c = acting.rbegin(); c != acting.rend(); ++c) {
    const std::size_t frames = s_.frames.size();
    s_.handler(*c)->earned(*this, *c, player);
    if (s_.frames.size() == frames && s_.cards[*c].zone == Zone::kResolving) to_discard(*c);
  }
}

void Engine::end_attempt(AttemptFrame& f, ev::AttemptResult result) {
  emit(ev::AttemptEnded{f.player, f.loc, result});
  if (s_.may_have(EffectKind::kAttemptTreaty)) {
    end_effects([&](const Effect& x) {
      return x.kind == EffectKind::kAttemptTreaty && x.player == f.player && x.loc == f.loc;
    });
  }
  s_.frames.pop_back();  // `f` is gone from here on
}

}  // namespace spacedock::stccg
