#include <algorithm>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

Task arrival(Seat seat, TileIndex tile) {
  return {Task::Kind::kArrive, seat, tile, kNoSeat};
}

}  // namespace

void Game::move(TileIndex destination) {
  // One maneuver along the route to the destination; Pwr buys the steps beyond the drive (§9.2).
  const Seat mover = s_.active;
  Routes routes;
  routes.compute(s_.board, s_.vessels[mover].tile, kMaxTravel, mine_costs(mover));
  Travel& t = s_.travel;
  t = Travel{};
  t.mover = mover;
  t.length = static_cast<std::uint8_t>(routes.steps[destination]);
  t.power = static_cast<std::uint8_t>(
      std::max(0, t.length - drive(s_, mover) - s_.vessels[mover].impulse -
                      card_sum(s_, s_.committed, &CardEffect::warp_hexes)));
  t.from = s_.vessels[mover].tile;
  std::array<TileIndex, kMaxTiles> path;
  routes.path_to(destination, path);
  std::copy_n(path.begin(), t.length, t.path.begin());
  pay(mover, t.power);
  s_.vessels[mover].impulse = 0;  // a Collective Impulse serves one warp
  const Seat towed = s_.vessels[mover].holding;
  if (towed != kNoSeat) t.towed = towed;
  s_.tasks.push_back({Task::Kind::kTravelStep, mover, 0, kNoSeat});
}

void Game::explore(int direction) {
  // Draw the top hex, place it beside the vessel and move in: one step, no Pwr (§9.3).
  const Seat explorer = s_.active;
  Pile& pile = s_.pile_for(explorer);
  const PileHex drawn = pile.hexes.back();
  pile.hexes.pop_back();
  const TileIndex tile =
      s_.board.add(Tile{neighbour(s_.position(explorer), direction), drawn.hex, drawn.owner});
  emit(ev::HexExplored{explorer, tile});
  Travel& t = s_.travel;
  t = Travel{};
  t.mover = explorer;
  t.towed = s_.vessels[explorer].holding;
  t.length = 1;
  t.from = s_.vessels[explorer].tile;
  t.path[0] = tile;
  s_.tasks.push_back({Task::Kind::kTravelStep, explorer, 0, kNoSeat});
}

void Game::travel() {
  Travel& t = s_.travel;
  const Seat mover = t.mover;
  if (!s_.in_game(mover)) return;  // destroyed on the way
  const bool towing = t.towed != kNoSeat && s_.in_game(t.towed);
  std::array<Task, 2 * kMaxPlayers> detonations;
  std::size_t count = 0;
  TileIndex at = s_.vessels[mover].tile;
  int steps = 0;
  while (t.next < t.length && count == 0) {
    at = t.path[t.next++];
    ++steps;
    place(mover, at);
    if (towing) place(t.towed, at);
    // Armed mines go off under every other vessel that enters their hex, even passing through
    // (A17), in seat order from the mover.
    for (Seat victim : {mover, t.towed}) {
      if (victim == kNoSeat || (victim == t.towed && !towing)) continue;
      for (int i = 1; i <= s_.players; ++i) {
        const auto owner = static_cast<Seat>((mover + i) % s_.players);
        for (const Mine& mine : s_.mines) {
          if (mine.tile == at && mine.owner == owner && owner != victim &&
              mine.laid_turn != s_.turn) {
            detonations[count++] = {Task::Kind::kDetonate, victim, at, owner};
          }
        }
      }
    }
  }
  emit(ev::VesselMoved{mover, t.from, at, static_cast<std::uint8_t>(steps), t.power, false});
  if (towing) emit(ev::VesselMoved{t.towed, t.from, at, static_cast<std::uint8_t>(steps), 0, true});
  t.from = at;
  t.power = 0;  // reported once, with the first leg
  if (t.next < t.length) {
    s_.tasks.push_back({Task::Kind::kTravelStep, mover, 0, kNoSeat});
  } else {
    // The destination is a stop for both (§9.4, A18); the mover resolves first.
    if (towing) s_.tasks.push_back(arrival(t.towed, at));
    s_.tasks.push_back(arrival(mover, at));
  }
  while (count > 0)
    s_.tasks.push_back(detonations[--count]);
}

void Game::detonate_under(Seat victim, TileIndex tile, Seat owner) {
  if (!s_.in_game(victim) || s_.vessels[victim].tile != tile) return;
  auto found = std::find_if(s_.mines.begin(), s_.mines.end(),
                            [&](const Mine& m) { return m.tile == tile && m.owner == owner; });
  if (found == s_.mines.end()) return;
  const Mine mine = *found;
  s_.mines.erase(found);  // single use (A16)
  emit(ev::MineDetonated{mine.tile, owner, mine.dice, mine.flat, victim});
  if (mine.card != kNoCard) to_discard(owner, mine.card, v1::CARD_DISCARD_REASON_USED);
  roll_hit(owner, victim, Weapon::kW3, mine.dice + hex_weapon_dice(s_, owner, Weapon::kW3),
           mine.flat + weapon_bonus(s_, owner), true);
}

void Game::arrive(Seat seat, TileIndex tile) {
  if (!s_.in_game(seat) || s_.vessels[seat].tile != tile) return;
  objects_strike(seat, tile);
  const HexIndex hex = s_.board.tile(tile).hex;
  if (hex == kStartHex) return;
  // Wormholes are checked in every mode (§16.1); one with a denizen (Wormhole (III)) needs it
  // dead first, and its death is what lets vessels roll (§17.3).
  const HexEventDef* event = event_at(s_, tile);
  const bool guarded = event != nullptr && event->denizen.has_value();
  if (s_.content->hex(hex).wormhole && !guarded) wormhole_roll(seat, tile);
  if (!s_.over) trigger(seat, tile, /*arrival=*/true);
}

void Game::tractor(Seat target, int strength) {
  Vessel& holder = s_.vessels[s_.active];
  holder.power.up = static_cast<std::uint8_t>(holder.power.up - strength);
  holder.power.tractor = static_cast<std::uint8_t>(strength);
  s_.lock = {s_.active, target, static_cast<std::uint8_t>(strength)};
  open(Step::kTractorLock, target);
}

void Game::answer_lock(const Action& action) {
  const PendingLock lock = s_.lock;
  switch (action.kind) {
    case ActionKind::kUseAux:
      use_aux(lock.target);
      open(Step::kTractorLock, lock.target);
      return;
    case ActionKind::kDivertShields:
      divert_shields(lock.target);
      open(Step::kTractorLock, lock.target);
      return;
    default:
      break;
  }
  s_.lock = PendingLock{};
  const bool locked = action.kind != ActionKind::kEvade || !evade(lock.target, action.power);
  expire_diverted(lock.target);
  Vessel& holder = s_.vessels[lock.holder];
  if (!s_.in_game(lock.holder)) return;
  if (!locked || holder.tile != s_.vessels[lock.target].tile) {
    // An evaded lock still costs its Pwr (§12.2).
    holder.power.spent = static_cast<std::uint8_t>(holder.power.spent + holder.power.tractor);
    holder.power.tractor = 0;
    emit(ev::TractorChanged{lock.holder, lock.target, false, lock.strength,
                            v1::TRACTOR_REASON_EVADED});
    return;
  }
  holder.holding = lock.target;
  holder.beam = lock.strength;
  emit(
      ev::TractorChanged{lock.holder, lock.target, true, lock.strength, v1::TRACTOR_REASON_LOCKED});
}

void Game::break_tractor(Seat holder) {
  // Breaking away costs exactly the beam's strength, with no roll (§12.2).
  pay(s_.active, s_.vessels[holder].beam);
  release_beam(holder, v1::TRACTOR_REASON_BROKEN_AWAY);
}

void Game::release_beam(Seat holder, v1::TractorReason reason) {
  Vessel& v = s_.vessels[holder];
  emit(ev::TractorChanged{holder, v.holding, false, v.beam, reason});
  v.power.spent = static_cast<std::uint8_t>(v.power.spent + v.power.tractor);
  v.power.tractor = 0;
  v.holding = kNoSeat;
  v.beam = 0;
}

void Game::check_beams() {
  for (Seat holder = 0; holder < s_.players; ++holder) {
    const Seat target = s_.vessels[holder].holding;
    if (target == kNoSeat) continue;
    if (!s_.in_game(holder) || !s_.in_game(target) ||
        s_.vessels[holder].tile != s_.vessels[target].tile) {
      release_beam(holder, v1::TRACTOR_REASON_SEPARATED);
    }
  }
}

}  // namespace spacedock::incursions
