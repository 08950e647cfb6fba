// Objects a card places in a hex (§11.1, §18, §19.4: Weapons Platform, Outpost, a Shuttle craft
// launched on its own). One lives among the denizens, with its card's figures: on the placing
// turn its owner may attack with it, and from the next turn on it is an event of the hex that
// strikes every other vessel arriving. A craft (§11.3) stays under its owner's control: it moves
// 1 hex or attacks per maneuver on any of the owner's turns, and once whole again it may go back
// to the hand. Ships attack an object as a denizen; its destruction rewards the destroyer
// (§10.4) and sends the card to its owner's discard pile (A32).
#include <algorithm>
#include <utility>

#include "engine/incursions/figures.h"
#include "engine/incursions/game.h"

namespace spacedock::incursions {

namespace {

// A record a new object may take: a destroyed or recovered object's, so the table grows only
// with what stands at once.
bool free_record(const Denizen& d) {
  return d.placed() && !d.alive;
}

}  // namespace

bool Game::object_room() const {
  // Denizen ids (index + 1) are 8-bit.
  return s_.denizens.size() < kMaxDenizens ||
         std::any_of(s_.denizens.begin(), s_.denizens.end(), free_record);
}

void Game::place_object(Seat seat, CardId card) {
  std::erase(s_.committed, card);  // it stays in play, in the hex
  const TileIndex tile = s_.vessels[seat].tile;
  Denizen object{tile, tile, static_cast<std::int16_t>(s_.def(card).effect.placed->life), true};
  object.card = card;
  object.owner = seat;
  object.placed_turn = s_.turn;
  auto record = std::find_if(s_.denizens.begin(), s_.denizens.end(), free_record);
  if (record == s_.denizens.end()) record = s_.denizens.insert(record, object);
  *record = object;
  emit(ev::DenizenSpawned{static_cast<std::uint8_t>(record - s_.denizens.begin())});
}

const Denizen* Game::own_object(Seat seat, int id) const {
  if (id == 0 || id > static_cast<int>(s_.denizens.size())) return nullptr;
  const Denizen& d = s_.denizens[static_cast<std::size_t>(id - 1)];
  return d.alive && d.placed() && d.owner == seat ? &d : nullptr;
}

bool Game::is_craft(const Denizen& d) const {
  return d.placed() && s_.def(d).mobile;
}

Rule Game::check_object_attack(const Action& a) const {
  const Seat seat = s_.active;
  const Denizen* object = own_object(seat, a.denizen);
  // Its owner controls an object on the placing turn only, after which it acts as an event
  // (§11.1); a craft on every turn (§11.3).
  if (object == nullptr || !(is_craft(*object) || object->placed_turn == s_.turn))
    return Rule::kNotYours;
  if (const int target = attacked_denizen(a); target != 0)
    return check_attacked_denizen(*object, target);
  if (Rule r = check_target(seat, a.subject); r != Rule::kOk) return r;
  return s_.vessels[a.subject].tile == object->tile ? Rule::kOk : Rule::kOutOfRange;
}

Rule Game::check_attacked_denizen(const Denizen& attacker, int id) const {
  if (id > static_cast<int>(s_.denizens.size()) || !s_.denizens[id - 1u].alive)
    return Rule::kNoDenizen;
  // Any denizen or object of its hex but its owner's own, which it never harms (§11.1).
  const Denizen& target = s_.denizens[id - 1u];
  if (target.placed() && target.owner == attacker.owner) return Rule::kInvalidTarget;
  return target.tile == attacker.tile ? Rule::kOk : Rule::kOutOfRange;
}

void Game::command_attack(const Action& a) {
  if (const int target = attacked_denizen(a); target != 0) {
    denizen_attacks_denizen(a.denizen - 1, target - 1);
  } else {
    denizen_attack(a.denizen - 1, a.subject);
  }
}

Rule Game::check_object_move(const Action& a) const {
  const Denizen* object = own_object(s_.active, a.denizen);
  if (object == nullptr) return Rule::kNotYours;
  if (!is_craft(*object)) return Rule::kIllegalPath;
  return next_to(object->tile, a.subject) ? Rule::kOk : Rule::kIllegalPath;
}

bool Game::next_to(TileIndex from, TileIndex to) const {
  for (int direction = 0; direction < kDirections; ++direction) {
    if (to != kNoTile && s_.board.next_to(from, direction) == to) return true;
  }
  return false;
}

void Game::move_denizen(int index, TileIndex to) {
  Denizen& d = s_.denizens[static_cast<std::size_t>(index)];
  const TileIndex from = std::exchange(d.tile, to);
  // A craft left in a new hex is placed there anew: an event of it from the next turn (§11.1).
  if (d.placed()) d.placed_turn = s_.turn;
  emit(ev::DenizenMoved{static_cast<std::uint8_t>(index), from, to});
}

Rule Game::check_object_repair(const Action& a) const {
  const Seat seat = s_.active;
  const Denizen* object = own_object(seat, a.denizen);
  if (object == nullptr) return Rule::kNotYours;
  if (!s_.def(*object).repairable) return Rule::kInvalidSystem;
  return object->tile == s_.vessels[seat].tile ? Rule::kOk : Rule::kOutOfRange;
}

void Game::repair_object(Seat seat, const Action& a) {
  Denizen& object = s_.denizens[a.denizen - 1u];
  const int points = repair_points(s_, seat, a.power);
  const int applied = std::min(points, s_.def(object).life - object.life);
  object.life = static_cast<std::int16_t>(object.life + applied);
  ev::Repaired repaired{seat,
                        v1::INCURSIONS_SYSTEM_UNSPECIFIED,
                        static_cast<std::int16_t>(points),
                        static_cast<std::int16_t>(applied),
                        object.life,
                        a.power};
  repaired.denizen = a.denizen;
  // A craft made whole goes back to its owner's hand (§11.3) [R: the repair that makes it
  // whole takes it aboard; one left damaged stays out].
  repaired.to_hand = is_craft(object) && object.life == s_.def(object).life;
  emit(repaired);
  if (repaired.to_hand) {
    object.alive = false;
    to_hand(seat, object.card);
  }
}

void Game::enumerate_objects(std::vector<core::OptionId>& out) const {
  const Seat seat = s_.active;
  const int available = s_.vessels[seat].power.available();
  for (std::size_t i = 0; i < s_.denizens.size(); ++i) {
    const int id = static_cast<int>(i) + 1;
    if (own_object(seat, id) == nullptr) continue;
    for (Seat target = 0; target < s_.players; ++target) {
      const Action attack = make_action(ActionKind::kDenizenAttack, target, 0, 0, 0, id);
      if (check_maneuver(attack) == Rule::kOk) out.push_back(encode(attack));
    }
    for (std::size_t target = 0; target < s_.denizens.size(); ++target) {
      const Action attack = denizen_attack_on_denizen(id - 1, static_cast<int>(target));
      if (check_maneuver(attack) == Rule::kOk) out.push_back(encode(attack));
    }
    for (int direction = 0; direction < kDirections; ++direction) {
      const TileIndex to = s_.board.next_to(s_.denizens[i].tile, direction);
      const Action move = make_action(ActionKind::kDenizenMove, to, 0, 0, 0, id);
      if (to != kNoTile && check_maneuver(move) == Rule::kOk) out.push_back(encode(move));
    }
    if (check_maneuver(make_action(ActionKind::kRepair, 0, 0, 0, 0, id)) != Rule::kOk) continue;
    for (int k = 0; k <= available; ++k)
      out.push_back(encode(make_action(ActionKind::kRepair, 0, k, 0, 0, id)));
  }
}

void Game::objects_strike(Seat seat, TileIndex tile) {
  // Every armed object of another player in the hex attacks the arriving vessel, unless a cloak
  // hides it (§11.1, §12.1); queued last, so they come after the hex's own event.
  if (s_.vessels[seat].cloaked) return;
  for (std::size_t i = s_.denizens.size(); i-- > 0;) {
    const Denizen& d = s_.denizens[i];
    // An eliminated owner's craft is dominated by it, and no longer acts by itself (A24).
    if (is_craft(d) && !s_.in_game(d.owner)) continue;
    if (d.alive && d.placed() && d.tile == tile && d.owner != seat && d.placed_turn != s_.turn) {
      s_.tasks.push_back(
          {Task::Kind::kDenizenAttack, seat, tile, kNoSeat, static_cast<std::uint8_t>(i)});
    }
  }
}

}  // namespace spacedock::incursions
