#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

#include "engine/incursions/events/conditions.h"
#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {
namespace {

constexpr int kTieRollLimit = 1000;  // loop guard for roll-offs; a tie this long is a draw

std::uint8_t bit(Seat seat) {
  return static_cast<std::uint8_t>(1u << seat);
}

}  // namespace

void Game::deal(const Setup& setup) {
  s_.players = static_cast<std::uint8_t>(setup.seats.size());
  s_.board.add(Tile{{0, 0}, kStartHex, kNoSeat});

  // Ships: fixed ones, else drawn from the pool without replacement in seat order (R01).
  std::vector<ShipIndex> pool = setup.ship_pool;
  for (Seat seat = 0; seat < s_.players; ++seat) {
    ShipIndex ship;
    if (setup.seats[seat].ship) {
      ship = *setup.seats[seat].ship;
    } else {
      const auto pick = s_.rng.below(static_cast<std::uint32_t>(pool.size()));
      ship = pool[pick];
      pool.erase(pool.begin() + pick);
    }
    const ShipDef& def = s_.content->ship(ship);
    Vessel& v = s_.vessels[seat];
    v.ship = ship;
    v.race = def.race;
    v.hull = static_cast<std::int16_t>(def.hull);
    v.shields = static_cast<std::int16_t>(def.shields);
    emit(ev::ShipAssigned{seat, ship});
  }

  // Officers are tabled at set-up outside BASIC (§3.2), the captain first.
  for (Seat seat = 0; seat < s_.players; ++seat) {
    const SeatSetup& chosen = setup.seats[seat];
    auto table = [&](CardIndex def, int position) {
      const auto card = static_cast<CardId>(s_.cards.size());
      s_.cards.push_back(Card{def, seat});
      seat_officer(seat, card, position);
      emit(ev::OfficerTabled{seat, card, static_cast<std::int8_t>(position)});
    };
    std::optional<CardIndex> captain = chosen.captain;
    if (chosen.captain_of_ship_race) captain = s_.content->captain_of(s_.race(seat));
    if (captain) table(*captain, kCaptain);
    for (CardIndex crew : chosen.crew)
      table(crew, s_.content->card(crew).position);
  }

  // Hexpiles: one per player, or one shared pile; each shuffled (R04), then cut (R05).
  if (s_.options.hexpile_mode == v1::HEXPILE_MODE_SHARED) s_.piles.push_back(Pile{});
  for (Seat seat = 0; seat < s_.players; ++seat) {
    if (s_.options.hexpile_mode != v1::HEXPILE_MODE_SHARED) s_.piles.push_back(Pile{seat, 0, {}});
    Pile& pile = s_.piles.back();
    pile.hexpoints = static_cast<std::uint16_t>(pile.hexpoints + setup.seats[seat].hexpoints);
    for (HexIndex hex : setup.seats[seat].hexes)
      pile.hexes.push_back({hex, seat});
  }
  for (Pile& pile : s_.piles) {
    s_.rng.shuffle(std::span(pile.hexes));
    emit(ev::HexpileShuffled{pile.owner, static_cast<std::uint8_t>(pile.hexes.size())});
  }

  // FULL: each deck is shuffled (R02) and later cut by the next seat (§3.3).
  for (Seat seat = 0; seat < s_.players && s_.full(); ++seat) {
    for (CardIndex def : setup.seats[seat].deck) {
      s_.zones[seat].deck.push_back(static_cast<CardId>(s_.cards.size()));
      s_.cards.push_back(Card{def, seat});
    }
    shuffle_deck(seat);
  }
  offer_next_cut();
}

std::size_t Game::cut_size() const {
  const std::size_t piles = s_.piles.size();
  return s_.cuts_done < piles ? s_.piles[s_.cuts_done].hexes.size()
                              : s_.zones[s_.cuts_done - piles].deck.size();
}

void Game::offer_next_cut() {
  const std::size_t cuts = s_.piles.size() + (s_.full() ? s_.players : 0);
  if (s_.cuts_done == cuts) {
    // The opening hands (§3.4), then initiative.
    for (Seat seat = 0; seat < s_.players && s_.full(); ++seat)
      draw(seat, kOpeningHand);
    roll_initiative();
    return;
  }
  // The next seat cuts a player's pile or deck; the last seat cuts the shared pile.
  const bool deck = s_.cuts_done >= s_.piles.size();
  const Seat owner =
      deck ? static_cast<Seat>(s_.cuts_done - s_.piles.size()) : s_.piles[s_.cuts_done].owner;
  Seat cutter = owner == kNoSeat ? static_cast<Seat>(s_.players - 1)
                                 : static_cast<Seat>((owner + 1) % s_.players);
  while (!s_.in_game(cutter))
    cutter = static_cast<Seat>((cutter + 1) % s_.players);
  open(Step::kCut, cutter);
}

void Game::cut(int depth) {
  // The top `depth` hexes or cards go to the bottom.
  if (s_.cuts_done < s_.piles.size()) {
    Pile& pile = s_.piles[s_.cuts_done];
    auto& hexes = pile.hexes;
    std::rotate(hexes.begin(), hexes.end() - depth, hexes.end());
    emit(ev::HexpileCut{pile.owner, s_.decision.seat, static_cast<std::uint8_t>(depth)});
  } else {
    const auto owner = static_cast<Seat>(s_.cuts_done - s_.piles.size());
    auto& deck = s_.zones[owner].deck;
    std::rotate(deck.begin(), deck.end() - depth, deck.end());
    emit(ev::DeckCut{owner, s_.decision.seat, static_cast<std::uint8_t>(depth)});
  }
  ++s_.cuts_done;
  offer_next_cut();
}

void Game::roll_initiative() {
  // Everyone rolls 2D6; tied leaders roll again, as often as needed (§3.5, A54).
  std::uint8_t contenders = 0;
  for (Seat seat = 0; seat < s_.players; ++seat) {
    if (s_.in_game(seat)) contenders |= bit(seat);
  }
  for (int attempt = 0; std::popcount(contenders) > 1 && attempt < kTieRollLimit; ++attempt) {
    int best = 0;
    std::uint8_t leaders = 0;
    for (Seat seat = 0; seat < s_.players; ++seat) {
      if (!(contenders & bit(seat))) continue;
      const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_INITIATIVE);
      if (a + b > best) {
        best = a + b;
        leaders = 0;
      }
      if (a + b == best) leaders |= bit(seat);
    }
    contenders = leaders;
  }
  s_.starting = static_cast<Seat>(std::countr_zero(contenders));
  emit(ev::StartingPlayer{s_.starting});
  s_.round = 1;
  begin_turn(s_.starting);
}

void Game::begin_turn(Seat seat) {
  s_.active = seat;
  ++s_.turn;
  s_.maneuvers_used = 0;
  s_.maneuvers_allowed = kBaseManeuvers;
  s_.remain_resolved = false;
  if (!s_.in_game(seat)) {
    // An eliminated player's slot, for its denizen (§4.6): 2 maneuvers, no power-up.
    s_.remain_resolved = true;
    emit(ev::TurnStarted{seat, s_.round, s_.turn, 0});
    return;
  }
  Vessel& vessel = s_.vessels[seat];
  vessel.stayed = true;
  if (s_.full()) {
    if (!s_.options.rules.round_cards_until_round_end) expire_for_round(seat);
    s_.tasks.push_back({Task::Kind::kDraw, seat, 0, kNoSeat});  // after the power-up (§4.2)
  }
  if (vessel.impulse > 0 && std::exchange(vessel.impulse_aged, true)) vessel.impulse = 0;
  // A hex that grants maneuvers to a vessel starting its turn there (Federation Sector).
  s_.maneuvers_allowed = static_cast<std::uint8_t>(
      std::min(kMaxManeuvers, kBaseManeuvers + standing(s_, seat).extra_maneuvers));

  // Power-up (§4.1): every card face up, sweep and diverted Pwr expire.
  Vessel& v = s_.vessels[seat];
  const auto restored = static_cast<std::uint8_t>(v.power.spent + v.power.cloak + v.power.tractor);
  v.power.up = static_cast<std::uint8_t>(v.power.up + restored);
  v.power.spent = v.power.cloak = v.power.tractor = v.power.diverted = 0;
  v.sweep = false;
  emit(ev::TurnStarted{seat, s_.round, s_.turn, restored});

  // Re-allocation: the cloak and a held beam stay only if their Pwr goes back to them.
  if (v.cloaked) {
    open(Step::kKeepCloak, seat);
  } else {
    upkeep_tractor();
  }
}

void Game::keep_cloak(bool keep) {
  Vessel& v = s_.vessels[s_.active];
  if (keep) {
    const auto cost = static_cast<std::uint8_t>(cloak_cost(s_, s_.active));
    v.power.up = static_cast<std::uint8_t>(v.power.up - cost);
    v.power.cloak = cost;
  } else {
    v.cloaked = false;
  }
  emit(ev::CloakChanged{s_.active, keep, keep ? v1::CLOAK_REASON_KEPT : v1::CLOAK_REASON_RELEASED});
  upkeep_tractor();
}

void Game::upkeep_tractor() {
  if (s_.vessels[s_.active].holding != kNoSeat) open(Step::kKeepTractor, s_.active);
}

void Game::keep_tractor(bool keep) {
  Vessel& v = s_.vessels[s_.active];
  if (!keep) {
    release_beam(s_.active, v1::TRACTOR_REASON_RELEASED);
    return;
  }
  v.power.up = static_cast<std::uint8_t>(v.power.up - v.beam);
  v.power.tractor = v.beam;
  emit(ev::TractorChanged{s_.active, v.holding, true, v.beam, v1::TRACTOR_REASON_KEPT});
}

void Game::end_turn() {
  // The hand limit is checked at the end of the player's own turn only (§4.5, A29).
  if (s_.full() && s_.in_game(s_.active) && s_.zones[s_.active].hand.size() > kHandLimit) {
    open(Step::kDiscard, s_.active);
    return;
  }
  // Turn order follows the seats from the starting player; a round ends each time play passes
  // the starting seat again (§3.5), even if that player is out.
  Seat next = s_.active;
  do {
    next = static_cast<Seat>((next + 1) % s_.players);
    if (next != s_.starting) continue;
    ++s_.round;
    if (s_.options.rules.round_cards_until_round_end) {  // the A11 variant
      for (Seat seat = 0; seat < s_.players; ++seat)
        expire_for_round(seat);
    }
  } while (!takes_turns(next));
  if (s_.round > s_.options.turn_cap) {
    score_at_limit(v1::RESULT_REASON_TURN_CAP);
    return;
  }
  begin_turn(next);
}

void Game::score_at_limit(v1::ResultReason reason) {
  // Tournament scoring (§16.3, A46): nearest revealed wormhole, then most hull + shields, then
  // a doubles roll-off in turn order.
  std::vector<TileIndex> wormholes;
  for (std::size_t i = 0; i < s_.board.size(); ++i) {
    HexIndex hex = s_.board.tile(static_cast<TileIndex>(i)).hex;
    if (hex != kStartHex && s_.content->hex(hex).wormhole)
      wormholes.push_back(static_cast<TileIndex>(i));
  }
  auto rank = [&](Seat seat) {
    int distance = 0;
    if (!wormholes.empty()) {
      distance = kMaxTiles;
      for (TileIndex w : wormholes) {
        distance = std::min(distance, hex_distance(s_.position(seat), s_.board.tile(w).coord));
      }
    }
    const Vessel& v = s_.vessels[seat];
    return std::pair(distance, -(v.hull + v.shields));
  };
  std::uint8_t leaders = 0;
  std::pair<int, int> best{kMaxTiles + 1, 0};
  for (Seat seat = 0; seat < s_.players; ++seat) {
    if (!s_.in_game(seat)) continue;
    auto r = rank(seat);
    if (r < best) {
      best = r;
      leaders = 0;
    }
    if (r == best) leaders |= bit(seat);
  }
  if (std::popcount(leaders) > 1) {
    // The tied vessels meet at a wormhole for the roll-off, drawn if none is revealed.
    const TileIndex meeting = wormholes.empty() ? draw_wormhole() : wormholes.front();
    for (Seat seat = 0; seat < s_.players; ++seat) {
      if (!(leaders & bit(seat)) || s_.vessels[seat].tile == meeting) continue;
      s_.vessels[seat].tile = meeting;
      emit(ev::Teleported{seat, meeting});
    }
  }
  for (int attempt = 0; std::popcount(leaders) > 1 && attempt < kTieRollLimit; ++attempt) {
    for (int i = 0; i < s_.players; ++i) {
      const auto seat = static_cast<Seat>((s_.starting + i) % s_.players);
      if (!(leaders & bit(seat))) continue;
      const auto [a, b] = roll_2d6(seat, v1::DICE_ROLL_PURPOSE_ROLL_OFF);
      if (a == b) {
        leaders = bit(seat);
        break;
      }
    }
  }
  finish(leaders, reason);
}

TileIndex Game::draw_wormhole() {
  // The first wormhole in hexpile order (R15), placed at the first free neighbour of the start
  // tile, or of the earliest tile with one. Every contribution holds a wormhole, so one is
  // either on the board or in a pile.
  for (Pile& pile : s_.piles) {
    for (auto it = pile.hexes.rbegin(); it != pile.hexes.rend(); ++it) {
      if (!s_.content->hex(it->hex).wormhole) continue;
      const PileHex drawn = *it;
      pile.hexes.erase(std::next(it).base());
      for (std::size_t t = 0; t < s_.board.size(); ++t) {
        for (int d = 0; d < kDirections; ++d) {
          const Coord c = neighbour(s_.board.tile(static_cast<TileIndex>(t)).coord, d);
          if (s_.board.find(c) != kNoTile) continue;
          const TileIndex tile = s_.board.add(Tile{c, drawn.hex, drawn.owner});
          emit(ev::WormholeDrawn{tile});
          return tile;
        }
      }
    }
  }
  throw std::logic_error("incursions: no wormhole left for the roll-off");
}

bool Game::check_victory(v1::ResultReason reason) {
  std::uint8_t alive = 0;
  for (Seat seat = 0; seat < s_.players; ++seat) {
    if (s_.in_game(seat)) alive |= bit(seat);
  }
  if (std::popcount(alive) > 1) return false;
  finish(alive, reason);
  return true;
}

}  // namespace spacedock::incursions
