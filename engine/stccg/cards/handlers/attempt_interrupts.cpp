// Interrupts played once an attempt is announced, before its first seed card (§3.8 step 1;
// cards/ABILITIES.md §6): Senior Staff Meeting has the first dilemma met discarded unresolved.
#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// The attempt a kAttemptAnnounced window belongs to.
const AttemptFrame* announced_attempt(const Engine& e, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kAttemptAnnounced) return nullptr;
  const AttemptFrame* f = e.top_frame<AttemptFrame>();
  return f && f->loc == window->loc ? f : nullptr;
}

// --- Senior Staff Meeting (CRD II.4 errata, IV.8): a ship's crew with OFFICER, ENGINEER,
// MEDICAL, SCIENCE and SECURITY (classification or skill) on its player's first attempt of a
// space mission; either player may play it. Misseeds and a Q-Flash do not use it up (S-44).

bool staff_meeting_fits(const Engine& e, const AttemptFrame& f) {
  if (!f.first_try || f.cancel_next_dilemma || f.vessel == kNoCard || !e.is_ship(f.vessel) ||
      !e.space(f.loc))
    return false;
  for (Classification c :
       {Classification::kOfficer, Classification::kEngineer, Classification::kMedical,
        Classification::kScience, Classification::kSecurity}) {
    if (!has_skill(e, f.members, SkillTable::of(c), 2)) return false;
  }
  return true;
}

void staff_meeting_plays(const Engine& e, Seat, CardId self, const WindowFrame* window,
                         std::vector<Action>& out) {
  const AttemptFrame* f = announced_attempt(e, window);
  if (f && staff_meeting_fits(e, *f)) out.push_back({ActionKind::kPlayInterrupt, self, f->vessel});
}

Rule staff_meeting_still_legal(const Engine& e, Seat, const Action&) {
  const AttemptFrame* f = e.top_frame<AttemptFrame>();
  return f && staff_meeting_fits(e, *f) ? Rule::kOk : Rule::kNotPlayableNow;
}

void staff_meeting_resolve(Engine& e, ActionFrame&) {
  if (AttemptFrame* f = e.top_frame<AttemptFrame>()) f->cancel_next_dilemma = true;
}

}  // namespace

extern const Handler kSeniorStaffMeeting{
    .name = "senior_staff_meeting",
    .test = "tests/scenarios/S-44-senior-staff-meeting.scn",
    .plays = staff_meeting_plays,
    .still_legal = staff_meeting_still_legal,
    .resolve = staff_meeting_resolve,
};

}  // namespace spacedock::stccg::handlers
