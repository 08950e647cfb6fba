// Q-Continuum and Blaze of Glory personnel whose special skill is a choice their owner makes
// as they report (cards/ABILITIES.md §13): Lal copies two skills of personnel present, K'chiQ
// takes any skill and may trade it each turn, a Soong-type Android sets its classification and
// gender. The choices are CHOOSE_SKILL and CHOOSE_GENDER decisions (Engine::choose_skill).
// Ves Alkar takes one Empathy from each female who has it at his location.
#include <algorithm>

#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// The classification words that are no skill of a skill box (CRD IV.10.B: the skill-box
// classifications may be chosen, but not these).
bool chooser_skill_allowed(SkillId skill) {
  return skill != SkillTable::of(Classification::kCivilian) &&
         skill != SkillTable::of(Classification::kVip) &&
         skill != SkillTable::of(Classification::kAnimal);
}

// The skill `self` took from its own choice (source and card `self`), or nullptr.
Effect* chosen_skill_effect(Engine& e, CardId self) {
  for (Effect& x : e.state().effects) {
    if (x.kind == EffectKind::kSkillChanged && x.source == self && x.card == self && !x.flag)
      return &x;
  }
  return nullptr;
}

// `self` gains one of `skill` while it stays in play.
void chooser_gain_skill(Engine& e, CardId self, SkillId skill) {
  Effect gain{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
  gain.source = self;
  gain.card = self;
  gain.value = skill;
  e.add_effect(gain);
}

// Its owner chooses as it arrives.
void chooser_reported(Engine& e, CardId self) {
  e.state().frames.emplace_back(CardFrame{.card = self, .player = e.state().cards[self].owner});
}

// --- Lal: two skills that personnel present with her have; a skill twice only when two of
// them have it. Multipliers do not count (CRD IV.10.B).

// For each personnel present with `self`, the skills of its skill box (with those granted to
// it), not its classification box.
std::vector<std::vector<SkillId>> lal_skills_present(const Engine& e, CardId self) {
  const State& s = e.state();
  const CardState& here = s.cards[self];
  std::vector<std::vector<SkillId>> out;
  for (CardId c : s.in_play) {
    const CardState& p = s.cards[c];
    if (c == self || !e.is_personnel(c) || p.disabled || p.where != here.where ||
        p.host != here.host || p.loc != here.loc)
      continue;
    MemberFacts facts = e.skilled_facts(c);
    if (facts.classification != Classification::kNone) {
      SkillHalves& box = facts.skills[SkillTable::of(facts.classification)];
      box = static_cast<SkillHalves>(std::max(0, box - 2));
    }
    std::vector<SkillId>& skills = out.emplace_back();
    for (std::size_t skill = 0; skill < s.db->skills().size(); ++skill) {
      if (facts.skills[skill] > 0 && chooser_skill_allowed(static_cast<SkillId>(skill)))
        skills.push_back(static_cast<SkillId>(skill));
    }
  }
  return out;
}

void lal_step(Engine& e, CardFrame& f) {
  const std::vector<std::vector<SkillId>> present = lal_skills_present(e, f.card);
  const CardId first = f.chosen;  // the first skill taken, or kNoCard
  std::vector<SkillId> offered;
  for (std::size_t skill = 0; skill < kMaxSkills; ++skill) {
    const auto holders = std::count_if(present.begin(), present.end(), [&](const auto& skills) {
      return std::find(skills.begin(), skills.end(), skill) != skills.end();
    });
    if (holders >= (first == skill ? 2 : 1)) offered.push_back(static_cast<SkillId>(skill));
  }
  if (offered.empty()) {
    e.state().frames.pop_back();
    return;
  }
  const auto skill = e.choose_skill(f.player, f.card, offered);
  if (!skill) return;
  chooser_gain_skill(e, f.card, *skill);
  if (first == kNoCard) {
    f.chosen = *skill;  // one more to choose
    return;
  }
  e.state().frames.pop_back();  // `f` is gone from here on
}

// --- K'chiQ: any one skill as she reports; at the start of each of her owner's turns, another
// in its place, or the same kept. Her first skill is that choosing, the chosen one her second
// (CRD IV.10.C): while her first entry is lost (Tsiolkovsky Infection) she keeps the skill but
// may not trade it. Two K'chiQs present together are both discarded.

enum KchiqStep : std::uint8_t { kKchiqReport, kKchiqExchange };

std::vector<SkillId> kchiq_any_skill(const Engine& e) {
  std::vector<SkillId> out;
  for (std::size_t skill = 0; skill < e.state().db->skills().size(); ++skill) {
    if (chooser_skill_allowed(static_cast<SkillId>(skill)))
      out.push_back(static_cast<SkillId>(skill));
  }
  return out;
}

void kchiq_start_of_turn(Engine& e, CardId self) {
  const State& s = e.state();
  if (s.active != s.cards[self].owner || s.cards[self].controller != s.cards[self].owner ||
      e.lost_skill_entry(self) == 0)
    return;
  e.state().frames.emplace_back(
      CardFrame{.card = self, .player = s.cards[self].owner, .sub = kKchiqExchange});
}

void kchiq_step(Engine& e, CardFrame& f) {
  if (!e.state().in_play_at(f.card)) {
    e.state().frames.pop_back();  // discarded as she reported, beside another K'chiQ
    return;
  }
  const bool exchange = f.sub == kKchiqExchange;
  const auto skill = e.choose_skill(f.player, f.card, kchiq_any_skill(e), exchange);
  if (!skill) return;
  if (*skill != kNoSkill) {
    if (Effect* held = chosen_skill_effect(e, f.card)) {
      held->value = *skill;
    } else {
      chooser_gain_skill(e, f.card, *skill);
    }
  }
  e.state().frames.pop_back();  // `f` is gone from here on
}

void kchiq_state_check(Engine& e, CardId self) {
  const State& s = e.state();
  if (e.in_stasis(self)) return;
  for (CardId c : s.in_play) {
    if (c != self && s.handler(c) == s.handler(self) && !e.in_stasis(c) &&
        s.present_together(c, self)) {
      e.to_discard(c);
      e.to_discard(self);
      return;
    }
  }
}

// --- Soong-type Android: a classification of the standard seven (also the first skill of its
// skill box), then a gender.

enum SoongStep : std::uint8_t { kSoongClassification, kSoongGender };

void soong_step(Engine& e, CardFrame& f) {
  if (f.sub == kSoongClassification) {
    std::vector<SkillId> classifications;
    for (Classification c :
         {Classification::kOfficer, Classification::kEngineer, Classification::kMedical,
          Classification::kScience, Classification::kSecurity, Classification::kCivilian,
          Classification::kVip})
      classifications.push_back(SkillTable::of(c));
    const auto skill = e.choose_skill(f.player, f.card, classifications);
    if (!skill) return;
    Effect box{.kind = EffectKind::kClassification, .until = Until::kSourceLeaves};
    box.source = f.card;
    box.card = f.card;
    box.value = static_cast<std::int16_t>(*skill + 1);  // SkillTable::of, inverted
    e.add_effect(box);
    chooser_gain_skill(e, f.card, *skill);
    f.sub = kSoongGender;
    return;
  }
  const auto gender =
      e.choose_gender(f.player, f.card, {Gender::kFemale, Gender::kMale, Gender::kNone});
  if (!gender) return;
  Effect chosen{.kind = EffectKind::kGender, .until = Until::kSourceLeaves};
  chosen.source = f.card;
  chosen.card = f.card;
  chosen.value = static_cast<std::int16_t>(*gender);
  e.add_effect(chosen);
  e.state().frames.pop_back();  // `f` is gone from here on
}

// --- Ves Alkar: each female with Empathy at his location, either player's, has one Empathy
// less while he is there. The effects follow who is there after every step.

void ves_alkar_check(Engine& e, CardId self) {
  State& s = e.state();
  const SkillId empathy = *s.db->skills().find("Empathy");
  const LocIndex here = s.cards[self].disabled ? kNoLoc : e.location_of(self);
  std::vector<CardId> females;
  for (CardId c : s.in_play) {
    if (here == kNoLoc || c == self || !e.is_personnel(c) || s.cards[c].disabled ||
        e.location_of(c) != here)
      continue;
    const MemberFacts facts = e.base_facts(c);
    if (facts.gender == Gender::kFemale && facts.skills[empathy] > 0) females.push_back(c);
  }
  const auto his = [&](const Effect& x) {
    return x.kind == EffectKind::kSkillChanged && x.source == self && x.flag;
  };
  std::erase_if(s.effects, [&](const Effect& x) {
    return his(x) && std::find(females.begin(), females.end(), x.card) == females.end();
  });
  for (CardId female : females) {
    if (std::any_of(s.effects.begin(), s.effects.end(),
                    [&](const Effect& x) { return his(x) && x.card == female; }))
      continue;
    Effect less{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves, .flag = true};
    less.source = self;
    less.card = female;
    less.value = empathy;
    e.add_effect(less);
  }
}

}  // namespace

extern const Handler kLal{
    .name = "lal",
    .test = "tests/scenarios/card-qc-bog-personnel-choices.scn",
    .reported = chooser_reported,
    .step = lal_step,
    .choose_label = "choose a skill of personnel present for her (two in all)",
};

extern const Handler kKchiq{
    .name = "kchiq",
    .test = "tests/scenarios/card-qc-bog-personnel-choices.scn",
    .reported = chooser_reported,
    .start_of_turn = kchiq_start_of_turn,
    .state_check = kchiq_state_check,
    .step = kchiq_step,
    .choose_label = "choose her skill (done: keep the one she has)",
};

extern const Handler kSoongTypeAndroid{
    .name = "soong_type_android",
    .test = "tests/scenarios/card-qc-bog-personnel-choices.scn",
    .reported = chooser_reported,
    .step = soong_step,
    .choose_label = "choose its classification, then its gender",
};

extern const Handler kVesAlkar{
    .name = "ves_alkar",
    .test = "tests/scenarios/card-qc-bog-personnel.scn",
    .state_check = ves_alkar_check,
};

}  // namespace spacedock::stccg::handlers
