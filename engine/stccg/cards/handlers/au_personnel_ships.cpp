// Alternate Universe personnel and ships (cards/abilities/au-personnel-ships.md): Paul Rice
// nullifies an opposing Echo Papa drone; the Targ nullifies a Rogue Borg Mercenaries played onto
// its ship; Berlingoff Rasmussen cancels a Time Travel Pod played on his, and goes with it; Ajur
// and Boratus raid the seed cards under their mission; Lakanta takes his ship round the spaceline;
// the U.S.S. Enterprise-C arrives damaged; the Edo Vessel shrugs off half the attacks on it.
#include <algorithm>
#include <string_view>
#include <utility>
#include <variant>

#include "engine/stccg/cards/handlers/common.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// --- Targ: once per turn, a Rogue Borg Mercenaries the other player plays onto the ship it is
// aboard may be nullified (CRD IV.10.C: one Rogue Borg a turn).

// The card titled `title` being played as an interrupt onto `ship`, which this window answers,
// and who plays it; kNoCard when there is none.
std::pair<CardId, Seat> played_onto(const Engine& e, const WindowFrame& w, CardId ship,
                                    std::string_view title) {
  const State& s = e.state();
  if (w.kind != WindowKind::kResponse || w.collector == WindowFrame::kNoCollector)
    return {kNoCard, kNoSeat};
  const auto* play = std::get_if<ActionFrame>(&s.frames[w.collector]);
  if (!play || play->action.kind != ActionKind::kPlayInterrupt || play->action.b != ship)
    return {kNoCard, kNoSeat};
  const CardId card = play->action.a;
  if (s.def(card).title() != title || s.cards[card].zone != Zone::kResolving)
    return {kNoCard, kNoSeat};
  return {card, play->actor};
}

void targ_responses(const Engine& e, Seat seat, CardId self, const WindowFrame& w,
                    std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& targ = s.cards[self];
  if (targ.where != Where::kAboard || targ.disabled || e.in_stasis(self) ||
      use_spent(e, self, Until::kEndOfTurn))
    return;
  const auto [rogue, by] = played_onto(e, w, targ.host, "Rogue Borg Mercenaries");
  if (rogue != kNoCard && by != seat) out.push_back({ActionKind::kUseCard, self, rogue});
}

void targ_resolve(Engine& e, ActionFrame& f) {
  spend_use(e, f.action.a, f.actor, Until::kEndOfTurn);
  if (e.state().cards[f.action.b].zone == Zone::kResolving) e.nullify(f.action.b);
}

// --- Berlingoff Rasmussen: a Time Travel Pod present with him, either player's (played on the
// ship he is aboard), may be cancelled by his player: the Pod is nullified, and he is discarded
// with it.

void rasmussen_responses(const Engine& e, Seat, CardId self, const WindowFrame& w,
                         std::vector<Action>& out) {
  const CardState& him = e.state().cards[self];
  if (him.where != Where::kAboard || him.disabled || e.in_stasis(self)) return;
  const CardId pod = played_onto(e, w, him.host, "Time Travel Pod").first;
  if (pod != kNoCard) out.push_back({ActionKind::kUseCard, self, pod});
}

void rasmussen_resolve(Engine& e, ActionFrame& f) {
  if (e.state().cards[f.action.b].zone != Zone::kResolving) return;
  e.nullify(f.action.b);
  e.to_discard(f.action.a);
}

// --- Ajur, Boratus: once per game, on a planet in an Away Team of only themselves and one
// personnel with Archaeology, every seed card under that mission but three is discarded, chosen
// at random, the others keeping their order (CRD IV.10.E; au.md's 1997 reading).

bool raid_team_ready(const Engine& e, Seat seat, CardId self) {
  const State& s = e.state();
  const CardState& me = s.cards[self];
  std::vector<CardId> team;
  for (CardId c : s.in_play_where(Where::kSurface)) {
    if (e.is_personnel(c) && s.cards[c].loc == me.loc && s.cards[c].controller == seat)
      team.push_back(c);
  }
  if (team.size() != 2) return false;
  const CardId other = team[0] == self ? team[1] : team[0];
  const auto archaeology = s.db->skills().find("Archaeology");
  return archaeology && e.facts(other).skills[*archaeology] > 0;
}

void vorgon_raid_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  const CardState& me = s.cards[self];
  if (me.where != Where::kSurface || me.disabled || e.in_stasis(self) ||
      use_spent(e, self, Until::kRemoved))
    return;
  if (s.spaceline[me.loc].seeds.size() <= 3 || !raid_team_ready(e, seat, self)) return;
  out.push_back({ActionKind::kUseCard, self, s.spaceline[me.loc].mission});
}

void vorgon_raid_resolve(Engine& e, ActionFrame& f) {
  const CardId self = f.action.a;
  spend_use(e, self, f.actor, Until::kRemoved);  // once per game
  State& s = e.state();
  std::vector<CardId> seeds = s.spaceline[s.cards[self].loc].seeds;
  while (seeds.size() > 3) {
    const auto at = s.rng.below(static_cast<std::uint32_t>(seeds.size()));
    const CardId discarded = seeds[at];
    seeds.erase(seeds.begin() + at);
    e.to_discard(discarded);
  }
}

// --- Paul Rice: once per turn his player may nullify one Echo Papa 607 Killer Drone of the other
// player's present with him (on the same planet, or aboard the same ship or facility), as an
// order or in answer to anything, a battle included (CRD IV.10.B: optional, never his own).

void paul_rice_targets(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  const State& s = e.state();
  if (s.cards[self].disabled || e.in_stasis(self) || use_spent(e, self, Until::kEndOfTurn)) return;
  for (CardId c : s.in_play) {
    if (s.def(c).title() == "Echo Papa 607 Killer Drone" && s.cards[c].controller != seat &&
        s.present_together(self, c) && e.may_nullify(self, c))
      out.push_back({ActionKind::kUseCard, self, c});
  }
}

void paul_rice_orders(const Engine& e, Seat seat, CardId self, std::vector<Action>& out) {
  paul_rice_targets(e, seat, self, out);
}

void paul_rice_responses(const Engine& e, Seat seat, CardId self, const WindowFrame&,
                         std::vector<Action>& out) {
  paul_rice_targets(e, seat, self, out);
}

void paul_rice_resolve(Engine& e, ActionFrame& f) {
  std::vector<Action> still;
  paul_rice_targets(e, f.actor, f.action.a, still);
  if (std::find(still.begin(), still.end(), f.action) == still.end()) return;
  spend_use(e, f.action.a, f.actor, Until::kEndOfTurn);
  e.nullify(f.action.b);
}

// --- U.S.S. Enterprise-C: it reports at any location (reports_at ANY_LOCATION, only) and comes
// into play damaged (CRD IV.11.B).

void enterprise_c_reported(Engine& e, CardId self) {
  e.add_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = self});
  e.emit(ev::Damaged{self, static_cast<std::int8_t>(e.hull(self))});
}

// --- Edo Vessel: each attack on it is nullified on a fair coin toss (CRD IV.11.E).

bool edo_vessel_nullifies_attack(Engine& e, CardId) {
  return e.state().rng.below(2) == 0;
}

}  // namespace

extern const Handler kTarg{
    .name = "targ",
    .test = "tests/scenarios/card-au-personnel.scn",
    .resolve = targ_resolve,
    .responses = targ_responses,
    .use_label = "nullify this Rogue Borg Mercenaries (once per turn)",
};

extern const Handler kBerlingoffRasmussen{
    .name = "berlingoff_rasmussen",
    .test = "tests/scenarios/card-au-personnel.scn",
    .resolve = rasmussen_resolve,
    .responses = rasmussen_responses,
    .use_label = "cancel this Time Travel Pod; he is discarded with it",
};

extern const Handler kPaulRice{
    .name = "paul_rice",
    .test = "tests/scenarios/card-au-personnel.scn",
    .resolve = paul_rice_resolve,
    .orders = paul_rice_orders,
    .responses = paul_rice_responses,
    .use_label = "nullify this Echo Papa 607 Killer Drone present with him (once per turn)",
};

// Lakanta: a ship he is aboard may go round the spaceline (Engine::move_cost).
extern const Handler kLakanta{
    .name = "lakanta",
    .test = "tests/scenarios/card-au-personnel.scn",
    .wraps_spaceline = true,
};

extern const Handler kVorgonSeedRaid{
    .name = "vorgon_seed_raid",
    .test = "tests/scenarios/card-au-personnel.scn",
    .resolve = vorgon_raid_resolve,
    .orders = vorgon_raid_orders,
    .use_label =
        "discard at random all but three of the seed cards under this mission (once "
        "per game)",
};

extern const Handler kUssEnterpriseC{
    .name = "uss_enterprise_c",
    .test = "tests/scenarios/card-au-personnel-ships.scn",
    .reported = enterprise_c_reported,
};

extern const Handler kEdoVessel{
    .name = "edo_vessel",
    .test = "tests/scenarios/card-au-personnel-ships.scn",
    .nullifies_attack = edo_vessel_nullifies_attack,
};

}  // namespace spacedock::stccg::handlers
