// The stccg bot: it answers each decision from its seat's snapshot (board.h) with a heuristic per
// decision step. Its turns follow a plan (orders.cpp): report what the missions lack, gather a
// crew that meets a mission's requirements, take it there and attempt.
#include "engine/stccg/bot/policy.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <vector>

#include "engine/stccg/bot/board.h"
#include "engine/stccg/bot/orders.h"

namespace spacedock::stccg {
namespace {

using bot::Board;
using bot::Place;

constexpr double kNever = -std::numeric_limits<double>::infinity();

// The option with the highest score, rng choosing among equals.
template <typename Score>
core::OptionId best_option(const v1::DecisionPrompt& prompt, core::Rng& rng, Score score) {
  double best = kNever;
  std::vector<int> ties;
  for (int i = 0; i < prompt.options_size(); ++i) {
    const double s = score(i);
    if (s > best) {
      best = s;
      ties.assign(1, i);
    } else if (s == best) {
      ties.push_back(i);
    }
  }
  if (ties.empty()) return prompt.options(0).id();
  return prompt.options(ties[rng.below(static_cast<std::uint32_t>(ties.size()))]).id();
}

// Doorways open side decks: seed them all.
double seed_doorway(const v1::StccgAction& a) {
  return a.kind() == v1::STCCG_ACTION_SEED_DOORWAY ? 1 : 0;
}

// Dilemmas and Q-Flashes go under the opponent's missions, fewest seeds first; artifacts under
// the bot's own missions, which it means to complete.
double seed_under(const Board& b, const v1::StccgAction& a) {
  if (a.kind() != v1::STCCG_ACTION_SEED_UNDER) return 0;
  const Place* card = b.place(a.card());
  const auto& site = b.sites[a.location()];
  const bool artifact = card && card->def->type() == v1::STCCG_CARD_TYPE_ARTIFACT;
  if (artifact) return site.mine ? 5 - site.seeds * 0.1 : -1;
  if (site.mine || bot::worth_attempting(b, site)) return -1;
  return 3 - site.seeds * 0.5;
}

// The outpost goes where the bot's missions are near, best of all at one it can attempt there.
double seed_outpost(const Board& b, const v1::StccgAction& a) {
  if (a.kind() != v1::STCCG_ACTION_SEED_FACILITY) return -1;
  const int at = static_cast<int>(a.location());
  double score = 0;
  for (std::size_t t = 0; t < b.sites.size(); ++t) {
    const auto& site = b.sites[t];
    if (!bot::worth_attempting(b, site)) continue;
    const double points = site.end->points.value_or(0);
    const int d = b.distance(at, static_cast<int>(t));
    score += points / (1.0 + d / 4.0);
    if (static_cast<int>(t) == at) score += points;
  }
  return score;
}

// The card an option names by its label ("Choose Data"), for cards the bot has no place for:
// the opponent's, or cards of its draw deck, discard pile or side decks.
const CardDef* labelled(const v1::Option& option) {
  constexpr std::string_view kChoose = "Choose ";
  const std::string& label = option.label();
  if (label.rfind(kChoose, 0) != 0) return nullptr;
  const auto index = CardDb::standard().find_title(std::string_view(label).substr(kChoose.size()));
  return index ? &CardDb::standard().def(*index) : nullptr;
}

// The bot's own cards are chosen to be lost, the least useful first; any other card is one to
// take or to hurt, the best first.
double choose_card(const Board& b, const v1::Option& option) {
  const v1::StccgAction& a = option.stccg();
  if (a.kind() != v1::STCCG_ACTION_CHOOSE) return a.kind() == v1::STCCG_ACTION_DONE ? 0 : -1;
  if (const Place* place = b.place(a.card())) return 1000 - bot::card_worth(b, *place->def);
  const CardDef* def = labelled(option);
  return 1 + (def ? bot::card_worth(b, *def) : 0);
}

double yes_no(const v1::DecisionPrompt& prompt, const v1::StccgAction& a) {
  const bool yes = a.kind() == v1::STCCG_ACTION_YES;
  if (!yes && a.kind() != v1::STCCG_ACTION_NO) return -1;
  const CardDef* about = bot::def_of(prompt.stccg().about().card_id());
  // Bail costs points, which is what wins; a captive does not.
  if (about && about->card.native() == "mandarin_bailiff") return yes ? 0 : 1;
  return yes ? 1 : 0;
}

double response(const v1::StccgAction& a) {
  switch (a.kind()) {
    case v1::STCCG_ACTION_PASS_ALL:
      return 2;
    case v1::STCCG_ACTION_PASS:
      return 1;
    default:
      return 0;
  }
}

// Battles the bot is drawn into: fire back with everything, and the strongest tactic.
double battle(const v1::Option& option) {
  const v1::StccgAction& a = option.stccg();
  switch (a.kind()) {
    case v1::STCCG_ACTION_CHOOSE: {
      const CardDef* def = labelled(option);
      if (def && def->type() == v1::STCCG_CARD_TYPE_TACTIC)
        return 1 + def->card.tactic().attack() + def->card.tactic().defense();
      return 1;
    }
    case v1::STCCG_ACTION_YES:
      return 1;
    default:
      return 0;
  }
}

// A turn gives at most this many orders: a safety net against a plan that goes round in
// circles, which would otherwise run a game into the decision cap. Past it the bot ends the turn,
// or, where it may not yet (an attempt it is required to make), picks at random, which soon
// makes the required order instead of repeating one that changes nothing.
constexpr int kMaxOrdersPerTurn = 80;

class Policy final : public core::BotPolicy {
 public:
  core::OptionId choose(const v1::GameSnapshot& view, const v1::DecisionPrompt& prompt,
                        core::Rng& rng) override {
    const Board b = bot::read_board(view);
    auto by_option = [&](auto score) {
      return best_option(prompt, rng, [&](int i) { return score(prompt.options(i)); });
    };
    auto by_action = [&](auto score) {
      return by_option([&](const v1::Option& o) { return score(o.stccg()); });
    };
    switch (prompt.stccg().what()) {
      case v1::STCCG_DECISION_SEED_DOORWAY:
        return by_action(seed_doorway);
      case v1::STCCG_DECISION_SEED_MISSION:
        return by_action([](const v1::StccgAction&) { return 0.0; });
      case v1::STCCG_DECISION_SEED_UNDER:
        return by_action([&](const v1::StccgAction& a) { return seed_under(b, a); });
      case v1::STCCG_DECISION_SEED_OUTPOST:
        return by_action([&](const v1::StccgAction& a) { return seed_outpost(b, a); });
      case v1::STCCG_DECISION_ORDERS:
        return orders(view, b, prompt, rng);
      case v1::STCCG_DECISION_RESPONSE:
        return by_action(response);
      case v1::STCCG_DECISION_CHOOSE:
        return by_option([&](const v1::Option& o) { return choose_card(b, o); });
      case v1::STCCG_DECISION_YES_NO:
        return by_action([&](const v1::StccgAction& a) { return yes_no(prompt, a); });
      case v1::STCCG_DECISION_BATTLE_JOIN:
        return by_action(
            [](const v1::StccgAction& a) { return a.kind() == v1::STCCG_ACTION_DONE ? 1.0 : 0.0; });
      case v1::STCCG_DECISION_RETURN_FIRE:
      case v1::STCCG_DECISION_RETURN_JOIN:
      case v1::STCCG_DECISION_DRAW_TACTIC:
      case v1::STCCG_DECISION_CURRENT_TACTIC:
      case v1::STCCG_DECISION_RETALIATE:
        return by_option(battle);
      default:
        return prompt.options(0).id();
    }
  }

 private:
  core::OptionId orders(const v1::GameSnapshot& view, const Board& b,
                        const v1::DecisionPrompt& prompt, core::Rng& rng) {
    const std::uint32_t turn = view.stccg().turn();
    if (turn != turn_ || view.seat() != seat_ || prompt.decision_id() < last_decision_) {
      turn_ = turn;
      seat_ = view.seat();
      orders_ = 0;
      blocked_.clear();
    }
    last_decision_ = prompt.decision_id();
    if (++orders_ > kMaxOrdersPerTurn) {
      for (const auto& option : prompt.options()) {
        if (option.stccg().kind() == v1::STCCG_ACTION_END_TURN) return option.id();
      }
      return prompt.options(static_cast<int>(rng.below(prompt.options_size()))).id();
    }
    return prompt.options(bot::plan_orders(b, prompt, blocked_)).id();
  }

  // What the bot learnt this turn, in the turn of one seat of one match.
  std::uint32_t turn_ = 0;
  std::uint32_t seat_ = 0;
  std::uint32_t last_decision_ = 0;
  int orders_ = 0;
  std::vector<int> blocked_;
};

}  // namespace

std::unique_ptr<core::BotPolicy> make_bot_policy() {
  return std::make_unique<Policy>();
}

}  // namespace spacedock::stccg
