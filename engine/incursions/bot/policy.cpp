// The Incursions bot: a wormhole arrival wins on doubles and a miss only returns to the start, so
// it explores near the start tile, then spends every maneuver it can afford on wormhole attempts;
// it shoots when a kill is likely, and defends with Pwr that would otherwise lie idle.
#include "engine/incursions/bot/policy.h"

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "engine/incursions/board.h"
#include "engine/incursions/content.h"

namespace spacedock::incursions {
namespace {

// Scores share one scale: a wormhole attempt (a 1 in 6 win) is worth kAttempt, and everything
// else is ranked against it.
constexpr double kAttempt = 167;
constexpr double kKill = 600;         // a destroyed opponent, before doubting the shot
constexpr double kKillDoubt = 0.6;    // the target may still evade or power its shields
constexpr double kExploring = 100;    // drawing from a pile that still holds a wormhole
constexpr double kExploreRing = 10;   // per hex the new tile lies from the start tile
constexpr double kLostManeuver = 15;  // moving first, to explore nearer the start next
constexpr double kFiller = 20;        // a shot when nothing better is left
constexpr double kOwnTurnPower = 4;   // a Pwr spent on our turn is missing from the defence
constexpr double kDeath = 1000;       // in LP terms, while defending
constexpr int kUncharted = -1;        // a position no explored tile lies on
constexpr int kUnreached = std::numeric_limits<int>::max() / 2;

Coord coord(const v1::HexCoord& c) {
  return {static_cast<std::int16_t>(c.q()), static_cast<std::int16_t>(c.r())};
}

int ring(Coord c) {
  return hex_distance(c, Coord{});
}

int ring(const v1::HexCoord& c) {
  return ring(coord(c));
}

// The chance that 2D6 rolls at most `score`: an evasion's success.
double at_most_2d6(int score) {
  int ways = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b)
      ways += a + b <= score;
  }
  return ways / 36.0;
}

// The chance that `dice` D6 plus `flat` reaches `needed`.
double reaches(int dice, int flat, int needed) {
  std::vector<double> ways{1.0};
  for (int d = 0; d < dice; ++d) {
    std::vector<double> next(ways.size() + 6, 0.0);
    for (std::size_t s = 0; s < ways.size(); ++s) {
      for (int face = 1; face <= 6; ++face)
        next[s + static_cast<std::size_t>(face)] += ways[s] / 6;
    }
    ways = std::move(next);
  }
  double p = 0;
  for (std::size_t s = 0; s < ways.size(); ++s) {
    if (static_cast<int>(s) + flat >= needed) p += ways[s];
  }
  return p;
}

int life(const v1::IncursionsVessel& v) {
  return v.hull() + v.shields();
}

// The explored tiles as the snapshot shows them, with walking distances over them.
class Chart {
 public:
  explicit Chart(const v1::IncursionsView& view) : view_(view) {}

  int size() const { return view_.tiles_size(); }
  const v1::IncursionsTile& tile(int i) const { return view_.tiles(i); }

  int find(Coord c) const {
    for (int i = 0; i < size(); ++i) {
      if (coord(tile(i).coord()) == c) return i;
    }
    return kUncharted;
  }
  int find(const v1::HexCoord& c) const { return find(coord(c)); }

  // Steps from `from` to every tile, kUnreached where no route exists.
  std::vector<int> steps_from(int from) const {
    std::vector<int> steps(static_cast<std::size_t>(size()), kUnreached);
    if (from == kUncharted) return steps;
    std::vector<int> queue{from};
    steps[static_cast<std::size_t>(from)] = 0;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const Coord c = coord(tile(queue[head]).coord());
      for (int direction = 0; direction < kDirections; ++direction) {
        const int next = find(neighbour(c, direction));
        if (next == kUncharted || steps[static_cast<std::size_t>(next)] != kUnreached) continue;
        steps[static_cast<std::size_t>(next)] = steps[static_cast<std::size_t>(queue[head])] + 1;
        queue.push_back(next);
      }
    }
    return steps;
  }

  // The ring of the empty position next to tile `i` that lies nearest the start, or kUnreached.
  int nearest_gap(int i) const {
    const Coord c = coord(tile(i).coord());
    int best = kUnreached;
    for (int direction = 0; direction < kDirections; ++direction) {
      const Coord next = neighbour(c, direction);
      if (find(next) == kUncharted) best = std::min(best, ring(next));
    }
    return best;
  }

 private:
  const v1::IncursionsView& view_;
};

bool is_wormhole_id(const std::string& id) {
  const Content& content = Content::standard();
  const auto hex = content.find_hex(id);
  return hex && content.hex(*hex).wormhole;
}

// One decision, read from the deciding seat's snapshot.
class Turn {
 public:
  Turn(const v1::IncursionsView& view, core::Seat seat)
      : view_(view), me_(view.vessels(static_cast<int>(seat))), seat_(seat), chart_(view) {
    here_ = chart_.find(me_.position());
    from_here_ = chart_.steps_from(here_);
    from_start_ = chart_.steps_from(chart_.find(Coord{}));
    for (int i = 0; i < chart_.size(); ++i) {
      if (chart_.tile(i).wormhole()) wormholes_.push_back(i);
    }
    for (const auto& v : view.vessels()) {
      if (v.seat() != seat && !v.eliminated()) enemies_.push_back(&v);
    }
  }

  double score(const v1::IncursionsAction& a) const;
  int evasion() const { return me_.figures().evasion(); }
  int spent_power() const { return static_cast<int>(me_.power().spent()); }
  double defend(const v1::IncursionsAction& a, const v1::IncursionsHit& hit) const;
  // Answering another player's declaration: countermand what threatens us (§5.5).
  double respond(const v1::IncursionsAction& a) const;

 private:
  int available() const { return static_cast<int>(me_.power().up() + me_.power().diverted()); }
  int drive() const { return me_.ship().drive(); }
  int cost(int steps) const { return std::max(0, steps - drive()); }

  // Pwr the cheapest wormhole attempt from here needs, kUnreached without a wormhole.
  int attempt_cost() const {
    int best = kUnreached;
    for (int w : wormholes_)
      best = std::min(best, cost(from_here_[static_cast<std::size_t>(w)]));
    return best;
  }
  bool attempt_offered() const { return attempt_cost() <= available(); }
  // Our pile may still hide a wormhole (its contents are shown only to a sole contributor).
  bool pile_promising() const;
  const v1::IncursionsVessel* enemy(std::uint32_t seat) const {
    for (const auto* v : enemies_) {
      if (v->seat() == seat) return v;
    }
    return nullptr;
  }
  bool enemy_mine_at(const v1::HexCoord& c) const {
    for (const auto& m : view_.mines()) {
      if (m.owner_seat() != seat_ && m.coord().q() == c.q() && m.coord().r() == c.r()) return true;
    }
    return false;
  }

  double move(const v1::IncursionsAction& a) const;
  double fire(const v1::IncursionsAction& a) const;
  double repair(const v1::IncursionsAction& a) const;
  double play(const v1::IncursionsAction& a) const;
  bool enemy_in_reach() const {
    return std::any_of(enemies_.begin(), enemies_.end(), [&](const auto* v) {
      return hex_distance(coord(v->position()), coord(me_.position())) <=
             static_cast<int>(me_.ship().w1().range());
    });
  }

  const v1::IncursionsView& view_;
  const v1::IncursionsVessel& me_;
  core::Seat seat_;
  Chart chart_;
  int here_ = kUncharted;
  std::vector<int> from_here_;
  std::vector<int> from_start_;
  std::vector<int> wormholes_;
  std::vector<const v1::IncursionsVessel*> enemies_;
};

bool Turn::pile_promising() const {
  for (const auto& pile : view_.hexpiles()) {
    const bool ours = pile.has_owner_seat()
                          ? pile.owner_seat() == seat_
                          : view_.options().hexpile_mode() == v1::HEXPILE_MODE_SHARED;
    if (!ours || pile.remaining() == 0) continue;
    if (!pile.has_owner_seat()) return wormholes_.empty();  // a shared pile: hope, no knowledge
    return std::any_of(pile.own_hexes().begin(), pile.own_hexes().end(), is_wormhole_id);
  }
  return false;
}

double Turn::move(const v1::IncursionsAction& a) const {
  const int to = chart_.find(a.destination());
  const int power = cost(from_here_[static_cast<std::size_t>(to)]);
  const double mine = enemy_mine_at(a.destination()) ? 8 : 0;
  if (chart_.tile(to).wormhole()) {
    // Misses land on the start tile, so a wormhole cheap to reach from there is worth more.
    return kAttempt - 3 * power - cost(from_start_[static_cast<std::size_t>(to)]) - mine;
  }
  double best = 0;
  if (pile_promising() && chart_.nearest_gap(to) != kUnreached) {
    best =
        kExploring - kExploreRing * chart_.nearest_gap(to) - kLostManeuver - kOwnTurnPower * power;
  }
  if (!wormholes_.empty()) {
    // Nearer a wormhole, the next turn's first attempt leaves more Pwr for the second.
    const std::vector<int> from_there = chart_.steps_from(to);
    int now = kUnreached;
    int then = kUnreached;
    for (int w : wormholes_) {
      now = std::min(now, cost(from_here_[static_cast<std::size_t>(w)]));
      then = std::min(then, cost(from_there[static_cast<std::size_t>(w)]));
    }
    if (then < now) best = std::max(best, 8.0 * std::min(now - then, 4) - 2 * power);
  }
  return best - mine;
}

double Turn::fire(const v1::IncursionsAction& a) const {
  const v1::IncursionsVessel* target = enemy(a.target_seat());
  if (target == nullptr) return -1;
  // A ship's weapon, or a weapon system tabled as a card (Weapon Prototype).
  const bool tabled = a.kind() == v1::FIRE_CARD_WEAPON;
  const auto& w = a.kind() == v1::FIRE_W1 ? me_.ship().w1() : me_.ship().w2();
  int dice = static_cast<int>(a.power()) +
             (tabled ? a.card().card().effect().system_dice() : static_cast<int>(w.dice()));
  int flat = (tabled ? 0 : w.flat()) + me_.figures().weapon_bonus();
  for (const auto& card : view_.attached()) {  // Phasers' dice on W1, Fire's flat bonus
    if (a.kind() == v1::FIRE_W1) dice += card.card().effect().weapon_dice();
    flat += card.card().effect().attack_flat();
  }
  const double cost = kOwnTurnPower * (a.power() + a.range_power());
  // An officer put out of action weakens the ship, but deals it no damage.
  if (a.officer() != v1::INCURSIONS_POSITION_UNSPECIFIED) return kFiller / 2 - cost;
  const double kill = reaches(dice, flat, life(*target));
  const double expected = 3.5 * dice + flat;
  return kKill * kKillDoubt * kill + kFiller + 0.8 * expected - cost;
}

double Turn::repair(const v1::IncursionsAction& a) const {
  // Equipment back into service, or a rival's card off the vessel, with the least Pwr.
  if (a.has_card()) return kFiller + 8 - kOwnTurnPower * a.power();
  // A placed object (an Outpost): worth the repair while it is damaged.
  if (a.has_target_denizen()) return kFiller - 2 - kOwnTurnPower * a.power();
  const bool hull = a.system() == v1::INCURSIONS_SYSTEM_HULL;
  const int deficit =
      hull ? me_.ship().hull() - me_.hull() : me_.figures().shields_max() - me_.shields();
  const int points = me_.figures().repair_points() + 3 * static_cast<int>(a.power());
  return 10 + 0.8 * std::min(deficit, points) - kOwnTurnPower * a.power() - (deficit <= 0) * 20;
}

double Turn::play(const v1::IncursionsAction& a) const {
  const auto& card = a.card().card();
  const auto& e = card.effect();
  if (card.nature() == v1::INCURSIONS_CARD_NATURE_CREW) return kAttempt + 50;  // free bonuses
  // Red Alert and Warp serve the race: attach them ahead of a wormhole attempt.
  if (e.extra_maneuvers() > 0) return attempt_offered() ? kAttempt + 2 : -1;
  if (e.warp_hexes() > 0)
    return attempt_cost() > 0 && attempt_cost() < kUnreached ? kAttempt + 1 : -1;
  // Fire and Phasers only when a shot is the plan.
  if (e.attack_flat() > 0 || e.weapon_dice() > 0) {
    return !attempt_offered() && enemy_in_reach() ? kFiller + 40 : -1;
  }
  if (e.evasion() > 0) return kFiller + 15;
  if (e.repair() > 0) {
    const int deficit =
        me_.ship().hull() - me_.hull() + me_.figures().shields_max() - me_.shields();
    return deficit >= e.repair() ? kFiller + 10 : -1;
  }
  switch (e.mechanism()) {
    case v1::INCURSIONS_CARD_MECHANISM_SEARCH_DECK:
    case v1::INCURSIONS_CARD_MECHANISM_TAKE_FROM_HAND:
    case v1::INCURSIONS_CARD_MECHANISM_CLAIM_POWER:
      return attempt_offered() ? -1 : kFiller + 5;
    case v1::INCURSIONS_CARD_MECHANISM_LAY_MINE:
      return a.power() == 0 ? 5 : -1;
    case v1::INCURSIONS_CARD_MECHANISM_SHUTTLE:  // armour before a fight, else a guard
      if (attempt_offered()) return -1;
      if (a.has_destination()) return enemy_in_reach() ? -1 : kFiller + 3;
      return enemy_in_reach() ? kFiller + 20 : -1;
    case v1::INCURSIONS_CARD_MECHANISM_WEAPON_SYSTEM:
      return attempt_offered() ? -1 : kFiller + 12;
    case v1::INCURSIONS_CARD_MECHANISM_PLACE_OBJECT:  // a guard on the way the rivals come
      return attempt_offered() ? -1 : kFiller + 6;
    case v1::INCURSIONS_CARD_MECHANISM_SABOTAGE:  // jam the guns of a rival in reach first
      if (attempt_offered()) return -1;
      return a.weapon() == v1::INCURSIONS_WEAPON_SLOT_W1 && enemy_in_reach() ? kFiller + 8
                                                                             : kFiller + 4;
    default:
      return -1;
  }
}

double Turn::respond(const v1::IncursionsAction& a) const {
  if (a.kind() == v1::ACCEPT) return 0;
  if (a.kind() != v1::PLAY_CARD || view_.responses_size() == 0) return -1;
  const auto& declared = view_.responses(view_.responses_size() - 1).action();
  const bool at_us = (declared.kind() == v1::FIRE_W1 || declared.kind() == v1::FIRE_W2) &&
                     declared.has_target_seat() && declared.target_seat() == seat_;
  const bool to_wormhole = declared.kind() == v1::MOVE &&
                           chart_.find(declared.destination()) != kUncharted &&
                           chart_.tile(chart_.find(declared.destination())).wormhole();
  return at_us || to_wormhole ? 1 : -1;
}

double Turn::score(const v1::IncursionsAction& a) const {
  switch (a.kind()) {
    case v1::PLAY_CARD:
      return play(a);
    case v1::MOVE:
      return move(a);
    case v1::EXPLORE:
      if (!pile_promising()) return 1;
      return kExploring - kExploreRing * ring(a.destination());
    case v1::FIRE_W1:
    case v1::FIRE_W2:
    case v1::FIRE_CARD_WEAPON:
      return fire(a);
    case v1::REPAIR:
      return repair(a);
    case v1::USE_AUX:
      // Once a game: spend it where it buys a wormhole attempt.
      return !attempt_offered() &&
                     attempt_cost() <= available() + static_cast<int>(me_.power().spent())
                 ? kAttempt - 10
                 : -1;
    case v1::DIVERT_SHIELDS: {
      const int short_by = attempt_cost() - available();
      return short_by > 0 && short_by <= 2 && 5 * short_by <= me_.shields() ? kAttempt - 20 : -1;
    }
    case v1::BREAK_TRACTOR:
      return !wormholes_.empty() || pile_promising() ? kAttempt - 30 : -1;
    case v1::LAY_MINE:
      return a.power() == 0 ? 5 : -1;
    case v1::DETONATE_MINE:
      return kFiller;
    case v1::RESTORE_OFFICER:
      return kFiller + 5;
    case v1::ASSIMILATE:
      return kFiller;
    case v1::DENIZEN_ATTACK:  // a dominated denizen's, an object placed this turn, a craft
      return a.has_attacked_denizen() ? kFiller + 8 : kFiller + 10;  // rivals first
    case v1::END_MANEUVERS:
      return 0;
    default:  // cloaks, sweeps and tractor beams do not serve the race
      return -1;
  }
}

// Expected LP lost to `rest` damage, counting destruction as kDeath.
double loss(int rest, int life_left) {
  return rest >= life_left ? kDeath + life_left : std::max(rest, 0);
}

double Turn::defend(const v1::IncursionsAction& a, const v1::IncursionsHit& hit) const {
  const int rest = hit.evaded() ? 0 : hit.damage() - hit.absorbed();
  const int lives = life(me_);
  const int absorb = me_.ship().shield_absorb();
  const int up = static_cast<int>(me_.power().up());
  // Pwr left idle now comes back at our power-up anyway, unless more attacks may follow, or it
  // is our own turn (a mine on the way) and the Pwr is meant for the wormhole.
  const bool own_turn = view_.active_seat() == seat_;
  const int attacks_left =
      static_cast<int>(view_.maneuvers_allowed()) - static_cast<int>(view_.maneuvers_used());
  const double per_power = own_turn ? 6 : attacks_left > 0 ? 2.5 : 0.2;
  auto shielded = [&](int cards) { return loss(rest - absorb * cards, lives) + per_power * cards; };
  auto best_cards = [&](int cards_up) {
    int best = 0;
    for (int j = 1; j <= cards_up; ++j) {
      if (shielded(j) < shielded(best)) best = j;
    }
    return best;
  };
  // Evasion and shield Pwr score the LP they save; the free defensive repair comes after them,
  // then taking the hit.
  switch (a.kind()) {
    case v1::EVADE: {
      const double p = at_most_2d6(evasion() + static_cast<int>(a.power()));
      const int from_cards =
          std::max(0, static_cast<int>(a.power()) - static_cast<int>(me_.power().diverted()));
      const double plan = (1 - p) * shielded(best_cards(up - from_cards)) + per_power * a.power();
      return shielded(0) - plan;
    }
    case v1::SHIELD_POWER:
      return shielded(0) - shielded(static_cast<int>(a.power())) - 0.01;
    case v1::DEFENSIVE_REPAIR: {
      const int spare = available() - best_cards(up);
      if (static_cast<int>(a.power()) > spare) return -1;
      const int to_shields = std::min(std::max(rest, 0), me_.shields());
      const int shields_gap = me_.figures().shields_max() - (me_.shields() - to_shields);
      const int hull_gap = me_.ship().hull() - (me_.hull() - (std::max(rest, 0) - to_shields));
      const bool hull = a.system() == v1::INCURSIONS_SYSTEM_HULL;
      const int points = me_.figures().repair_points() + 3 * static_cast<int>(a.power());
      const double gain = 0.9 * std::min(hull ? hull_gap : shields_gap, points);
      return gain > per_power * a.power() ? 0.04 + 1e-4 * (gain - per_power * a.power()) : -1;
    }
    case v1::USE_AUX:
      // Worth it when the Pwr that is up cannot stop a lethal hit.
      return rest - absorb * up >= lives && me_.power().spent() > 0 ? 50 : -1;
    case v1::PLAY_CARD: {
      const auto& e = a.card().card().effect();
      if (rest <= 0) return -1;
      if (e.mechanism() == v1::INCURSIONS_CARD_MECHANISM_BLOCK_EVENT) return shielded(0);
      // A Countermand cancels the attack too, but is kept for a rival's race unless it bites.
      if (e.mechanism() == v1::INCURSIONS_CARD_MECHANISM_COUNTERMAND) return shielded(0) - 8;
      if (e.absorb() > 0) return loss(rest, lives) - loss(rest - e.absorb(), lives) - 0.005;
      return e.repair() > 0 && rest >= 5 ? 0.05 : -1;
    }
    case v1::ACCEPT:
      return 0;
    default:
      return -1;
  }
}

class Policy final : public core::BotPolicy {
 public:
  core::OptionId choose(const v1::GameSnapshot& view, const v1::DecisionPrompt& prompt,
                        core::Rng& rng) override {
    const auto& context = prompt.incursions();
    const Turn turn(view.incursions(), static_cast<core::Seat>(prompt.seat()));
    auto score = [&](const v1::IncursionsAction& a) {
      switch (context.step()) {
        case v1::INCURSIONS_STEP_MANEUVER:
          return turn.score(a);
        case v1::INCURSIONS_STEP_DEFEND:
        case v1::INCURSIONS_STEP_ABSORB:
          return turn.defend(a, context.hit());
        case v1::INCURSIONS_STEP_TRACTOR_LOCK:
          // A held vessel cannot move: evade with all the Pwr there is, if it has a fair chance.
          if (a.kind() != v1::EVADE) return 0.0;
          return turn.evasion() + static_cast<int>(a.power()) >= 5 ? a.power() : -1.0;
        case v1::INCURSIONS_STEP_KEEP_CLOAK:
        case v1::INCURSIONS_STEP_KEEP_TRACTOR:
          // The Pwr is worth more to this turn's maneuvers.
          return a.kind() == v1::RELEASE ? 1.0 : 0.0;
        case v1::INCURSIONS_STEP_RESPOND:
          return turn.respond(a);
        case v1::INCURSIONS_STEP_DISCARD:
          // Keep the rare cards: commons go first.
          return -static_cast<double>(a.card().card().rarity());
        case v1::INCURSIONS_STEP_SEARCH_DECK:
        case v1::INCURSIONS_STEP_TAKE_FROM_HAND:
        case v1::INCURSIONS_STEP_SABOTAGE:
          return static_cast<double>(a.card().card().rarity());
        case v1::INCURSIONS_STEP_BLOCK_EVENT:  // a hex's blow: block it when possible
          return a.kind() == v1::PLAY_CARD ? 1.0 : 0.0;
        case v1::INCURSIONS_STEP_REWARD:
          // Pwr is the race's fuel: two cards' worth of it beats three cards.
          if (a.reward() == v1::INCURSIONS_REWARD_FLIP_POWER)
            return turn.spent_power() >= 2 ? 2.0 : 1.0;
          return 1.5;
        case v1::INCURSIONS_STEP_ESCAPE:
          // Escape, with as much Pwr up as can be kept.
          return a.kind() == v1::PLAY_CARD ? 1.0 + a.power() : 0.0;
        default:  // the cut: the pile order is hidden, so any depth will do
          return 0.0;
      }
    };
    double best = -std::numeric_limits<double>::infinity();
    std::vector<int> ties;
    for (int i = 0; i < prompt.options_size(); ++i) {
      const double s = score(prompt.options(i).incursions());
      if (s > best + 1e-9) {
        best = s;
        ties.clear();
      }
      if (s > best - 1e-9) ties.push_back(i);
    }
    const auto pick = rng.below(static_cast<std::uint32_t>(ties.size()));
    return prompt.options(ties[pick]).id();
  }
};

}  // namespace

std::unique_ptr<core::BotPolicy> make_bot_policy() {
  return std::make_unique<Policy>();
}

}  // namespace spacedock::incursions
