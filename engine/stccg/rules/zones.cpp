// Moving cards between zones, and what moving means for who may see them.
#include <algorithm>
#include <stdexcept>

#include "engine/core/siphash.h"
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

void erase(std::vector<CardId>& list, CardId c) {
  std::erase(list, c);
}

}  // namespace

bool Engine::owner_sees(CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.zone == Zone::kDrawDeck) return searching_deck(card.owner);
  // Face-down side decks are unknown to their owner too, but for Q's Tent, whose cards the
  // owner chose and may pick from (§1.5).
  return card.zone != Zone::kSideDeck || in_q_tent(c);
}

bool Engine::in_q_tent(CardId c) const {
  const auto& tent = s_.players[s_.cards[c].owner].side_deck(SideDeckKind::kQTent).cards;
  return std::find(tent.begin(), tent.end(), c) != tent.end();
}

bool Engine::searching_deck(Seat seat) const {
  if (!s_.may_have(EffectKind::kSearchingDeck)) return false;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kSearchingDeck && x.player == seat) return true;
  }
  return false;
}

void Engine::search_deck(Seat seat, bool start) {
  if (start == searching_deck(seat)) return;
  if (start) {
    Effect looking{.kind = EffectKind::kSearchingDeck, .until = Until::kRemoved};
    looking.player = seat;
    add_effect(looking);
  } else {
    end_effects(
        [&](const Effect& x) { return x.kind == EffectKind::kSearchingDeck && x.player == seat; });
  }
  // The cards seen in the search get handles of their own, so nothing links them to their
  // hidden lives before and after it.
  for (CardId c : s_.players[seat].draw)
    s_.cards[c].handle = new_handle();
  if (!start) shuffle_deck(seat);
}

void Engine::view_side_deck(Seat viewer, Seat owner, SideDeckKind kind, bool start) {
  const auto which = static_cast<std::int16_t>(owner * kSideDeckKinds + static_cast<int>(kind));
  const auto viewing = [&](const Effect& x) {
    return x.kind == EffectKind::kViewingSideDeck && x.player == viewer && x.value == which;
  };
  if (start) {
    Effect looking{.kind = EffectKind::kViewingSideDeck, .until = Until::kRemoved};
    looking.player = viewer;
    looking.value = which;
    add_effect(looking);
  } else {
    end_effects(viewing);
  }
  for (CardId c : s_.players[owner].side_deck(kind).cards)
    s_.cards[c].handle = new_handle();
}

bool Engine::views_side_deck_card(Seat viewer, CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.zone != Zone::kSideDeck || card.owner == kNoSeat ||
      !s_.may_have(EffectKind::kViewingSideDeck))
    return false;
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    if (x.kind != EffectKind::kViewingSideDeck || x.player != viewer ||
        x.value / kSideDeckKinds != card.owner)
      return false;
    const auto kind = static_cast<SideDeckKind>(x.value % kSideDeckKinds);
    const auto& deck = s_.players[card.owner].side_deck(kind).cards;
    return std::find(deck.begin(), deck.end(), c) != deck.end();
  });
}

bool Engine::views_scanned_seed(Seat viewer, CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.zone != Zone::kSeed || !s_.may_have(EffectKind::kScanned)) return false;
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kScanned && x.player == viewer && x.loc == card.loc;
  });
}

bool Engine::views_granted(Seat viewer, CardId c) const {
  if (!s_.may_have(EffectKind::kViewing)) return false;
  const CardState& card = s_.cards[c];
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    if (x.kind != EffectKind::kViewing || x.player != viewer) return false;
    if (x.card != kNoCard) {
      return card.zone == Zone::kPlay && card.host == x.card &&
             (card.where == Where::kAboard || card.where == Where::kOn);
    }
    return card.owner != viewer && card.zone == (x.flag ? Zone::kDrawDeck : Zone::kHand);
  });
}

bool Engine::all_see(CardId c) const {
  const CardState& card = s_.cards[c];
  if (card.face_down) return false;
  switch (card.zone) {
    case Zone::kDrawDeck: {
      const auto& deck = s_.players[card.owner].draw;
      if (deck.empty() || deck.back() != c) return false;
      return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId other) {
        const Handler* handler = s_.handler(other);
        return handler && handler->draw_decks_face_up;
      });
    }
    case Zone::kHand:
      // Hands laid open on the table (Alien Probe).
      return std::any_of(s_.handled_in_play.begin(), s_.handled_in_play.end(), [&](CardId other) {
        const Handler* handler = s_.handler(other);
        return handler && handler->hands_face_up;
      });
    case Zone::kSideDeck:
    case Zone::kSeedPile:
    case Zone::kStored:
      return false;
    case Zone::kSeed:
      return card.exposed;  // a dilemma met and put back is known to both
    case Zone::kPlay:
      if (captivity(c)) return true;  // a captive is shown to both players (BoG)
      if (card.where == Where::kAboard && s_.type(card.host) == v1::STCCG_CARD_TYPE_SHIP) {
        return card.exposed;  // crews are hidden (§1.5)
      }
      if (card.where == Where::kSurface && s_.options.hidden_away_teams) return card.exposed;
      return true;
    default:
      return true;
  }
}

bool Engine::seat_sees(Seat seat, CardId c) const {
  // Its holder's own view first: the cheaper test, and the one the options mostly need.
  const CardState& card = s_.cards[c];
  const bool held = card.zone == Zone::kPlay || card.zone == Zone::kHand;  // a hand: may_see
  return ((seat == (held ? card.controller : card.owner) || knows_as_crew(seat, c)) &&
          owner_sees(c)) ||
         all_see(c) || views_scanned_seed(seat, c) || views_granted(seat, c);
}

bool Engine::knows_as_crew(Seat seat, CardId c) const {
  // A crew is known to the player whose ship or facility it is in, whoever controls its members
  // (an infiltrator: infiltration.cpp), and so is an Away Team to its player.
  const CardState& card = s_.cards[c];
  if (card.zone != Zone::kPlay) return false;
  if (card.where == Where::kSurface) return team_player(c) == seat;
  return card.where == Where::kAboard && s_.cards[card.host].controller == seat;
}

std::uint32_t Engine::new_handle() {
  for (;;) {
    const auto handle = static_cast<std::uint32_t>(
        core::siphash(s_.handle_key, 0x5d0c, ++s_.handle_counter) & 0xffffff);
    if (handle == 0) continue;
    if (!s_.handles_given[handle % State::kHandleBits] || find_handle(handle) == kNoCard) {
      s_.note_handle(handle);
      return handle;
    }
  }
}

CardId Engine::find_handle(std::uint32_t handle) const {
  for (std::size_t i = 0; i < s_.cards.size(); ++i) {
    if (s_.cards[i].handle == handle) return static_cast<CardId>(i);
  }
  return kNoCard;
}

CardId Engine::bring_to_discard(Seat owner, DefIndex def) {
  if (s_.cards.size() >= kNoCard) throw std::length_error("stccg: too many cards in the game");
  CardState card;
  card.def = def;
  card.owner = owner;
  card.controller = owner;
  card.zone = Zone::kOutOfPlay;  // found by no pile until it moves: nowhere in the game yet
  s_.cards.push_back(card);
  const auto c = static_cast<CardId>(s_.cards.size() - 1);
  s_.cards[c].handle = new_handle();
  move_card(c, Zone::kDiscard, Where::kNone, kNoLoc, kNoCard, owner,
            ev::MoveCause::kFromOutsideGame);
  return c;
}

std::vector<CardId>* Engine::pile_of(CardId c, Zone zone) {
  const CardState& card = s_.cards[c];
  PlayerState& owner = s_.players[card.owner];
  if (zone != Zone::kSideDeck && zone != Zone::kSideUsed) {
    // A pile is its controller's: the owner's, unless a card sends it to another player's
    // discard pile (Gift of the Tormentor).
    return s_.players[card.controller].pile(zone);
  }
  // The side deck that lists it (Q's Planet may be in Q's Tent or in the Q-Continuum), or the
  // one its kind belongs in.
  for (SideDeck& deck : owner.side) {
    auto& list = zone == Zone::kSideDeck ? deck.cards : deck.used;
    if (std::find(list.begin(), list.end(), c) != list.end()) return &list;
  }
  SideDeck& deck = owner.side_deck(side_deck_of(s_.def(c)));
  return zone == Zone::kSideDeck ? &deck.cards : &deck.used;
}

void Engine::move_card(CardId c, Zone zone, Where where, LocIndex loc, CardId host, Seat controller,
                       ev::MoveCause cause) {
  CardState& card = s_.cards[c];
  if (controller == kNoSeat) controller = card.owner;  // the default: its owner controls it
  // A copy is only ever met or in play: wherever else it would go, it leaves the game.
  if (card.copy && zone != Zone::kPlay && zone != Zone::kResolving) {
    zone = Zone::kOutOfPlay;
    where = Where::kNone;
    loc = kNoLoc;
    host = kNoCard;
  }
  // A captive moved off the ship or facility whose Brig it is in is out of that Brig.
  if (s_.may_have(EffectKind::kInBrig) && host != card.host)
    end_effects([&](const Effect& x) { return x.kind == EffectKind::kInBrig && x.card == c; });
  // An infiltrator leaving the planet, or changing hands, leaves the Away Team it joined.
  if (s_.may_have(EffectKind::kInTeam) && (zone != card.zone || where != card.where ||
                                           loc != card.loc || controller != card.controller))
    end_effects([&](const Effect& x) { return x.kind == EffectKind::kInTeam && x.card == c; });
  if (card.zone == Zone::kPlay && zone != Zone::kPlay) {
    // Whatever is aboard or played on a card leaves play with it, however it goes (to_discard
    // has already taken them, with their causes, when it is a discard).
    std::vector<CardId> hosted;  // aboard it or played on it; gathered first, as they go
    s_.for_each_in_play_where(Where::kAboard, Where::kOn, [&](CardId other) {
      if (s_.cards[other].host == c) hosted.push_back(other);
    });
    for (CardId other : hosted) {
      if (s_.cards[other].zone == Zone::kPlay && s_.cards[other].host == c)
        to_discard(other, ev::MoveCause::kWithHost);
    }
  }
  ev::CardMoved moved;
  moved.card = c;
  moved.def = card.def;
  moved.owner = card.owner;
  moved.from = {card.zone, card.where, card.loc, card.host, card.controller};
  moved.to = {zone, where, loc, host, controller};
  moved.handle_before = card.handle;
  moved.cause = cause;
  moved.owner_sees_before = owner_sees(c);
  moved.all_see_before = all_see(c);

  if (auto* from = pile_of(c, card.zone)) {
    erase(*from, c);
  } else if (card.zone == Zone::kSeed) {
    erase(s_.spaceline[card.loc].seeds, c);
  } else if (card.zone == Zone::kPlay && zone != Zone::kPlay) {
    s_.leave_play(c);
  }
  if (card.zone == Zone::kResolving && zone != Zone::kResolving) {
    erase(s_.resolving, c);
  } else if (zone == Zone::kResolving && card.zone != Zone::kResolving) {
    s_.resolving.push_back(c);
  }
  if (card.where == Where::kSideDeck && where != Where::kSideDeck) {
    s_.players[card.owner].side_deck(side_deck_of(s_.def(c))).door = kNoCard;  // closed
  }
  if (zone != Zone::kPlay) {
    // A card in play stored under another (Temporal Rift, Time Travel Pod) is out of play only
    // for a while: what is marked on it (damage, a countdown's progress) and what it does wait
    // with it, and end only if it goes elsewhere than back into play.
    if ((card.zone == Zone::kPlay && zone != Zone::kStored) || card.zone == Zone::kStored)
      card_left_play(c);
    // A hidden agenda leaving the table is seen for what it is.
    if (card.zone == Zone::kPlay) card.face_down = false;
    card.stopped = false;
    card.range_used = 0;
    card.cloaked = false;
    card.cloak_changed = false;
    card.undocked = false;
    card.arrested = false;
    if (zone != Zone::kSeed) card.exposed = false;
  } else if (card.zone != Zone::kPlay) {
    s_.enter_play(c);
  }
  card.zone = zone;
  s_.place(c, where);
  card.loc = loc;
  card.host = host;
  card.controller = moved.to.controller;
  if (auto* to = pile_of(c, zone)) to->push_back(c);
  moved.owner_sees_after = owner_sees(c);
  moved.all_see_after = all_see(c);
  if (moved.all_see_before != moved.all_see_after ||
      moved.owner_sees_before != moved.owner_sees_after || card.shown) {
    card.handle = new_handle();  // a new public life: nothing links it to the old one
    card.shown = false;
  }
  moved.handle_after = card.handle;
  emit(moved);
  if (card.arrested) release_if_compatible(c);
  // A treaty leaving play may leave crews that can no longer mix.
  if (moved.from.zone == Zone::kPlay && zone != Zone::kPlay &&
      !s_.def(c).card.event().treaty().empty())
    arrest_incompatible();
}

void Engine::to_discard(CardId c, ev::MoveCause cause) {
  const Handler* handler = s_.handler(c);
  if (s_.cards[c].zone == Zone::kPlay && handler && handler->leaving_play)
    handler->leaving_play(*this, c);
  // Whatever is aboard or played on a card leaves with it; personnel aboard a destroyed ship or
  // facility die with it.
  for (CardId other : std::vector<CardId>(s_.in_play)) {
    if (s_.cards[other].zone != Zone::kPlay || s_.cards[other].host != c) continue;
    to_discard(other, cause == ev::MoveCause::kDestroyed && is_personnel(other)
                          ? ev::MoveCause::kKilled
                          : ev::MoveCause::kWithHost);
  }
  // Used Q-cards and tactics go face up under their side deck, never to the discard pile (BoG).
  const v1::StccgCard& printed = s_.def(c).card;
  const bool side_card =
      printed.type() == v1::STCCG_CARD_TYPE_TACTIC || s_.def(c).icons & (1u << v1::STCCG_ICON_Q);
  move_card(
      c,
      side_card && printed.type() != v1::STCCG_CARD_TYPE_MISSION ? Zone::kSideUsed : Zone::kDiscard,
      Where::kNone, kNoLoc, kNoCard, kNoSeat, cause);
}

void Engine::kill(CardId personnel, std::span<const CardId> killed_with) {
  // A card in play that prevents the death (John Doe): nothing happens to the personnel.
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->prevents_death && s_.cards[c].zone == Zone::kPlay &&
        handler->prevents_death(*this, c, personnel, killed_with))
      return;
  }
  // A hologram is not killed but deactivated (CRD IV.10.A item 8): no death to answer.
  if (deactivate_killed_hologram(personnel)) return;
  // Cards in play that answer a death where it happens (Hazardous Duty).
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->personnel_killed && s_.cards[c].zone == Zone::kPlay)
      handler->personnel_killed(*this, c, personnel);
  }
  if (top_frame<PersonnelBattleFrame>() || top_frame<ShipBattleFrame>()) {
    // Cards whose owner scores when this personnel dies in a battle (K'nera).
    const std::string& title = s_.def(personnel).title();
    const Seat victim = s_.cards[personnel].owner;
    for (CardId c : std::vector<CardId>(s_.in_play)) {
      if (c == personnel || !is_personnel(c)) continue;
      const auto& bonus = s_.def(c).card.personnel().battle_kill_bonus();
      const Seat owner = s_.cards[c].owner;
      if (bonus.points() == 0 || (!s_.options.kill_bonus_any_victim && victim == owner)) continue;
      if (std::find(bonus.titles().begin(), bonus.titles().end(), title) != bonus.titles().end())
        score(owner, bonus.points(), c);
    }
  }
  to_discard(personnel, ev::MoveCause::kKilled);
}

void Engine::took_part_in_battle(Seat seat) {
  PlayerState& player = s_.players[seat];
  if (player.battled) return;
  player.battled = true;
  if (player.battle_forfeit != 0) score(seat, -player.battle_forfeit, kNoCard);
  player.battle_forfeit = 0;
}

void Engine::destroy_vessel(CardId vessel, Seat by) {
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* watcher = s_.handler(c);
    if (watcher && watcher->vessel_destroyed && s_.in_play_at(c))
      watcher->vessel_destroyed(*this, c, vessel, by);
  }
  // Its handler may put it somewhere else than the discard pile (the Borg Ship's points).
  const Handler* handler = s_.handler(vessel);
  if (handler && handler->destroyed) {
    handler->destroyed(*this, vessel, by);
    if (s_.cards[vessel].zone != Zone::kPlay) return;
  }
  to_discard(vessel, ev::MoveCause::kDestroyed);
}

void Engine::draw(Seat seat) {
  // A player who may draw no more this turn draws nothing (Q's Tent, CRD IV.6); taking cards
  // (take_from_deck) is not drawing.
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kNoDraws && x.player == seat) return;
  }
  const PlayerState& player = s_.players[seat];
  if (!player.draw.empty()) take_from_deck(seat, player.draw.back());
}

void Engine::take_from_deck(Seat seat, CardId c) {
  const PlayerState& player = s_.players[seat];
  move_card(c, Zone::kHand);
  if (player.draw.empty()) {
    // Drawing the last card ends the game at once; the higher score wins (§1.7). Taking it
    // in a search does too (S-66, A-26).
    finish(s_.leaders(), v1::RESULT_REASON_DECK_EXHAUSTED);
  }
}

void Engine::shuffle_deck(Seat seat) {
  auto& draw = s_.players[seat].draw;
  s_.rng.shuffle(std::span(draw));
  emit(ev::Shuffled{seat, static_cast<std::uint8_t>(draw.size())});
}

void Engine::stop(CardId c) {
  CardState& card = s_.cards[c];
  if (!card.stopped) {
    card.stopped = true;
    emit(ev::Stopped{c});
  }
  // A stopped ship or facility stops everything aboard.
  for (CardId other : s_.in_play) {
    if (s_.cards[other].where == Where::kAboard && s_.cards[other].host == c) stop(other);
  }
}

void Engine::score(Seat seat, int points, CardId source) {
  // A copy met elsewhere scores nothing for anyone (CRD IV.4 Receptacle Stones).
  if (source < s_.cards.size() && s_.cards[source].copy) return;
  PlayerState& player = s_.players[seat];
  player.score += points;
  emit(ev::Scored{seat, static_cast<std::int16_t>(points), static_cast<std::int16_t>(player.score),
                  source});
  // Cards that answer every score.
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->points_scored && s_.cards[c].zone == Zone::kPlay)
      handler->points_scored(*this, c, seat, points);
  }
  std::vector<CardId> missions;
  for (const Location& location : s_.spaceline)
    missions.push_back(location.mission);
  for (CardId mission : missions) {
    const Handler* handler = s_.handler(mission);
    if (handler && handler->points_scored) handler->points_scored(*this, mission, seat, points);
  }
  check_victory();
}

void Engine::expose(CardId c) {
  CardState& card = s_.cards[c];
  if (card.exposed || all_see(c)) return;
  card.exposed = true;
  card.handle = new_handle();
  emit(ev::Revealed{c, card.def, card.handle});
}

}  // namespace spacedock::stccg
