#include "engine/stccg/state/state.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "engine/core/hash.h"
#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::stccg {
namespace {

// Whether an action's `loc` names a spaceline location (elsewhere it is a spaceline end, a
// download entry, a skill or a gender: ids.h).
bool action_names_location(const Action& a) {
  switch (a.kind) {
    case ActionKind::kSeedMission:
      return a.b != kNoCard;  // joining the opponent's copy; else 0/1 is an end of the spaceline
    case ActionKind::kSeedUnder:
    case ActionKind::kSeedFacility:
    case ActionKind::kReport:
    case ActionKind::kBuild:
    case ActionKind::kMove:
    case ActionKind::kTransfer:
    case ActionKind::kAttempt:
    case ActionKind::kBattle:
    case ActionKind::kUseCard:
    case ActionKind::kInsertMission:
      return true;
    default:
      return false;
  }
}

// Whether an effect's `loc` names a spaceline location (the download effects keep an entry).
bool effect_names_location(const Effect& x) {
  return x.kind != EffectKind::kDownloading && x.kind != EffectKind::kDownloadUsed &&
         x.kind != EffectKind::kDownloadFailed;
}

// Applies `remap` to every location index the game keeps (cards, effects, frames, actions).
template <typename Remap>
void remap_locations(State& s, Remap remap) {
  const auto remap_action = [&](Action& a) {
    if (action_names_location(a)) remap(a.loc);
  };
  for (CardState& card : s.cards)
    remap(card.loc);
  for (Effect& x : s.effects) {
    if (effect_names_location(x)) remap(x.loc);
  }
  for (Frame& frame : s.frames) {
    std::visit(
        [&](auto& f) {
          using F = std::decay_t<decltype(f)>;
          if constexpr (std::is_same_v<F, ActionFrame>) {
            remap_action(f.action);
            for (auto& response : f.responses)
              remap_action(response.second);
          } else if constexpr (std::is_same_v<F, AttemptFrame> || std::is_same_v<F, WindowFrame> ||
                               std::is_same_v<F, ShipBattleFrame> ||
                               std::is_same_v<F, PersonnelBattleFrame>) {
            remap(f.loc);
          }
        },
        frame);
  }
  for (Action& a : s.offered)
    remap_action(a);
  if (s.answer) remap_action(*s.answer);
}

}  // namespace

void State::set_mission(Location& location, CardId mission) const {
  location.mission = mission;
  const Handler* checking = handler(mission);
  location.mission_checks = checking && checking->state_check;
}

void State::insert_location(LocIndex at, Location location) {
  remap_locations(*this, [at](LocIndex& loc) {
    if (loc != kNoLoc && loc >= at) ++loc;
  });
  spaceline.insert(spaceline.begin() + at, std::move(location));
  const Location& inserted = spaceline[at];
  if (inserted.mission != kNoCard) cards[inserted.mission].loc = at;
  if (inserted.copy != kNoCard) cards[inserted.copy].loc = at;
}

void State::swap_locations(LocIndex a, LocIndex b) {
  if (a == b) return;
  remap_locations(*this, [a, b](LocIndex& loc) {
    if (loc == a) {
      loc = b;
    } else if (loc == b) {
      loc = a;
    }
  });
  std::swap(spaceline[a], spaceline[b]);
}

namespace {

// The lists of in_play kept by a part of the card's definition, each with what puts a card on
// it, and its name for State::check.
struct DefList {
  std::vector<CardId> State::*list;
  bool (*listed)(const CardDef&);
  const char* name;
};
constexpr DefList kDefLists[] = {
    {&State::handled_in_play, [](const CardDef& d) { return d.handler != nullptr; }, "a handler"},
    {&State::transfer_blocking_in_play,
     [](const CardDef& d) { return d.handler && d.handler->blocks_transfer; },
     "a hook blocking transfers"},
    {&State::state_checking_in_play,
     [](const CardDef& d) { return d.handler && d.handler->state_check; }, "a state check"},
    {&State::live_scoring_in_play,
     [](const CardDef& d) { return d.handler && d.handler->live_points; }, "live points"},
    {&State::play_forbidding_in_play,
     [](const CardDef& d) { return d.handler && d.handler->forbids_play; },
     "a hook forbidding plays"},
    {&State::play_nullifying_in_play,
     [](const CardDef& d) { return d.handler && d.handler->nullifies_play; },
     "a hook nullifying plays"},
    {&State::infiltration_granting_in_play,
     [](const CardDef& d) { return d.handler && d.handler->adds_infiltration_icons; },
     "a hook adding infiltration icons"},
    {&State::modifying_in_play, [](const CardDef& d) { return !d.modifiers.empty(); }, "modifiers"},
    {&State::downloading_in_play, [](const CardDef& d) { return d.card.downloads_size() > 0; },
     "downloads"},
    {&State::icon_adding_in_play,
     [](const CardDef& d) { return d.card.personnel().adds_mission_icons_size() > 0; },
     "mission icons to add"},
    {&State::holograms_in_play,
     [](const CardDef& d) {
       return d.type() == v1::STCCG_CARD_TYPE_PERSONNEL &&
              d.card.personnel().kind() == v1::STCCG_PERSONNEL_KIND_HOLOGRAM;
     },
     "a hologram"},
};

}  // namespace

std::shared_ptr<const State> State::snapshot() {
  std::vector<Event> kept_events = std::exchange(events, {});
  OrderJournal kept_journal = std::exchange(journal, {});
  journal.kept = kept_journal.kept;
  std::array<std::vector<CardId>, std::size(kDefLists)> kept_lists;
  for (std::size_t i = 0; i < kept_lists.size(); ++i)
    kept_lists[i] = std::exchange(this->*kDefLists[i].list, {});
  auto kept_placed = std::exchange(placed, {});
  auto copy = std::make_shared<const State>(*this);
  events = std::move(kept_events);
  journal = std::move(kept_journal);
  for (std::size_t i = 0; i < kept_lists.size(); ++i)
    this->*kDefLists[i].list = std::move(kept_lists[i]);
  placed = std::move(kept_placed);
  return copy;
}

void State::relist() {
  for (const DefList& d : kDefLists)
    (this->*d.list).clear();
  for (auto& list : placed)
    list.clear();
  // in_play is in the order the cards entered, the order every list keeps.
  for (CardId c : in_play) {
    for (const DefList& d : kDefLists) {
      if (d.listed(def(c))) (this->*d.list).push_back(c);
    }
    placed[static_cast<std::size_t>(cards[c].where)].push_back(c);
  }
}

void State::enter_play(CardId c) {
  in_play.push_back(c);
  cards[c].entered = ++entries;
  for (const DefList& d : kDefLists) {
    if (d.listed(def(c))) (this->*d.list).push_back(c);
  }
}

void State::leave_play(CardId c) {
  std::erase(in_play, c);
  for (const DefList& d : kDefLists)
    std::erase(this->*d.list, c);
  std::erase(placed[static_cast<std::size_t>(cards[c].where)], c);
}

void State::place(CardId c, Where where) {
  CardState& card = cards[c];
  std::erase(placed[static_cast<std::size_t>(card.where)], c);
  card.where = where;
  if (card.zone != Zone::kPlay) return;
  auto& list = placed[static_cast<std::size_t>(where)];
  const auto later = std::upper_bound(
      list.begin(), list.end(), card.entered,
      [&](std::uint32_t entered, CardId other) { return entered < cards[other].entered; });
  list.insert(later, c);
}

std::uint64_t State::hash() const {
  core::StateHasher h;
  rng.hash_into(h);
  h.add(handle_key);
  h.add(handle_counter);
  for (const CardState& c : cards) {
    h.add(c.def | std::uint64_t{c.owner} << 16 | std::uint64_t{c.controller} << 24 |
          std::uint64_t{static_cast<std::uint8_t>(c.zone)} << 32 |
          std::uint64_t{static_cast<std::uint8_t>(c.where)} << 40 | std::uint64_t{c.loc} << 48 |
          std::uint64_t{c.shown} << 56 | std::uint64_t{c.copy} << 57);
    h.add(c.host | std::uint64_t{c.handle} << 16 | std::uint64_t{c.stopped} << 48 |
          std::uint64_t{c.exposed} << 49 | std::uint64_t{c.cloaked} << 50 |
          std::uint64_t{c.cloak_changed} << 51 | std::uint64_t{c.undocked} << 52 |
          std::uint64_t{c.arrested} << 53 | std::uint64_t{c.docked_all_turn} << 54 |
          std::uint64_t{c.face_down} << 55 | std::uint64_t{c.range_used} << 56 |
          std::uint64_t{c.disabled} << 63);
  }
  auto add_list = [&](const std::vector<CardId>& list) {
    h.add(list.size());
    for (CardId c : list)
      h.add(c);
  };
  for (const PlayerState& p : players) {
    add_list(p.seed_pile);
    add_list(p.draw);
    add_list(p.hand);
    add_list(p.discard);
    for (const SideDeck& side : p.side) {
      h.add(side.door);
      add_list(side.cards);
      add_list(side.used);
    }
    h.add(static_cast<std::uint64_t>(p.score));
    h.add(p.card_played | p.orders_begun << 1 | p.seeded_outpost << 2 | p.only_reports << 3 |
          p.battled << 4);
    h.add(static_cast<std::uint64_t>(p.battle_forfeit));
  }
  for (const Location& l : spaceline) {
    h.add(l.mission | std::uint64_t{l.seeder} << 16 | std::uint64_t{l.completed_by} << 24 |
          std::uint64_t{l.copy} << 32 | std::uint64_t{l.attempted} << 40);
    add_list(l.seeds);
  }
  add_list(in_play);
  h.add(effects.size());
  for (const Effect& x : effects) {
    h.add(static_cast<std::uint64_t>(x.kind) | static_cast<std::uint64_t>(x.until) << 8 |
          static_cast<std::uint64_t>(x.attribute) << 16 | std::uint64_t{x.flag} << 24 |
          std::uint64_t{x.player} << 32 | std::uint64_t{x.loc} << 40 |
          std::uint64_t{x.affiliations} << 48);
    h.add(x.source | std::uint64_t{x.card} << 16 |
          std::uint64_t{static_cast<std::uint16_t>(x.value)} << 32 | std::uint64_t{x.turn} << 48);
  }
  h.add(first_seeder | active << 8 | std::uint64_t{turn} << 16 |
        std::uint64_t{frames.size()} << 32);
  h.add(decision.id);
  for (core::OptionId o : decision.options)
    h.add(o);
  h.add(over | std::uint64_t{winners} << 8 |
        std::uint64_t{static_cast<std::uint32_t>(reason)} << 16);
  h.add(events.size());
  return h.value();
}

std::string State::check() const {
  std::vector<int> listed(cards.size(), 0);
  std::string broken;
  auto count = [&](const std::vector<CardId>& list, Zone zone, const char* what) {
    for (CardId c : list) {
      ++listed[c];
      if (cards[c].zone != zone && broken.empty())
        broken = "card " + std::to_string(c) + " is listed in " + what + " but is not there";
    }
  };
  for (const PlayerState& p : players) {
    count(p.seed_pile, Zone::kSeedPile, "a seed pile");
    count(p.draw, Zone::kDrawDeck, "a draw deck");
    count(p.hand, Zone::kHand, "a hand");
    count(p.discard, Zone::kDiscard, "a discard pile");
    for (const SideDeck& side : p.side) {
      count(side.cards, Zone::kSideDeck, "a side deck");
      count(side.used, Zone::kSideUsed, "the used cards of a side deck");
    }
  }
  for (const Location& l : spaceline)
    count(l.seeds, Zone::kSeed, "a seed stack");
  count(in_play, Zone::kPlay, "the cards in play");
  count(resolving, Zone::kResolving, "the cards resolving");
  if (!broken.empty()) return broken;
  for (std::size_t loc = 0; loc < spaceline.size(); ++loc) {
    const Location& l = spaceline[loc];
    for (CardId c : {l.mission, l.copy}) {
      if (c != kNoCard && (cards[c].zone != Zone::kMission || cards[c].loc != loc))
        return "mission " + std::to_string(c) + " is not at its location " + std::to_string(loc);
    }
    const Handler* checking = l.mission != kNoCard ? handler(l.mission) : nullptr;
    if (l.mission_checks != (checking && checking->state_check))
      return "the location " + std::to_string(loc) + " does not note its mission's state check";
    for (CardId c : l.seeds) {
      if (cards[c].loc != loc)
        return "seed card " + std::to_string(c) + " is not at its location " + std::to_string(loc);
    }
  }
  for (CardId c : in_play) {
    const CardState& card = cards[c];
    if ((card.where == Where::kSpace || card.where == Where::kSurface) &&
        card.loc >= spaceline.size())
      return "card " + std::to_string(c) + " in play is at no location";
  }
  for (std::size_t c = 0; c < cards.size(); ++c) {
    const Zone zone = cards[c].zone;
    // A stored card is found by its host, like a card in play on another.
    const bool tracked = zone != Zone::kOutOfPlay && zone != Zone::kBonus &&
                         zone != Zone::kMission && zone != Zone::kStored && zone != Zone::kHeld;
    if (listed[c] != (tracked ? 1 : 0))
      return "card " + std::to_string(c) + " is listed " + std::to_string(listed[c]) + " times";
  }
  for (const DefList& d : kDefLists) {
    std::vector<CardId> listed_cards;
    std::copy_if(in_play.begin(), in_play.end(), std::back_inserter(listed_cards),
                 [&](CardId c) { return d.listed(def(c)); });
    if (listed_cards != this->*d.list)
      return std::string("the cards in play with ") + d.name + " are listed wrongly";
  }
  for (std::size_t w = 0; w < kWhereKinds; ++w) {
    std::vector<CardId> there;
    std::copy_if(in_play.begin(), in_play.end(), std::back_inserter(there),
                 [&](CardId c) { return static_cast<std::size_t>(cards[c].where) == w; });
    if (there != placed[w])
      return "the cards in play at where " + std::to_string(w) + " are listed wrongly";
  }
  for (std::size_t c = 0; c < cards.size(); ++c) {
    if (cards[c].handle != 0 && !handles_given[cards[c].handle % kHandleBits])
      return "card " + std::to_string(c) + "'s handle is not among the handles given";
  }
  for (const Effect& x : effects) {
    if (!may_have(x.kind))
      return "effect kind " + std::to_string(static_cast<int>(x.kind)) + " is not in effect_kinds";
  }
  return {};
}

}  // namespace spacedock::stccg
