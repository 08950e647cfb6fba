// Beaming outside the orders (cards/ABILITIES.md §6): Emergency Transporter Armbands beam your
// personnel between a ship and the planet it orbits at any time, with every beaming rule but
// the timing (CRD IV.8).
#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg::handlers {
namespace {

// The attempt of `seat` whose Away Team faces a Firestorm just revealed: the one dilemma the
// Armbands may escape, by beaming up (CRD II.4 errata, IV.8).
const AttemptFrame* firestorm_faced(const Engine& e, Seat seat, const WindowFrame* window) {
  if (!window || window->kind != WindowKind::kDilemma) return nullptr;
  const AttemptFrame* attempt = e.top_frame<AttemptFrame>();
  if (!attempt || attempt->player != seat || attempt->current != window->about ||
      e.state().def(window->about).title() != "Firestorm")
    return nullptr;
  return attempt;
}

// Never during a dilemma, and in a battle only until its winner is known.
bool armbands_window(const WindowFrame* window) {
  if (!window) return true;
  switch (window->kind) {
    case WindowKind::kResponse:
    case WindowKind::kBattleStart:
    case WindowKind::kBattle:
    case WindowKind::kDestroyed:
    case WindowKind::kEndOfTurn:
      return true;
    case WindowKind::kAttemptAnnounced:  // the group is set once the attempt is announced
    case WindowKind::kBetweenDilemmas:
    case WindowKind::kDilemma:
    case WindowKind::kKilled:
    case WindowKind::kCompleted:
    case WindowKind::kBattleEnded:
    case WindowKind::kCaptured:
    case WindowKind::kDrawn:
    case WindowKind::kPickedToDie:
    case WindowKind::kPickedForCapture:
    case WindowKind::kCardActed:  // a Worshiper's scoring comes in an attempt
      return false;
  }
  return false;
}

// Where `person` may beam to: your ships at the location for one on the planet, the planet for
// one aboard a ship.
std::vector<CardId> destinations(const Engine& e, Seat seat, CardId person) {
  const State& s = e.state();
  const CardState& p = s.cards[person];
  const LocIndex loc = e.location_of(person);
  std::vector<CardId> out;
  if (p.where == Where::kSurface) {
    for (CardId v : s.in_play) {
      if (e.is_ship(v) && s.cards[v].where == Where::kSpace &&
          e.check_transfer(seat, person, v, loc) == Rule::kOk)
        out.push_back(v);
    }
  } else if (p.where == Where::kAboard && e.is_ship(p.host) &&
             e.check_transfer(seat, person, kNoCard, loc) == Rule::kOk) {
    out.push_back(kNoCard);
  }
  return out;
}

void armbands_plays(const Engine& e, Seat seat, CardId self, const WindowFrame* window,
                    std::vector<Action>& out) {
  const State& s = e.state();
  if (const AttemptFrame* attempt = firestorm_faced(e, seat, window)) {
    for (CardId c : attempt->members) {
      if (s.cards[c].where == Where::kSurface && !destinations(e, seat, c).empty())
        out.push_back({ActionKind::kPlayInterrupt, self, c});
    }
    return;
  }
  if (!armbands_window(window)) return;
  for (CardId c : s.in_play) {
    if (e.is_personnel(c) && s.cards[c].controller == seat && !destinations(e, seat, c).empty())
      out.push_back({ActionKind::kPlayInterrupt, self, c});
  }
}

Rule armbands_still_legal(const Engine& e, Seat seat, const Action& play) {
  return destinations(e, seat, play.b).empty() ? Rule::kNoTarget : Rule::kOk;
}

void beam(Engine& e, CardId person, CardId to, LocIndex loc) {
  if (to == kNoCard) {
    e.move_card(person, Zone::kPlay, Where::kSurface, loc);
  } else {
    e.move_card(person, Zone::kPlay, Where::kAboard, kNoLoc, to);
  }
  // One who beams out of an attempting group (escaping a Firestorm) no longer faces its cards.
  if (AttemptFrame* attempt = e.top_frame<AttemptFrame>()) e.prune(*attempt);
}

// Beams the named personnel, then any others of the player from the same place to the same
// destination, one at a time, until the player is done (any number in one beaming).
void armbands_resolve(Engine& e, ActionFrame& f) {
  const State& s = e.state();
  const Seat seat = f.actor;
  if (f.sub == 0) {
    const CardId first = f.action.b;
    const std::vector<CardId> to = destinations(e, seat, first);
    if (to.empty()) return;
    auto ship = e.pick(seat, to);
    if (!ship) return;
    f.chosen = *ship;  // kNoCard: the planet
    f.origin = s.cards[first].where == Where::kAboard ? s.cards[first].host : kNoCard;
    f.action.loc = e.location_of(first);
    beam(e, first, f.chosen, f.action.loc);
    f.sub = 1;
  }
  for (;;) {
    std::vector<CardId> more;
    for (CardId c : s.in_play) {
      const CardState& p = s.cards[c];
      if (!e.is_personnel(c) || p.controller != seat) continue;
      const bool same_place = f.origin == kNoCard
                                  ? p.where == Where::kSurface && p.loc == f.action.loc
                                  : p.where == Where::kAboard && p.host == f.origin;
      if (same_place && e.check_transfer(seat, c, f.chosen, f.action.loc) == Rule::kOk)
        more.push_back(c);
    }
    if (more.empty()) return;
    auto next = e.pick_or_done(seat, more);
    if (!next || *next == kNoCard) return;
    beam(e, *next, f.chosen, f.action.loc);
  }
}

}  // namespace

extern const Handler kEmergencyTransporterArmbands{
    .name = "emergency_transporter_armbands",
    .test = "tests/scenarios/S-56-stopped-unstopped-cycle.scn",
    .plays = armbands_plays,
    .still_legal = armbands_still_legal,
    .resolve = armbands_resolve,
    .choose_label = "choose who else beams with them, or done",
};

}  // namespace spacedock::stccg::handlers
