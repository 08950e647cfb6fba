// Undoing orders (Temporal Causality Loop): a game holding a card that may undo the active
// player's last orders keeps, for the current turn, the game as it was as each order began
// (OrderJournal). A rewind puts one of those back, keeping what the players already know.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

ev::Place rewind_place(const CardState& card) {
  return {card.zone, card.where, card.loc, card.host, card.controller};
}

bool rewind_same_place(const CardState& a, const CardState& b) {
  return a.zone == b.zone && a.where == b.where && a.loc == b.loc && a.host == b.host &&
         a.controller == b.controller && a.face_down == b.face_down;
}

// Who may see each card where it is now: the two ends of a card's rewind move.
struct RewindSight {
  bool owner = false;
  bool all = false;
};

}  // namespace

void Engine::start_order_journal() {
  s_.journal.kept = std::any_of(s_.cards.begin(), s_.cards.end(), [&](const CardState& card) {
    const Handler* handler = s_.db->def(card.def).handler;
    return handler && handler->undoes_orders;
  });
}

void Engine::journal_order(const Action& order) {
  OrderJournal& journal = s_.journal;
  if (!journal.first) {
    journal.first = s_.snapshot();
    journal.first_order = order;
    journal.orders.push_back({0, s_.events.size()});
    return;
  }
  // Its own answer is the last one kept (Engine::answer).
  journal.orders.push_back({journal.answers.size() - 1, s_.events.size()});
}

State Engine::as_order_began(std::size_t k) const {
  const OrderJournal& journal = s_.journal;
  State first = *journal.first;
  first.relist();
  if (k == 0) return first;
  Engine replay(std::move(first));
  replay.s_.journal.kept = false;  // nothing replayed is journaled again
  replay.answer(*journal.first_order);
  for (std::size_t i = 0; i < journal.orders[k].answers; ++i)
    replay.answer(journal.answers[i]);
  // The order's decision is open in the replay: as it began, it is answered.
  replay.s_.decision_open = false;
  return std::move(replay.s_);
}

void Engine::rewind_orders(std::size_t to, CardId source) {
  if (to >= s_.journal.orders.size()) return;
  s_.journal.rewind_to = to;
  s_.journal.rewind_source = source;
}

void Engine::rewind() {
  const std::size_t to = *s_.journal.rewind_to;
  const CardId source = s_.journal.rewind_source;
  s_.journal.rewind_to.reset();
  if (s_.over) return;
  std::vector<RewindSight> sights;
  for (std::size_t c = 0; c < s_.cards.size(); ++c)
    sights.push_back({owner_sees(static_cast<CardId>(c)), all_see(static_cast<CardId>(c))});
  const OrderJournal::Entry entry = s_.journal.orders[to];
  State before = as_order_began(to);
  State now = std::move(s_);
  s_ = std::move(before);
  // Not rewound: handles and decision ids stay new, and what was drawn at random stays drawn
  // (a player who saw a result must not be able to foresee it again).
  s_.rng = now.rng;
  s_.handle_counter = now.handle_counter;
  s_.handles_given |= now.handles_given;
  s_.decisions_made = now.decisions_made;
  s_.decision = now.decision;
  s_.entries = now.entries;
  s_.journal.kept = true;
  // Cards from outside the game brought in meanwhile (Trust Me) stay where they were put.
  for (std::size_t c = s_.cards.size(); c < now.cards.size(); ++c) {
    CardState card = now.cards[c];
    // A copy met elsewhere (Receptacle Stones) is of no deck: it leaves the game instead.
    card.zone = card.copy ? Zone::kOutOfPlay : Zone::kDiscard;
    card.where = Where::kNone;
    card.loc = kNoLoc;
    card.host = kNoCard;
    card.controller = card.owner;
    s_.cards.push_back(card);
    if (!card.copy) s_.players[card.owner].discard.push_back(static_cast<CardId>(c));
  }
  // The card that undid the orders goes to the discard pile rather than back where it was.
  if (s_.cards[source].zone != Zone::kDiscard) to_discard(source);
  s_.events = std::move(now.events);
  // A draw deck shuffled meanwhile is shuffled again: its owner may have seen it in order (a
  // search), and must not know it as it was.
  for (std::size_t i = entry.events; i < s_.events.size(); ++i) {
    if (const auto* shuffled = std::get_if<ev::Shuffled>(&s_.events[i])) {
      s_.rng.shuffle(std::span(s_.players[shuffled->player].draw));
    }
  }
  // Each card now elsewhere goes back by an event; one hidden again (or shown again) gets a new
  // handle, which nothing links to the life it had in the orders undone.
  for (std::size_t i = 0; i < now.cards.size(); ++i) {
    const auto c = static_cast<CardId>(i);
    CardState& card = s_.cards[c];
    const CardState& was = now.cards[c];
    card.handle = was.handle;
    if (rewind_same_place(card, was)) continue;
    ev::CardMoved moved{.card = c,
                        .def = card.def,
                        .owner = card.owner,
                        .from = rewind_place(was),
                        .to = rewind_place(card),
                        .handle_before = was.handle,
                        .handle_after = was.handle,
                        .owner_sees_before = sights[i].owner,
                        .owner_sees_after = owner_sees(c),
                        .all_see_before = sights[i].all,
                        .all_see_after = all_see(c)};
    // As any move: a new handle when who may see it changes (move_card).
    if (moved.owner_sees_before != moved.owner_sees_after ||
        moved.all_see_before != moved.all_see_after || was.shown) {
      card.handle = new_handle();
      card.shown = false;
    }
    moved.handle_after = card.handle;
    emit(moved);
  }
  for (Seat seat = 0; seat < kPlayers; ++seat) {
    const int change = s_.players[seat].score - now.players[seat].score;
    if (change != 0) {
      emit(ev::Scored{seat, static_cast<std::int16_t>(change),
                      static_cast<std::int16_t>(s_.players[seat].score), source});
    }
  }
  s_.events_checked = 0;  // everything may have changed: the state-based checks run again
  s_.journal.clear();
  if (auto* turn = std::get_if<TurnFrame>(&s_.frames.back())) end_orders(*turn);
}

}  // namespace spacedock::stccg
