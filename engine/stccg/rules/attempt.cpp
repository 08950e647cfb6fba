// A mission attempt (§3.8): the group meets the seed cards one at a time, with a response window
// between dilemmas, then the requirements are checked and the mission may be scored.
#include <algorithm>

#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

void Engine::start_attempt(Seat seat, LocIndex loc, CardId anchor) {
  AttemptFrame f;
  f.loc = loc;
  f.player = seat;
  f.vessel = s_.cards[anchor].where == Where::kSpace ? anchor : kNoCard;
  f.members = attempt_group(seat, loc, anchor);
  // The group must prove its skills: its members are shown to the opponent (§1.5).
  for (CardId c : f.members)
    expose(c);
  emit(ev::AttemptStarted{seat, loc, f.vessel, static_cast<std::uint8_t>(f.members.size())});
  s_.frames.push_back(std::move(f));
}

void Engine::prune(AttemptFrame& f) {
  // Members killed, relocated or otherwise gone no longer belong to the group.
  std::erase_if(f.members, [&](CardId c) {
    const CardState& card = s_.cards[c];
    if (card.zone != Zone::kPlay || location_of(c) != f.loc) return true;
    return f.vessel == kNoCard ? card.where != Where::kSurface
                               : card.where != Where::kAboard || card.host != f.vessel;
  });
  if (f.vessel != kNoCard && !s_.in_play_at(f.vessel)) f.vessel = kNoCard;
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
  if (f.stopped || f.abandoned || f.members.empty()) {
    end_attempt(f, f.members.empty() ? ev::AttemptResult::kNoOneLeft
                   : f.stopped       ? ev::AttemptResult::kStopped
                                     : ev::AttemptResult::kAbandoned);
    return;
  }
  const auto& seeds = s_.spaceline[f.loc].seeds;
  // Artifacts are not met: they wait under the mission to be earned (§3.8 step 2).
  while (f.cursor < seeds.size() && s_.def(seeds[f.cursor]).type() == v1::STCCG_CARD_TYPE_ARTIFACT)
    ++f.cursor;
  if (f.cursor >= seeds.size()) {
    f.step = AttemptFrame::Step::kRequirements;
    return;
  }
  f.current = seeds[f.cursor];
  move_card(f.current, Zone::kResolving);  // face up: met by the group
  meet(f);
}

void Engine::meet(AttemptFrame& f) {
  f.sub = DilemmaStep::kEntry;
  f.effect = 0;
  f.picked = 0;
  f.step = AttemptFrame::Step::kResolve;
  // Once a card is turned over only cards that cancel it may be played (§3.8 step 2).
  open_window(WindowKind::kDilemma, f.player, f.current, f.loc);
}

void Engine::check_requirements(AttemptFrame& f) {
  const MissionEndDef& end = end_for(f.player, f.loc);
  const bool met = has_matching(f.player, f.loc, f.members) &&
                   end.requirements.holds_for_group(group_facts(f.members, f.vessel));
  if (!met) {
    end_attempt(f, ev::AttemptResult::kRequirementsMissing);  // not stopped (§3.8 step 4)
    return;
  }
  Location& location = s_.spaceline[f.loc];
  location.completed_by = f.player;
  if (end.points) score(f.player, *end.points, location.mission);
  earn_artifacts(f);
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
  end_attempt(f, ev::AttemptResult::kCompleted);
}

void Engine::earn_artifacts(AttemptFrame& f) {
  // The completer takes every artifact under the mission, whoever seeded it; duplicates are
  // discarded (§3.10).
  std::vector<DefIndex> taken;
  const std::vector<CardId> seeds = s_.spaceline[f.loc].seeds;
  for (CardId c : seeds) {
    const CardDef& def = s_.def(c);
    if (def.type() != v1::STCCG_CARD_TYPE_ARTIFACT) continue;
    if (std::find(taken.begin(), taken.end(), def.index) != taken.end()) {
      to_discard(c);
      continue;
    }
    taken.push_back(def.index);
    switch (def.card.artifact().play_as()) {
      case v1::STCCG_PLAY_AS_EQUIPMENT:
        if (f.vessel != kNoCard) {
          move_card(c, Zone::kPlay, Where::kAboard, kNoLoc, f.vessel, f.player);
        } else {
          move_card(c, Zone::kPlay, Where::kSurface, f.loc, kNoCard, f.player);
        }
        break;
      case v1::STCCG_PLAY_AS_EVENT:
        move_card(c, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, f.player);
        break;
      default:
        move_card(c, Zone::kDiscard);
        break;  // earned effects not yet encoded: part 2
    }
  }
  update_live_scores();
}

void Engine::end_attempt(AttemptFrame& f, ev::AttemptResult result) {
  emit(ev::AttemptEnded{f.player, f.loc, result});
  s_.frames.pop_back();  // `f` is gone from here on
}

}  // namespace spacedock::stccg
