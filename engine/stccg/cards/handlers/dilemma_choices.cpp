// Dilemmas whose resolution asks the encountering player something (cards/ABILITIES.md §1):
// Edo Probe's abandon-or-continue, Rebel Encounter's bribe, Tarellian Plague Ship's volunteer,
// and Portal Guard's all-or-nothing beam-up.
#include <algorithm>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

void edo_probe_encounter(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardId probe = f.current;
  if (f.sub == DilemmaStep::kEntry) {
    // A player who abandoned the mission rather than face this probe meets it no more: it is
    // discarded unseen.
    for (const Effect& mark : s.effects) {
      if (mark.kind == EffectKind::kCounter && mark.card == probe && mark.player == f.player) {
        e.end_effects([&](const Effect& x) { return x == mark; });
        return e.finish_dilemma(f, ev::Outcome::kNoTrigger);
      }
    }
  }
  f.sub = DilemmaStep::kAsking;  // the entry checks are done: the answer resumes here
  auto go_on = e.yes_no(f.player);
  if (!go_on) return;
  if (*go_on) {
    e.attach_dilemma(f, ev::Outcome::kApplied);  // to the bonus area at the end of the turn
    return;
  }
  Effect blocked{.kind = EffectKind::kMissionBlocked, .until = Until::kOtherCompletion};
  blocked.player = f.player;
  blocked.loc = f.loc;
  blocked.source = probe;
  e.add_effect(blocked);
  Effect abandoned{.kind = EffectKind::kCounter, .until = Until::kRemoved};
  abandoned.player = f.player;
  abandoned.source = probe;
  abandoned.card = probe;
  e.add_effect(abandoned);
  f.abandoned = true;
  e.replace_dilemma(f, ev::Outcome::kApplied);
}

void edo_probe_end_of_turn(Engine& e, CardId self) {
  // Carried on and the mission not completed this turn: -10, to the bonus area.
  State& s = e.state();
  const CardState& probe = s.cards[self];
  if (probe.controller != s.active) return;
  e.score(probe.controller, s.def(self).card.dilemma().points(), self);
  e.move_card(self, Zone::kBonus, Where::kNone, kNoLoc, kNoCard, probe.controller);
}

void rebel_encounter(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardDef& def = s.def(f.current);
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, def.condition)) return e.overcome(f);
    f.sub = DilemmaStep::kAsking;
  }
  std::vector<CardId> equipment;
  for (CardId c : s.in_play) {
    if (s.type(c) == v1::STCCG_CARD_TYPE_EQUIPMENT && s.cards[c].controller == f.player &&
        e.with_group(f, c)) {
      equipment.push_back(c);
    }
  }
  if (f.sub == DilemmaStep::kAsking) {
    if (equipment.empty()) {
      f.sub = DilemmaStep::kFailing;
    } else {
      // A bribe: discarding one Equipment card meets the condition.
      auto bribe = e.yes_no(f.player);
      if (!bribe) return;
      f.sub = *bribe ? DilemmaStep::kChosen : DilemmaStep::kFailing;
    }
  }
  if (f.sub == DilemmaStep::kChosen) {
    auto paid = e.pick(f.player, equipment);
    if (!paid) return;
    e.to_discard(*paid);
    return e.finish_dilemma(f, ev::Outcome::kOvercome);
  }
  e.standard_dilemma(f, &def.condition);
}

void tarellian_plague_ship(Engine& e, AttemptFrame& f) {
  State& s = e.state();
  const CardDef& def = s.def(f.current);
  const SkillId medical = SkillTable::of(Classification::kMedical);
  if (f.sub == DilemmaStep::kEntry) {
    f.sub = def.condition.holds_for_group(e.group_facts(f.members, f.vessel))
                ? DilemmaStep::kAsking
                : DilemmaStep::kFailing;
  }
  if (f.sub == DilemmaStep::kAsking) {
    // A volunteer who provides MEDICAL goes to the plague ship; the player picks who.
    std::vector<CardId> volunteers;
    for (CardId c : f.members) {
      if (e.facts(c).skills[medical] > 0) volunteers.push_back(c);
    }
    auto volunteer = e.pick(f.player, volunteers);
    if (!volunteer) return;
    if (e.base_facts(*volunteer).skills[medical] == 0) {
      // Their MEDICAL came from equipment (a Medical Kit): it goes with them.
      for (CardId c : std::vector<CardId>(s.in_play)) {
        const CardDef& item = s.def(c);
        if (item.type() != v1::STCCG_CARD_TYPE_EQUIPMENT || s.cards[c].controller != f.player ||
            !e.with_group(f, c))
          continue;
        const bool grants =
            std::any_of(item.modifiers.begin(), item.modifiers.end(), [&](const ModifierDef& m) {
              return m.grant_skill == medical &&
                     (m.filter.empty() || m.filter.holds_for_member(e.base_facts(*volunteer)));
            });
        if (grants) {
          e.to_discard(c);
          break;
        }
      }
    }
    e.to_discard(*volunteer);
    e.prune(f);
    return e.overcome(f);
  }
  e.standard_dilemma(f, &def.condition);
}

void portal_guard(Engine& e, AttemptFrame& f) {
  if (f.sub == DilemmaStep::kEntry) {
    if (e.condition_met(f, e.state().def(f.current).condition)) return e.overcome(f);
    // All or nothing: the whole team beams up if each member can, else the whole team dies.
    const bool all_can = std::all_of(f.members.begin(), f.members.end(), [&](CardId c) {
      return !beam_up_destinations(e, f, c).empty();
    });
    if (!all_can) {
      for (CardId member : std::vector<CardId>(f.members))
        e.kill(member);
      f.stopped = true;
      return e.replace_dilemma(f, ev::Outcome::kFailed);
    }
    f.sub = DilemmaStep::kFailing;
    f.picked = 0;
  }
  // Member by member, each to the ship or facility its owner picks, and stopped there.
  while (f.picked < f.members.size()) {
    const CardId member = f.members[f.picked];
    const std::vector<CardId> destinations = beam_up_destinations(e, f, member);
    if (destinations.empty()) {
      e.kill(member);  // an earlier member's place took its room
    } else {
      auto to = e.pick(f.player, destinations);
      if (!to) return;
      e.move_card(member, Zone::kPlay, Where::kAboard, kNoLoc, *to);
      e.stop(member);
    }
    ++f.picked;
  }
  f.stopped = true;
  e.replace_dilemma(f, ev::Outcome::kFailed);
}

}  // namespace

extern const Handler kEdoProbe{
    .name = "edo_probe",
    .test = "tests/scenarios/S-36-negative-score.scn",
    .end_of_turn = edo_probe_end_of_turn,
    .encounter = edo_probe_encounter,
    .question = "go on with the attempt?",
    .yes_label = "Go on with the attempt",
    .no_label = "Abandon the mission for now",
};

extern const Handler kRebelEncounter{
    .name = "rebel_encounter",
    .test = "tests/scenarios/rebel-encounter.scn",
    .encounter = rebel_encounter,
    .question = "give up an Equipment card to overcome it?",
    .yes_label = "Give up an Equipment card",
    .no_label = "Keep your Equipment",
    .choose_label = "choose the Equipment card to give up",
};

extern const Handler kTarellianPlagueShip{
    .name = "tarellian_plague_ship",
    .test = "tests/scenarios/S-61-space-attempt-from-outpost.scn",
    .encounter = tarellian_plague_ship,
    .choose_label = "choose a volunteer who provides MEDICAL",
};

extern const Handler kPortalGuard{
    .name = "portal_guard",
    .test = "tests/scenarios/portal-guard.scn",
    .encounter = portal_guard,
    .choose_label = "choose the ship or facility the next member of the team beams up to",
};

}  // namespace spacedock::stccg::handlers
