// Premiere and Alternate Universe missions whose text the data cannot say whole
// (cards/abilities/ships-missions.md): requirements beyond the condition language (Investigate
// Time Continuum, Brute Force, Diplomatic Conference, Reunion), Reunion's variable point box,
// Qualor II Rendezvous's stasis and Quash Conspiracy's ban on ship-to-ship beaming.
#include <algorithm>
#include <bit>
#include <string_view>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

bool has_member_titled(const Engine& e, const std::vector<CardId>& group, std::string_view title) {
  return std::any_of(group.begin(), group.end(), [&](CardId c) {
    return e.is_personnel(c) && e.state().def(c).title() == title;
  });
}

// --- Investigate Time Continuum: {Guinan} OR {Data} OR {Time Travel Pod}. The data says Data;
// Guinan (no card of these sets) is met by that exact title, and the Pod by showing it from the
// attempting player's hand, where it stays (CRD IV.2A).

CardId pod_in_hand(const Engine& e, Seat seat) {
  const State& s = e.state();
  const auto& hand = s.players[seat].hand;
  const auto pod = std::find_if(hand.begin(), hand.end(),
                                [&](CardId c) { return s.def(c).title() == "Time Travel Pod"; });
  return pod == hand.end() ? kNoCard : *pod;
}

bool time_continuum_meets(const Engine& e, CardId, const AttemptFrame& f, const GroupFacts&,
                          bool formula) {
  return formula || has_member_titled(e, f.group, "Guinan") || pod_in_hand(e, f.player) != kNoCard;
}

// Met by the Pod alone: the opponent is shown it (it stays in the hand, under a new handle once
// it moves on).
void time_continuum_met(Engine& e, CardId, const AttemptFrame& f) {
  const bool by_team =
      e.end_for(f.player, f.loc).requirements.holds_for_group(e.group_facts(f.group, f.ship)) ||
      has_member_titled(e, f.group, "Guinan");
  if (const CardId pod = pod_in_hand(e, f.player); !by_team && pod != kNoCard) e.reveal(pod);
}

// --- Brute Force: at least 3 in the Away Team, and total STRENGTH above 10 per member (CRD
// IV.2A: the whole team counts; STRENGTH as modified).

constexpr std::size_t kBruteForceMinimum = 3;
constexpr int kBruteForceStrengthPerMember = 10;

bool brute_force_meets(const Engine&, CardId, const AttemptFrame&, const GroupFacts& facts,
                       bool formula) {
  int strength = 0;
  for (const MemberFacts& m : facts.members)
    strength += m.against ? -m.strength : m.strength;
  const auto size = facts.members.size();
  return formula && size >= kBruteForceMinimum &&
         strength > kBruteForceStrengthPerMember * static_cast<int>(size);
}

// --- Diplomatic Conference: a V.I.P. of each of four different affiliations. Each V.I.P.
// stands for one of its affiliations; the most distinct affiliations any assignment reaches
// must be four.

constexpr int kConferenceAffiliations = 4;

int conference_affiliations(const std::vector<AffiliationSet>& vips, std::size_t next,
                            AffiliationSet taken) {
  if (next == vips.size()) return std::popcount(static_cast<unsigned>(taken));
  int best = conference_affiliations(vips, next + 1, taken);  // this one stands for none new
  for (int a = 0; a < kAffiliationCount; ++a) {
    const AffiliationSet one = bit(static_cast<Affiliation>(a));
    if ((vips[next] & one) && !(taken & one))
      best = std::max(best, conference_affiliations(vips, next + 1, taken | one));
  }
  return best;
}

bool conference_meets(const Engine&, CardId, const AttemptFrame&, const GroupFacts& facts,
                      bool formula) {
  if (!formula) return false;
  const SkillId vip = SkillTable::of(Classification::kVip);
  std::vector<AffiliationSet> vips;
  for (const MemberFacts& m : facts.members) {
    if (!m.against && m.skills[vip] > 0) vips.push_back(m.affiliations);
  }
  return conference_affiliations(vips, 0, 0) >= kConferenceAffiliations;
}

// --- Reunion: Miracle Worker OR Cantankerousness OR {Spock}; 15 points with one of them, 40
// with all three (CRD IV.2A: two of them still give 15). Spock (no card of these sets) is met by
// that exact title.

constexpr int kReunionOne = 15;
constexpr int kReunionAll = 40;

bool reunion_meets(const Engine& e, CardId, const AttemptFrame& f, const GroupFacts&,
                   bool formula) {
  return formula || has_member_titled(e, f.group, "Spock");
}

bool reunion_has_skill(const Engine& e, const GroupFacts& facts, std::string_view name) {
  const auto skill = e.state().db->skills().find(name);
  if (!skill) return false;
  int halves = 0;
  for (const MemberFacts& m : facts.members)
    halves += m.against ? -m.skills[*skill] : m.skills[*skill];
  return halves >= 2;
}

int reunion_points(const Engine& e, CardId, const AttemptFrame& f, const GroupFacts& facts) {
  const bool all = reunion_has_skill(e, facts, "Miracle Worker") &&
                   reunion_has_skill(e, facts, "Cantankerousness") &&
                   has_member_titled(e, f.group, "Spock");
  return all ? kReunionAll : kReunionOne;
}

// --- Qualor II Rendezvous: affiliated personnel (any but Non-Aligned) on the planet are in
// stasis until the mission is solved; those aboard ships or facilities are not (CRD IV.2A).

void qualor_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  const LocIndex here = mission_location(s, self);
  const bool solved = here == kNoLoc || s.spaceline[here].completed_by != kNoSeat;
  const auto held = [&](CardId c) {
    return std::any_of(s.effects.begin(), s.effects.end(), [&](const Effect& x) {
      return x.kind == EffectKind::kStasis && x.source == self && x.card == c;
    });
  };
  if (solved) {
    e.end_effects(
        [&](const Effect& x) { return x.kind == EffectKind::kStasis && x.source == self; });
    return;
  }
  for (CardId c : std::vector<CardId>(s.in_play_where(Where::kSurface))) {
    const CardState& card = s.cards[c];
    if (card.loc != here || !e.is_personnel(c) || (e.affiliations(c) & kUnaligned) || held(c))
      continue;
    Effect stasis{.kind = EffectKind::kStasis, .until = Until::kRemoved};
    stasis.card = c;
    stasis.source = self;
    e.add_effect(stasis);
  }
}

// --- Quash Conspiracy: no beaming from ship to ship here (CRD IV.2B); to or from a facility,
// or to a dilemma, is allowed.

bool quash_blocks_beaming(const Engine& e, CardId, CardId card, CardId to) {
  const CardState& c = e.state().cards[card];
  return to != kNoCard && e.is_ship(to) && c.where == Where::kAboard && e.is_ship(c.host);
}

}  // namespace

extern const Handler kInvestigateTimeContinuum{
    .name = "investigate_time_continuum",
    .test = "tests/scenarios/card-ships-missions.scn",
    .meets_requirements = time_continuum_meets,
    .requirements_met = time_continuum_met,
};

extern const Handler kBruteForce{
    .name = "brute_force",
    .test = "tests/scenarios/card-ships-missions.scn",
    .meets_requirements = brute_force_meets,
};

extern const Handler kDiplomaticConference{
    .name = "diplomatic_conference",
    .test = "tests/scenarios/card-ships-missions.scn",
    .meets_requirements = conference_meets,
    .attempted_by_all = true,
};

extern const Handler kReunion{
    .name = "reunion",
    .test = "tests/scenarios/card-ships-missions.scn",
    .meets_requirements = reunion_meets,
    .points = reunion_points,
};

extern const Handler kQualorIiRendezvous{
    .name = "qualor_ii_rendezvous",
    .test = "tests/scenarios/card-ships-missions.scn",
    .state_check = qualor_state_check,
};

extern const Handler kQuashConspiracy{
    .name = "quash_conspiracy",
    .test = "tests/scenarios/card-ships-missions.scn",
    .blocks_beaming = quash_blocks_beaming,
};

}  // namespace spacedock::stccg::handlers
