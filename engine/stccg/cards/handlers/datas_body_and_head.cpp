// Data's Body (QC) and Data's Head (AU artifact), apart and joined (qc.md "Data's Body", au.md
// "Data's Head", CRD IV.4). Apart, the Body is disabled, carried like equipment, and the Head is
// equipment that counts toward its group without being a member. Present together, their
// controller may join them as an order in their turn: the Head goes on the Body, which becomes
// one whole personnel with the Head's CUNNING and Computer Skill added. Another order parts them.
#include <optional>
#include <vector>

#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {

extern const Handler kDatasBody;
extern const Handler kDatasHead;

namespace datas_body_and_head {
namespace {

constexpr int kHeadCunning = 10;

std::optional<SkillId> computer_skill(const Engine& e) {
  return e.state().db->skills().find("Computer Skill");
}

bool is_head(const State& s, CardId c) {
  return s.handler(c) == &kDatasHead;
}

// The Head joined to `body`, or kNoCard.
CardId joined_head(const State& s, CardId body) {
  for (CardId c : s.in_play_where(Where::kOn)) {
    if (s.cards[c].host == body && is_head(s, c)) return c;
  }
  return kNoCard;
}

// Together and the same player's: in one crew, or on one planet (the Head as equipment).
bool may_join(const State& s, CardId body, CardId head) {
  return s.cards[body].controller == s.cards[head].controller && s.present_together(body, head);
}

// --- The Body: disabled unless joined (a captive stays disabled all the same).

void body_check(Engine& e, CardId self) {
  const bool whole = joined_head(e.state(), self) != kNoCard && !e.captivity(self);
  e.state().cards[self].disabled = !whole;
}

void body_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (joined_head(s, self) != kNoCard) return;
  for (const Where where : {Where::kAboard, Where::kSurface}) {
    for (CardId c : s.in_play_where(where)) {
      if (is_head(s, c) && may_join(s, self, c)) out.push_back({ActionKind::kUseCard, self, c});
    }
  }
}

// The Head goes on the Body, and its CUNNING and skill count as the Body's while it stays.
void body_join(Engine& e, ActionFrame& f) {
  const CardId body = f.action.a;
  const CardId head = f.action.b;
  const State& s = e.state();
  if (!s.in_play_at(body) || !s.in_play_at(head) || !may_join(s, body, head)) return;
  e.move_card(head, Zone::kPlay, Where::kOn, kNoLoc, body, s.cards[body].controller);
  add_attribute_while(e, head, body, Attribute::kCunning, kHeadCunning);
  if (const auto computer = computer_skill(e)) {
    Effect skill{.kind = EffectKind::kSkillChanged, .until = Until::kSourceLeaves};
    skill.source = head;
    skill.card = body;
    skill.value = *computer;
    e.add_effect(skill);
  }
}

// --- The Head: apart, CUNNING 10 and Computer Skill toward its group's totals (its ship bonus
// is data, VESSEL-scope modifiers while aboard a ship); joined, the Body's.

void head_adds(const Engine& e, CardId, GroupFacts& group) {
  if (const auto computer = computer_skill(e))
    group.extra_skills[*computer] += 2;  // in halves: one whole skill
  group.extra_attributes[static_cast<std::size_t>(Attribute::kCunning)] += kHeadCunning;
}

void head_orders(const Engine& e, Seat, CardId self, std::vector<Action>& out) {
  const CardState& head = e.state().cards[self];
  if (head.where == Where::kOn && e.state().handler(head.host) == &kDatasBody)
    out.push_back({ActionKind::kUseCard, self, head.host});
}

// Parted: the Head is equipment again where the Body is, and the Body disabled.
void head_part(Engine& e, ActionFrame& f) {
  const CardId head = f.action.a;
  const CardId body = f.action.b;
  const State& s = e.state();
  if (!s.in_play_at(head) || s.cards[head].host != body) return;
  const CardState& b = s.cards[body];
  if (b.where == Where::kAboard) {
    e.move_card(head, Zone::kPlay, Where::kAboard, kNoLoc, b.host, b.controller);
  } else {
    e.move_card(head, Zone::kPlay, b.where, b.loc, kNoCard, b.controller);
  }
  e.end_effects([&](const Effect& x) { return x.source == head && x.card == body; });
}

}  // namespace
}  // namespace datas_body_and_head

extern const Handler kDatasBody{
    .name = "datas_body",
    .test = "tests/scenarios/card-datas-body-and-head.scn",
    .resolve = datas_body_and_head::body_join,
    .state_check = datas_body_and_head::body_check,
    .orders = datas_body_and_head::body_orders,
    .use_label = "join Data's Head to this body",
};

extern const Handler kDatasHead{
    .name = "datas_head",
    .test = "tests/scenarios/card-datas-body-and-head.scn",
    .resolve = datas_body_and_head::head_part,
    .orders = datas_body_and_head::head_orders,
    .adds_to_group = datas_body_and_head::head_adds,
    .use_label = "part from Data's Body",
};

}  // namespace spacedock::stccg::handlers
