#include "engine/incursions/state.h"

#include <stdexcept>
#include <string>

#include "engine/core/hash.h"

namespace spacedock::incursions {

Pile& State::pile_for(Seat explorer) {
  return options.hexpile_mode == v1::HEXPILE_MODE_SHARED ? piles.front() : piles[explorer];
}

const Pile& State::pile_for(Seat explorer) const {
  return options.hexpile_mode == v1::HEXPILE_MODE_SHARED ? piles.front() : piles[explorer];
}

std::uint64_t State::hash() const {
  core::StateHasher h;
  rng.hash_into(h);
  h.add(players);
  for (int i = 0; i < players; ++i) {
    const Vessel& v = vessels[static_cast<std::size_t>(i)];
    for (std::uint64_t field :
         {std::uint64_t{v.ship}, std::uint64_t{v.tile}, std::uint64_t(std::uint16_t(v.hull)),
          std::uint64_t(std::uint16_t(v.shields)), std::uint64_t{v.power.up},
          std::uint64_t{v.power.spent}, std::uint64_t{v.power.cloak},
          std::uint64_t{v.power.tractor}, std::uint64_t{v.power.diverted}, std::uint64_t{v.aux},
          std::uint64_t{v.cloaked}, std::uint64_t{v.sweep}, std::uint64_t{v.eliminated},
          std::uint64_t{v.holding}, std::uint64_t{v.beam}}) {
      h.add(field);
    }
  }
  h.add(piles.size());
  for (const Pile& pile : piles) {
    h.add(pile.owner);
    h.add(pile.hexpoints);
    h.add(pile.hexes.size());
    for (const PileHex& hex : pile.hexes)
      h.add((std::uint64_t(std::uint16_t(hex.hex)) << 8) | hex.owner);
  }
  h.add(board.size());
  for (const Tile& tile : board.tiles()) {
    h.add((std::uint64_t(std::uint16_t(tile.coord.q)) << 32) |
          (std::uint64_t(std::uint16_t(tile.coord.r)) << 16) | std::uint16_t(tile.hex));
    h.add(tile.owner);
  }
  h.add(mines.size());
  for (const Mine& m : mines) {
    h.add((std::uint64_t{m.tile} << 40) | (std::uint64_t{m.owner} << 32) |
          (std::uint64_t{m.dice} << 24) | (std::uint64_t(std::uint8_t(m.flat)) << 16) |
          m.laid_turn);
  }
  for (std::uint64_t field : {std::uint64_t{active},
                              std::uint64_t{starting},
                              std::uint64_t{round},
                              std::uint64_t{turn},
                              std::uint64_t{maneuvers_used},
                              std::uint64_t{maneuvers_allowed},
                              std::uint64_t{cuts_done},
                              std::uint64_t(step),
                              std::uint64_t{decision.id},
                              std::uint64_t{decision.seat},
                              std::uint64_t{decisions_made},
                              std::uint64_t{over},
                              std::uint64_t{winners},
                              std::uint64_t(reason),
                              std::uint64_t{hit.attacker},
                              std::uint64_t{hit.target},
                              std::uint64_t(hit.weapon),
                              std::uint64_t{hit.automatic},
                              std::uint64_t(std::uint16_t(hit.damage)),
                              std::uint64_t{hit.evasion_open},
                              std::uint64_t{hit.evaded},
                              std::uint64_t{hit.shield_power},
                              std::uint64_t{hit.repair_chosen},
                              std::uint64_t{hit.repair_system},
                              std::uint64_t{hit.repair_power},
                              std::uint64_t{lock.holder},
                              std::uint64_t{lock.target},
                              std::uint64_t{lock.strength},
                              std::uint64_t{travel.mover},
                              std::uint64_t{travel.towed},
                              std::uint64_t{travel.length},
                              std::uint64_t{travel.next},
                              std::uint64_t{travel.power},
                              std::uint64_t{travel.from}}) {
    h.add(field);
  }
  for (TileIndex t : travel.path)
    h.add(t);
  if (time_called) h.add(std::uint64_t{0xa52});  // only then, so older hashes stand
  h.add(decision.options.size());
  for (core::OptionId o : decision.options)
    h.add(o);
  h.add(tasks.size());
  for (const Task& t : tasks) {
    h.add((std::uint64_t(t.kind) << 24) | (std::uint64_t{t.seat} << 16) |
          (std::uint64_t{t.tile} << 8) | t.owner);
  }
  // Officers: hashed only when a game has cards, so that BASIC games, which never do, keep
  // the hashes their stored snapshots were taken with.
  if (!cards.empty()) {
    h.add(cards.size());
    for (const Card& c : cards)
      h.add((std::uint64_t{c.def} << 24) | (std::uint64_t{c.owner} << 16) |
            (std::uint64_t{c.face_up} << 8) | std::uint64_t{c.assimilated});
    for (int i = 0; i < players; ++i) {
      for (CardId card : vessels[static_cast<std::size_t>(i)].officers)
        h.add(card);
      for (const auto* pile : {&zones[static_cast<std::size_t>(i)].discard,
                               &zones[static_cast<std::size_t>(i)].extra_captains}) {
        h.add(pile->size());
        for (CardId card : *pile)
          h.add(card);
      }
    }
    h.add(hit.officer);
  }
  // Hex events, likewise only in the modes that have them.
  if (events_on()) {
    for (int i = 0; i < players; ++i) {
      const Vessel& v = vessels[static_cast<std::size_t>(i)];
      h.add((std::uint64_t{v.stayed} << 32) | (std::uint64_t{v.layer} << 24) |
            (std::uint64_t{v.impulse} << 16) | (std::uint64_t{v.impulse_aged} << 8) | v.power.out);
    }
    h.add(denizens.size());
    for (const Denizen& d : denizens) {
      h.add((std::uint64_t{d.home} << 40) | (std::uint64_t{d.tile} << 32) |
            (std::uint64_t(std::uint16_t(d.life)) << 16) | (std::uint64_t{d.alive} << 8) |
            d.dominated_by);
      if (d.placed()) {
        h.add((std::uint64_t{d.card} << 32) | (std::uint64_t{d.owner} << 16) | d.placed_turn);
      }
    }
    h.add(uniques_fired.size());
    for (HexIndex hex : uniques_fired)
      h.add(std::uint16_t(hex));
    h.add((std::uint64_t{domination_off} << 24) | (std::uint64_t{remain_resolved} << 16) |
          (std::uint64_t{hit.denizen} << 8) | event_repair);
    for (const Task& t : tasks)
      h.add(t.index);
  }
  // Game cards, only in FULL.
  if (full()) {
    for (const Card& c : cards)
      h.add(c.gathered);
    for (int i = 0; i < players; ++i) {
      const Zones& z = zones[static_cast<std::size_t>(i)];
      for (const auto* pile : {&z.hand, &z.deck}) {
        h.add(pile->size());
        for (CardId card : *pile)
          h.add(card);
      }
      h.add(vessels[static_cast<std::size_t>(i)].power.claimed);
    }
    h.add(tabled.size());
    for (const Tabled& t : tabled) {
      h.add((std::uint64_t{t.card} << 32) | (std::uint64_t{t.controller} << 24) |
            (std::uint64_t{t.on} << 16) | t.since);
      h.add((std::uint64_t(std::uint16_t(t.life)) << 8) | t.locks);
    }
    for (const auto* list : {&attached, &committed}) {
      h.add(list->size());
      for (CardId card : *list)
        h.add(card);
    }
    h.add(responses.size());
    for (const Declaration& d : responses) {
      h.add((std::uint64_t{static_cast<std::uint8_t>(d.what)} << 16) |
            (std::uint64_t{d.seat} << 8) | d.asked);
      h.add(encode(d.action));
      for (CardId card : d.cards)
        h.add(card);
    }
    for (const Mine& m : mines)
      h.add(m.card);
    if (hit.blocked) h.add(std::uint64_t{0xb10c});  // only then, so older hashes stand
    h.add((std::uint64_t{maneuvers_declared} << 32) | (std::uint64_t{sabotaged} << 24) |
          (std::uint64_t{taking_from} << 16) | (std::uint64_t{hit.card_absorb} << 8) |
          hit.card_repair);
  }
  h.add(events.size());
  return h.value();
}

State make_position(const Content& content, std::initializer_list<std::string_view> ship_ids) {
  State s;
  s.content = &content;
  s.players = static_cast<std::uint8_t>(ship_ids.size());
  s.options.players = s.players;
  s.board.add(Tile{{0, 0}, kStartHex, kNoSeat});
  Seat seat = 0;
  for (std::string_view id : ship_ids) {
    auto ship = content.find_ship(id);
    if (!ship) throw std::invalid_argument("unknown ship " + std::string(id));
    Vessel& v = s.vessels[seat];
    v.ship = *ship;
    v.race = content.ship(*ship).race;
    v.hull = static_cast<std::int16_t>(content.ship(*ship).hull);
    v.shields = static_cast<std::int16_t>(content.ship(*ship).shields);
    v.stayed = true;  // as if each turn began where the vessel stands
    s.piles.push_back(Pile{seat, 0, {}});
    ++seat;
  }
  s.round = 1;
  s.turn = 1;
  return s;
}

CardId add_officer(State& state, Seat seat, std::string_view card_id, bool as_captain) {
  auto def = state.content->find_card(card_id);
  if (!def) throw std::invalid_argument("unknown card " + std::string(card_id));
  const int position = as_captain ? kCaptain : state.content->card(*def).position;
  if (state.officer(seat, position) != kNoCard)
    throw std::invalid_argument("position taken for " + std::string(card_id));
  const auto card = static_cast<CardId>(state.cards.size());
  state.cards.push_back(Card{*def, seat});
  Vessel& v = state.vessels[seat];
  v.officers[static_cast<std::size_t>(position)] = card;
  v.shields = static_cast<std::int16_t>(v.shields + state.content->card(*def).bonuses.shields);
  if (state.options.mode == v1::INCURSIONS_MODE_BASIC)
    state.options.mode = v1::INCURSIONS_MODE_CREW;
  return card;
}

CardId add_card(State& state, Seat seat, std::string_view card_id, bool to_deck) {
  auto def = state.content->find_card(card_id);
  if (!def) throw std::invalid_argument("unknown card " + std::string(card_id));
  const auto card = static_cast<CardId>(state.cards.size());
  state.cards.push_back(Card{*def, seat});
  Zones& zones = state.zones[seat];
  if (to_deck) {
    zones.deck.insert(zones.deck.begin(), card);
  } else {
    zones.hand.push_back(card);
  }
  state.options.mode = v1::INCURSIONS_MODE_FULL;
  return card;
}

TileIndex add_tile(State& state, Coord coord, std::string_view hex_id, Seat owner) {
  auto hex = state.content->find_hex(hex_id);
  if (!hex) throw std::invalid_argument("unknown hex " + std::string(hex_id));
  return state.board.add(Tile{coord, *hex, owner});
}

}  // namespace spacedock::incursions
