// The bot's turn (orders.h): its card play, then a plan made afresh at every decision from the
// snapshot, so that each step (beam aboard, move, attempt) leads to the same goal as the last.
#include "engine/stccg/bot/orders.h"

#include <algorithm>
#include <optional>
#include <string_view>

namespace spacedock::stccg::bot {
namespace {

using Group = std::vector<const Member*>;

constexpr double kTypicalPoints = 35;

double points(const Site& site) {
  return site.end->points.value_or(0);
}

int personnel_count(const Group& group) {
  int n = 0;
  for (const Member* m : group)
    n += m->personnel() ? 1 : 0;
  return n;
}

// How much adding a personnel or equipment card brings the bot's missions.
double mission_gain(const Board& b, const CardDef& def) {
  Group all = b.everyone();
  const Member added{0, &def, false};
  Group with = all;
  with.push_back(&added);
  double gain = 0;
  for (const Site& site : b.sites) {
    if (!worth_attempting(b, site)) continue;
    const double weight = points(site) / kTypicalPoints;
    gain += 30 * weight * (progress(site, with) - progress(site, all));
    if (completes(site, with) && !completes(site, all)) gain += 40 * weight;
  }
  return gain;
}

// A ship that can still go somewhere: at the outpost, or with a crew that staffs it.
bool usable(const Board& b, int at, const Vessel& ship) {
  if (at == b.home()) return true;
  Group crew;
  for (const Member& m : ship.aboard) {
    if (!m.stopped) crew.push_back(&m);
  }
  return staffs(*ship.def, crew);
}

// A first usable ship matters as much as any personnel: planet missions and missions away from
// the outpost need one.
double ship_worth(const Board& b) {
  for (std::size_t a = 0; a < b.sites.size(); ++a) {
    for (const Vessel& v : b.sites[a].vessels) {
      if (v.ship && usable(b, static_cast<int>(a), v)) return 3;
    }
  }
  const Group all = b.everyone();
  const int home = b.home();
  for (std::size_t t = 0; t < b.sites.size(); ++t) {
    const Site& site = b.sites[t];
    if (static_cast<int>(t) != home && worth_attempting(b, site) && completes(site, all))
      return 100;
  }
  return personnel_count(all) >= 2 ? 45 : 20;
}

// Events by what they do for the bot; `theirs` when played on the opponent's card.
double event_worth(const Board& b, const CardDef& def, bool on_card, bool theirs) {
  const std::string_view native = def.card.native();
  if (native == "red_alert") return b.hand.size() >= 3 ? 45 : 5;
  if (native == "plasma_fire" || native == "warp_core_breach") return on_card && theirs ? 8 : -1;
  if (native == "static_warp_bubble") return 6;
  if (native == "spacedock") return 1;
  if (!native.empty()) return -1;  // cards whose use the bot does not plan
  for (const auto& m : def.card.event().modifiers()) {
    if (m.scope() == v1::STCCG_SCOPE_ALL_YOURS) return 3;
  }
  return -1;
}

class Planner {
 public:
  Planner(const Board& b, const v1::DecisionPrompt& prompt, std::vector<int>& blocked)
      : b_(b), prompt_(prompt), blocked_(blocked) {}

  int plan() const {
    if (auto i = tent()) return *i;
    if (auto i = card_play()) return *i;
    if (auto i = complete_here()) return *i;
    if (auto i = fly_to_complete()) return *i;
    if (auto i = fetch()) return *i;
    if (auto i = go_home()) return *i;
    if (auto i = find(v1::STCCG_ACTION_END_TURN, [](const auto&) { return true; })) return *i;
    return 0;
  }

 private:
  template <typename Pred>
  std::optional<int> find(v1::StccgActionKind kind, Pred pred) const {
    for (int i = 0; i < prompt_.options_size(); ++i) {
      const v1::StccgAction& a = prompt_.options(i).stccg();
      if (a.kind() == kind && pred(a)) return i;
    }
    return std::nullopt;
  }

  // Q's Tent from the hand brings a card before the card play, which may then report it.
  std::optional<int> tent() const {
    return find(v1::STCCG_ACTION_PLAY_DOORWAY, [&](const v1::StccgAction& a) {
      const Place* p = b_.place(a.card());
      return p && p->def->card.native() == "q_tent";
    });
  }

  std::optional<int> card_play() const {
    std::optional<int> best;
    double best_value = 0;
    for (int i = 0; i < prompt_.options_size(); ++i) {
      const v1::StccgAction& a = prompt_.options(i).stccg();
      const Place* p = b_.place(a.card());
      if (!p) continue;
      double value = 0;
      switch (a.kind()) {
        case v1::STCCG_ACTION_REPORT:
          value = card_worth(b_, *p->def);
          break;
        case v1::STCCG_ACTION_PLAY_EVENT:
          value = event_worth(b_, *p->def, a.target() != 0, b_.place(a.target()) == nullptr);
          break;
        default:
          continue;
      }
      if (value > best_value) {
        best_value = value;
        best = i;
      }
    }
    return best;
  }

  // A mission whose requirements the bot's group at its location meets: gather the group into
  // one ship or facility (space) or onto the planet, then attempt.
  std::optional<int> complete_here() const {
    std::vector<int> sites;
    for (std::size_t i = 0; i < b_.sites.size(); ++i) {
      const Site& site = b_.sites[i];
      const bool open = std::find(blocked_.begin(), blocked_.end(), i) == blocked_.end();
      if (open && worth_attempting(b_, site) && completes(site, b_.ready_at(static_cast<int>(i))))
        sites.push_back(static_cast<int>(i));
    }
    std::stable_sort(sites.begin(), sites.end(), [&](int x, int y) {
      return points(b_.sites[static_cast<std::size_t>(x)]) >
             points(b_.sites[static_cast<std::size_t>(y)]);
    });
    for (int at : sites) {
      const Site& site = b_.sites[static_cast<std::size_t>(at)];
      const auto option = site.space() ? attempt_in_space(at) : attempt_on_planet(at);
      if (option) return option;
    }
    return std::nullopt;
  }

  std::optional<int> attempt_on_planet(int at) const {
    if (auto i = find(v1::STCCG_ACTION_TRANSFER, [&](const v1::StccgAction& a) {
          const Place* p = b_.place(a.card());
          return a.target() == 0 && a.location() == static_cast<std::uint32_t>(at) && p &&
                 p->kind == Place::Kind::kAboard && p->site == at;
        }))
      return i;
    if (auto i = find(v1::STCCG_ACTION_ATTEMPT, [&](const v1::StccgAction& a) {
          return a.location() == static_cast<std::uint32_t>(at);
        }))
      return i;
    return block(at);
  }

  std::optional<int> attempt_in_space(int at) const {
    const Site& site = b_.sites[static_cast<std::size_t>(at)];
    if (site.planet()) {
      // A dual mission: a ship's crew with an Away Team.
      if (auto i = find(v1::STCCG_ACTION_ATTEMPT, [&](const v1::StccgAction& a) {
            return a.location() == static_cast<std::uint32_t>(at);
          }))
        return i;
      if (!site.surface.empty()) return std::nullopt;
      return find(v1::STCCG_ACTION_TRANSFER, [&](const v1::StccgAction& a) {
        return a.target() == 0 && a.location() == static_cast<std::uint32_t>(at);
      });
    }
    // Everyone at the location gathers into one ship or facility: the one with most of them
    // aboard already, among those with which the whole group would complete the mission.
    const Group everyone = b_.ready_at(at);
    int host = -1;
    std::size_t most = 0;
    for (std::size_t v = 0; v < site.vessels.size(); ++v) {
      const Vessel& vessel = site.vessels[v];
      if (vessel.stopped || vessel.cloaked || !completes(site, everyone, &vessel)) continue;
      std::size_t ready = 0;
      for (const Member& m : vessel.aboard)
        ready += m.stopped ? 0 : 1;
      if (host < 0 || ready > most) {
        host = static_cast<int>(v);
        most = ready;
      }
    }
    if (host < 0) return std::nullopt;
    const Vessel& vessel = site.vessels[static_cast<std::size_t>(host)];
    if (auto i = gather(at, host)) return i;
    Group crew;
    for (const Member& m : vessel.aboard) {
      if (!m.stopped) crew.push_back(&m);
    }
    if (!completes(site, crew, &vessel)) return std::nullopt;
    if (auto i = find(v1::STCCG_ACTION_ATTEMPT, [&](const v1::StccgAction& a) {
          return a.card() == vessel.handle && a.location() == static_cast<std::uint32_t>(at);
        }))
      return i;
    return block(at);
  }

  // Beams one more of the bot's cards at location `at` aboard its vessel `host`.
  std::optional<int> gather(int at, int host) const {
    const std::uint32_t handle =
        b_.sites[static_cast<std::size_t>(at)].vessels[static_cast<std::size_t>(host)].handle;
    return find(v1::STCCG_ACTION_TRANSFER, [&](const v1::StccgAction& a) {
      const Place* p = b_.place(a.card());
      return a.target() == handle && p && p->site == at &&
             (p->kind == Place::Kind::kSurface ||
              (p->kind == Place::Kind::kAboard && p->vessel != host));
    });
  }

  // Moves ship `ship` at `from` to `to`, or as far toward it as its RANGE allows.
  std::optional<int> move_toward(std::uint32_t ship, int from, int to) const {
    std::optional<int> best;
    int best_left = b_.distance(from, to);
    for (int i = 0; i < prompt_.options_size(); ++i) {
      const v1::StccgAction& a = prompt_.options(i).stccg();
      if (a.kind() != v1::STCCG_ACTION_MOVE || a.card() != ship) continue;
      const int at = static_cast<int>(a.location());
      const bool on_the_way = (at - from) * (to - from) > 0;
      const int left = b_.distance(at, to);
      if (on_the_way && left < best_left) {
        best_left = left;
        best = i;
      }
    }
    return best;
  }

  // A mission the group at a ship's location meets elsewhere: everyone aboard, and go.
  std::optional<int> fly_to_complete() const {
    struct Trip {
      int from, host, to;
      double score;
    };
    std::vector<Trip> trips;
    for (std::size_t a = 0; a < b_.sites.size(); ++a) {
      const int from = static_cast<int>(a);
      const Group pool = b_.ready_at(from);
      if (personnel_count(pool) == 0) continue;
      const Site& here = b_.sites[a];
      for (std::size_t v = 0; v < here.vessels.size(); ++v) {
        const Vessel& ship = here.vessels[v];
        if (!ship.ship || ship.stopped || ship.cloaked || !staffs(*ship.def, pool)) continue;
        for (std::size_t t = 0; t < b_.sites.size(); ++t) {
          const Site& site = b_.sites[t];
          if (t == a || !worth_attempting(b_, site) || !completes(site, pool)) continue;
          const int to = static_cast<int>(t);
          trips.push_back({from, static_cast<int>(v), to,
                           points(site) * 100 - b_.distance(from, to) + ship.range_left});
        }
      }
    }
    std::stable_sort(trips.begin(), trips.end(),
                     [](const Trip& x, const Trip& y) { return x.score > y.score; });
    for (const Trip& trip : trips) {
      if (auto i = gather(trip.from, trip.host)) return i;
      const auto& ship = b_.sites[static_cast<std::size_t>(trip.from)]
                             .vessels[static_cast<std::size_t>(trip.host)];
      if (auto i = move_toward(ship.handle, trip.from, trip.to)) return i;
    }
    return std::nullopt;
  }

  // A ship whose crew, with the bot's personnel somewhere else, would meet a mission: go there.
  std::optional<int> fetch() const {
    std::optional<int> best;
    double best_score = 0;
    for (std::size_t a = 0; a < b_.sites.size(); ++a) {
      for (const Vessel& ship : b_.sites[a].vessels) {
        if (!ship.ship || ship.stopped || ship.cloaked) continue;
        Group crew;
        for (const Member& m : ship.aboard) {
          if (!m.stopped) crew.push_back(&m);
        }
        if (personnel_count(crew) == 0) continue;
        for (std::size_t p = 0; p < b_.sites.size(); ++p) {
          if (p == a) continue;
          Group pool = b_.ready_at(static_cast<int>(p));
          if (personnel_count(pool) == 0) continue;
          pool.insert(pool.end(), crew.begin(), crew.end());
          for (std::size_t t = 0; t < b_.sites.size(); ++t) {
            const Site& site = b_.sites[t];
            if (!worth_attempting(b_, site) || !completes(site, pool)) continue;
            const double score = points(site) * 100 -
                                 b_.distance(static_cast<int>(a), static_cast<int>(p)) -
                                 b_.distance(static_cast<int>(p), static_cast<int>(t));
            if (score <= best_score) continue;
            if (auto i = move_toward(ship.handle, static_cast<int>(a), static_cast<int>(p))) {
              best = i;
              best_score = score;
            }
          }
        }
      }
    }
    return best;
  }

  // A crewed ship away from the outpost with nothing to do: back to where reports arrive.
  std::optional<int> go_home() const {
    const int home = b_.home();
    if (home < 0) return std::nullopt;
    for (std::size_t a = 0; a < b_.sites.size(); ++a) {
      if (static_cast<int>(a) == home) continue;
      for (const Vessel& ship : b_.sites[a].vessels) {
        if (!ship.ship || ship.stopped || ship.aboard.empty()) continue;
        if (auto i = move_toward(ship.handle, static_cast<int>(a), home)) return i;
      }
    }
    return std::nullopt;
  }

  // Marks a location where the bot's group stands ready but may not attempt: a card blocks the
  // mission for now. Its plans leave it alone for the rest of the turn.
  std::nullopt_t block(int at) const {
    blocked_.push_back(at);
    return std::nullopt;
  }

  const Board& b_;
  const v1::DecisionPrompt& prompt_;
  std::vector<int>& blocked_;
};

}  // namespace

double card_worth(const Board& b, const CardDef& def) {
  switch (def.type()) {
    case v1::STCCG_CARD_TYPE_PERSONNEL:
      return 5 + personnel_worth(def) / 5 + mission_gain(b, def);
    case v1::STCCG_CARD_TYPE_EQUIPMENT:
      return 2 + mission_gain(b, def);
    case v1::STCCG_CARD_TYPE_SHIP:
      return ship_worth(b);
    case v1::STCCG_CARD_TYPE_EVENT:
      return event_worth(b, def, false, false);
    default:
      return 0;
  }
}

int plan_orders(const Board& b, const v1::DecisionPrompt& prompt, std::vector<int>& blocked) {
  return Planner(b, prompt, blocked).plan();
}

}  // namespace spacedock::stccg::bot
