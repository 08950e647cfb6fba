// Modifier and skill-grant cards that need more than data (cards/ABILITIES.md §14): Admiral
// Ross chooses a skill each turn; D'k Tahg and the Starfleet Type I Phaser report into a battle.
#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/cards/handlers/common.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Reports into a personnel battle just initiated: beside one of the player's personnel
// fighting in it who may use the card (its `usable_by`), as a free report.
void battle_report_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                         std::vector<Action>& out) {
  if (!window || window->kind != WindowKind::kBattleStart) return;
  const PersonnelBattleFrame* battle = nullptr;
  for (auto it = e.state().frames.rbegin(); it != e.state().frames.rend() && !battle; ++it)
    battle = std::get_if<PersonnelBattleFrame>(&*it);
  if (!battle || battle->rogue_host != kNoCard) return;
  const int side = seat == battle->attacker ? 0 : 1;
  if (side == 1 && !battle->retaliates) return;
  for (CardId fighter : battle->sides[side]) {
    if (e.state().in_play_at(fighter) && e.state().cards[fighter].controller == seat &&
        e.may_use(self, fighter))
      out.push_back({ActionKind::kReport, self, fighter});
  }
}

// At the start of every turn, either player's, his controller chooses his skill of the turn.
void ross_start_of_turn(Engine& e, CardId self) {
  e.state().frames.emplace_back(
      CardFrame{.card = self, .player = e.state().cards[self].controller});
}

// Yes keeps the Honor of his skill box; no trades it for Section 31 until the turn ends.
void ross_step(Engine& e, CardFrame& f) {
  auto honor = e.yes_no(f.player);
  if (!honor) return;
  if (!*honor) {
    const SkillTable& skills = e.state().db->skills();
    Effect lose{.kind = EffectKind::kSkillChanged, .until = Until::kEndOfTurn, .flag = true};
    lose.source = f.card;
    lose.card = f.card;
    lose.value = *skills.find("Honor");
    e.add_effect(lose);
    Effect gain = lose;
    gain.flag = false;
    gain.value = *skills.find("Section 31");
    e.add_effect(gain);
  }
  e.state().frames.pop_back();  // `f` is gone from here on
}

}  // namespace

extern const Handler kBattleReport{
    .name = "battle_report",
    .test = "tests/scenarios/card-modifiers.scn",
    .plays = battle_report_plays,
};

extern const Handler kAdmiralRoss{
    .name = "admiral_ross",
    .test = "tests/scenarios/card-modifiers.scn",
    .start_of_turn = ross_start_of_turn,
    .step = ross_step,
    .question = "keep Honor this turn, or take Section 31 instead?",
    .yes_label = "Honor",
    .no_label = "Section 31",
};

}  // namespace spacedock::stccg::handlers
