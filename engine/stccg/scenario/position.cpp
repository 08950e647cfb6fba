#include "engine/stccg/scenario/position.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include "engine/core/siphash.h"

namespace spacedock::stccg {
namespace {

void check_seat(Seat seat) {
  if (seat >= kPlayers) throw std::invalid_argument("no player " + std::to_string(seat));
}

std::string quoted(std::string_view title) {
  return "\"" + std::string(title) + "\"";
}

bool is_carried(v1::StccgCardType type) {
  return type == v1::STCCG_CARD_TYPE_PERSONNEL || type == v1::STCCG_CARD_TYPE_EQUIPMENT ||
         type == v1::STCCG_CARD_TYPE_ARTIFACT;  // an earned artifact used as equipment
}

}  // namespace

Position::Position(const CardDb& db) {
  s_.db = &db;
}

void Position::set_active(Seat seat) {
  check_seat(seat);
  s_.active = seat;
}

void Position::set_turn(std::uint16_t turn) {
  if (turn == 0) throw std::invalid_argument("turns are numbered from 1");
  turn_ = turn;
}

void Position::set_first_seeder(Seat seat) {
  check_seat(seat);
  s_.first_seeder = seat;
}

void Position::set_start(Start start, SeedFrame::Step step) {
  start_ = start;
  seed_step_ = step;
}

void Position::set_score(Seat seat, int score) {
  check_seat(seat);
  s_.players[seat].score = score;
}

CardId Position::add(Seat owner, std::string_view title) {
  check_seat(owner);
  const auto def = s_.db->find_title(title);
  if (!def) throw std::invalid_argument("no card titled " + quoted(title));
  if (s_.cards.size() >= kNoCard) throw std::invalid_argument("too many cards");
  CardState card;
  card.def = *def;
  card.owner = owner;
  card.controller = owner;
  s_.cards.push_back(card);
  return static_cast<CardId>(s_.cards.size() - 1);
}

LocIndex Position::add_mission(Seat seeder, std::string_view title) {
  if (s_.spaceline.size() + 1 >= kNoLoc) throw std::invalid_argument("too many missions");
  const CardId c = add(seeder, title);
  if (type(c) != v1::STCCG_CARD_TYPE_MISSION)
    throw std::invalid_argument(quoted(title) + " is not a mission");
  const auto loc = static_cast<LocIndex>(s_.spaceline.size());
  s_.cards[c].zone = Zone::kMission;
  s_.cards[c].loc = loc;
  Location location;
  s_.set_mission(location, c);
  location.seeder = seeder;
  s_.spaceline.push_back(location);
  return loc;
}

void Position::set_completed(LocIndex loc, Seat by) {
  check_loc(loc);
  check_seat(by);
  s_.spaceline[loc].completed_by = by;
}

CardId Position::add_to_pile(Seat owner, Zone zone, std::string_view title,
                             std::optional<SideDeckKind> side_kind) {
  const CardId c = add(owner, title);
  s_.cards[c].zone = zone;
  SideDeck& side = s_.players[owner].side_deck(side_kind.value_or(side_deck_of(s_.def(c))));
  if (auto* pile = s_.players[owner].pile(zone)) {
    pile->push_back(c);
  } else if (zone == Zone::kSideDeck) {
    side.cards.push_back(c);
  } else if (zone == Zone::kSideUsed) {
    side.used.push_back(c);
  } else if (zone != Zone::kOutOfPlay && zone != Zone::kBonus) {
    throw std::invalid_argument("not a pile");
  }
  return c;
}

CardId Position::add_door(Seat owner, std::string_view title) {
  const CardId c = add(owner, title);
  const CardDef& def = s_.def(c);
  const auto opens = def.type() == v1::STCCG_CARD_TYPE_DOORWAY ? def.card.doorway().opens()
                                                               : v1::STCCG_SIDE_DECK_UNSPECIFIED;
  if (opens == v1::STCCG_SIDE_DECK_UNSPECIFIED) {
    // As Engine::seed_doorway: a doorway that admits an icon is seeded on its owner's table.
    if (def.type() != v1::STCCG_CARD_TYPE_DOORWAY ||
        def.card.doorway().admits() == v1::STCCG_ICON_UNSPECIFIED)
      throw std::invalid_argument(quoted(title) +
                                  " is not a doorway seeded on a side deck or the table");
    s_.cards[c].zone = Zone::kPlay;
    s_.enter_play(c);
    s_.place(c, Where::kTable);
    return c;
  }
  // As Engine::seed_doorway: the side decks are numbered as StccgSideDeck, less one.
  SideDeck& side =
      s_.players[owner].side_deck(static_cast<SideDeckKind>(static_cast<int>(opens) - 1));
  if (side.door != kNoCard) throw std::invalid_argument("that side deck has a doorway already");
  CardState& card = s_.cards[c];
  card.zone = Zone::kPlay;
  s_.enter_play(c);
  s_.place(c, Where::kSideDeck);
  side.door = c;
  return c;
}

CardId Position::add_under(LocIndex loc, Seat owner, std::string_view title) {
  check_loc(loc);
  const CardId c = add(owner, title);
  const CardDef& def = s_.def(c);
  // Misseeds (a planet dilemma under a space mission) are allowed: the rules deal with them.
  const bool seeds_under = def.type() == v1::STCCG_CARD_TYPE_DILEMMA ||
                           def.type() == v1::STCCG_CARD_TYPE_ARTIFACT ||
                           def.type() == v1::STCCG_CARD_TYPE_DOORWAY ||
                           def.card.seed_rule() == v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA;
  if (!seeds_under) throw std::invalid_argument(quoted(title) + " is not seeded under missions");
  s_.cards[c].zone = Zone::kSeed;
  s_.cards[c].loc = loc;
  s_.spaceline[loc].seeds.push_back(c);
  return c;
}

CardId Position::add_in_play(Seat owner, std::string_view title, Where where, LocIndex loc,
                             CardId host) {
  const CardId c = add(owner, title);
  CardState& card = s_.cards[c];
  card.zone = Zone::kPlay;
  card.loc = loc;
  card.host = host;
  s_.enter_play(c);
  s_.place(c, where);
  return c;
}

CardId Position::add_in_space(LocIndex loc, Seat owner, std::string_view title) {
  check_loc(loc);
  const CardId c = add_in_play(owner, title, Where::kSpace, loc, kNoCard);
  if (type(c) != v1::STCCG_CARD_TYPE_SHIP && type(c) != v1::STCCG_CARD_TYPE_FACILITY)
    throw std::invalid_argument(quoted(title) + " is neither a ship nor a facility");
  return c;
}

CardId Position::add_on_planet(LocIndex loc, Seat owner, std::string_view title) {
  check_loc(loc);
  const auto placement = s_.def(s_.spaceline[loc].mission).card.mission().placement();
  if (placement != v1::STCCG_PLACEMENT_PLANET && placement != v1::STCCG_PLACEMENT_DUAL)
    throw std::invalid_argument("location " + std::to_string(loc) + " has no planet");
  const CardId c = add_in_play(owner, title, Where::kSurface, loc, kNoCard);
  if (!is_carried(type(c)))
    throw std::invalid_argument(quoted(title) + " is neither personnel nor equipment");
  return c;
}

CardId Position::add_aboard(CardId host, std::string_view title, Seat owner) {
  check_in_play(host);
  if (s_.cards[host].where != Where::kSpace)
    throw std::invalid_argument(quoted(s_.def(host).title()) + " is neither a ship nor a facility");
  const CardId c = add_in_play(owner == kNoSeat ? s_.cards[host].owner : owner, title,
                               Where::kAboard, kNoLoc, host);
  if (!is_carried(type(c)))
    throw std::invalid_argument(quoted(title) + " is neither personnel nor equipment");
  return c;
}

CardId Position::add_on_table(Seat owner, std::string_view title) {
  const CardId c = add_in_play(owner, title, Where::kTable, kNoLoc, kNoCard);
  const auto t = type(c);
  if (t != v1::STCCG_CARD_TYPE_EVENT && t != v1::STCCG_CARD_TYPE_ARTIFACT &&
      t != v1::STCCG_CARD_TYPE_INCIDENT && t != v1::STCCG_CARD_TYPE_OBJECTIVE)
    throw std::invalid_argument(quoted(title) + " is not an event, incident or objective");
  return c;
}

CardId Position::add_on(CardId host, Seat owner, std::string_view title) {
  if (host >= s_.cards.size() ||
      (s_.cards[host].zone != Zone::kPlay && s_.cards[host].zone != Zone::kMission)) {
    throw std::invalid_argument("a card is played on a card in play or on a mission");
  }
  return add_in_play(owner, title, Where::kOn, kNoLoc, host);
}

CardId Position::add_stored(CardId host, std::string_view title) {
  // A seed card holds seeds too (Cryosatellite).
  if (host >= s_.cards.size() || s_.cards[host].zone != Zone::kSeed) check_in_play(host);
  const CardId c = add(s_.cards[host].owner, title);
  s_.cards[c].zone = Zone::kStored;
  s_.cards[c].host = host;
  return c;
}

void Position::set_stopped(CardId card) {
  check_in_play(card);
  s_.cards[card].stopped = true;
}

void Position::set_disabled(CardId card) {
  check_in_play(card);
  if (type(card) != v1::STCCG_CARD_TYPE_PERSONNEL)
    throw std::invalid_argument(quoted(s_.def(card).title()) + " is not a personnel");
  s_.cards[card].disabled = true;
}

void Position::set_damaged(CardId card) {
  check_in_play(card);
  if (type(card) != v1::STCCG_CARD_TYPE_SHIP)
    throw std::invalid_argument(quoted(s_.def(card).title()) + " is not a ship");
  s_.push_effect({.kind = EffectKind::kDamage, .until = Until::kRemoved, .card = card});
}

void Position::set_cloaked(CardId card) {
  check_ship_in_space(card);
  const auto& special = s_.def(card).card.ship().special_equipment();
  if (std::find(special.begin(), special.end(), v1::STCCG_SHIP_EQUIPMENT_CLOAKING_DEVICE) ==
      special.end())
    throw std::invalid_argument(quoted(s_.def(card).title()) + " has no Cloaking Device");
  s_.cards[card].cloaked = true;
}

void Position::set_undocked(CardId card) {
  check_ship_in_space(card);
  const CardState& ship = s_.cards[card];
  const bool at_facility = std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
    const CardState& f = s_.cards[c];
    return type(c) == v1::STCCG_CARD_TYPE_FACILITY && f.where == Where::kSpace &&
           f.loc == ship.loc && f.controller == ship.controller;
  });
  if (!at_facility)
    throw std::invalid_argument(quoted(s_.def(card).title()) +
                                " is not at a facility of its owner: it cannot be undocked");
  s_.cards[card].undocked = true;
}

void Position::check_ship_in_space(CardId card) const {
  check_in_play(card);
  if (type(card) != v1::STCCG_CARD_TYPE_SHIP || s_.cards[card].where != Where::kSpace)
    throw std::invalid_argument(quoted(s_.def(card).title()) + " is not a ship in space");
}

void Position::check_loc(LocIndex loc) const {
  if (loc >= s_.spaceline.size())
    throw std::invalid_argument("no mission at location " + std::to_string(loc));
}

void Position::check_in_play(CardId card) const {
  if (card >= s_.cards.size() || s_.cards[card].zone != Zone::kPlay)
    throw std::invalid_argument("that card is not in play");
}

State Position::build() const {
  if (const std::string broken = s_.check(); !broken.empty())
    throw std::logic_error("the position is inconsistent: " + broken);
  State s = s_;
  s.rng = core::Rng(seed_);
  s.handle_key = s.rng.next();  // as Game::create does
  // Handles as the engine makes them (Game::new_handle): keyed, non-zero, unique.
  std::unordered_set<std::uint32_t> taken;
  for (CardState& card : s.cards) {
    do {
      card.handle = static_cast<std::uint32_t>(
          core::siphash(s.handle_key, 0x5d0c, ++s.handle_counter) & 0xffffff);
    } while (card.handle == 0 || !taken.insert(card.handle).second);
    s.note_handle(card.handle);
  }
  for (CardId c : s.in_play) {
    if (s.type(c) == v1::STCCG_CARD_TYPE_FACILITY)
      s.players[s.cards[c].owner].seeded_outpost = true;
  }
  switch (start_) {
    case Start::kNewTurn:
      s.turn = static_cast<std::uint16_t>(turn_ - 1);  // starting the turn counts it
      break;
    case Start::kOrders:
      s.turn = turn_;
      s.frames.emplace_back(TurnFrame{TurnFrame::Step::kOrders});
      break;
    case Start::kSeeding:
      s.turn = 0;
      s.frames.emplace_back(SeedFrame{seed_step_, s.first_seeder});
      break;
  }
  return s;
}

}  // namespace spacedock::stccg
