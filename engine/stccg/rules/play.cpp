// Playing events, interrupts and doorways from the hand (§1.4, §3.16, §3.19): what every play of
// a card type needs, the plays the cards' handlers offer, and nullification.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

v1::StccgCardType type_played_as(v1::StccgPlayAs as) {
  switch (as) {
    case v1::STCCG_PLAY_AS_EVENT:
      return v1::STCCG_CARD_TYPE_EVENT;
    case v1::STCCG_PLAY_AS_INTERRUPT:
      return v1::STCCG_CARD_TYPE_INTERRUPT;
    default:
      return v1::STCCG_CARD_TYPE_ARTIFACT;
  }
}

// An artifact kept in hand is played as the card type it is used as (CRD IV.4, II.1 "Played as").
v1::StccgCardType played_type(const CardDef& def) {
  if (def.type() != v1::STCCG_CARD_TYPE_ARTIFACT) return def.type();
  return type_played_as(def.card.artifact().play_as());
}

// The second card type an artifact may be played as (Tox Uthat: an event or an interrupt), or
// ARTIFACT for none.
v1::StccgCardType second_played_type(const CardDef& def) {
  if (def.type() != v1::STCCG_CARD_TYPE_ARTIFACT) return v1::STCCG_CARD_TYPE_ARTIFACT;
  return type_played_as(def.card.artifact().also_play_as());
}

// Whether `seat` may play `def` now as a card of `type`, by the rules of that type.
Rule may_play_typed(const Engine& e, Seat seat, const CardDef& def, v1::StccgCardType type,
                    const WindowFrame* window, bool downloading) {
  switch (type) {
    case v1::STCCG_CARD_TYPE_INTERRUPT:
      return Rule::kOk;  // any time, in either player's turn
    case v1::STCCG_CARD_TYPE_EQUIPMENT:
      // A report in a window, which its handler offers (D'k Tahg: into a battle just begun).
      return window ? Rule::kOk : Rule::kWrongStep;
    case v1::STCCG_CARD_TYPE_EVENT:
    case v1::STCCG_CARD_TYPE_INCIDENT:
    case v1::STCCG_CARD_TYPE_OBJECTIVE:
    case v1::STCCG_CARD_TYPE_MISSION:
      // Events are the turn's normal card play (§1.4); so are BoG's incidents and objectives,
      // and a mission whose handler lets it be played from the hand (Q's Planet).
      if (downloading) return Rule::kOk;
      if (!window && e.playing_free(seat)) return Rule::kOk;  // a play through a hold
      if (window || seat != e.state().active) return Rule::kWrongStep;
      return e.may_play_card(seat) ? Rule::kOk : Rule::kCardPlayUsed;
    case v1::STCCG_CARD_TYPE_DOORWAY:
      // Doorways act like interrupts but only in their owner's turn, unless the card says
      // otherwise, and never between dilemmas (CRD IV.6, S-62).
      if (seat != e.state().active && !def.card.doorway().any_turn() && !e.playing_free(seat))
        return Rule::kNotYours;
      if (window && window->kind == WindowKind::kBetweenDilemmas) return Rule::kWrongStep;
      return Rule::kOk;
    default:
      return Rule::kWrongCardType;
  }
}

// Whether a card of `type` may ever be played from the hand in a response window: events and
// the like are the turn's card play (may_play_typed).
bool answers_windows(v1::StccgCardType type) {
  return type == v1::STCCG_CARD_TYPE_INTERRUPT || type == v1::STCCG_CARD_TYPE_EQUIPMENT ||
         type == v1::STCCG_CARD_TYPE_DOORWAY;
}

// A play of a card with two ways to be played is of the type its action names.
v1::StccgCardType type_of_play(ActionKind kind) {
  return kind == ActionKind::kPlayInterrupt ? v1::STCCG_CARD_TYPE_INTERRUPT
                                            : v1::STCCG_CARD_TYPE_EVENT;
}

}  // namespace

bool Engine::forbidden(Seat seat, CardId c) const {
  for (CardId source : s_.play_forbidding_in_play) {
    if (s_.handler(source)->forbids_play(*this, source, seat, c)) return true;
  }
  return false;
}

bool Engine::any_forbids_play() const {
  return !s_.play_forbidding_in_play.empty();
}

Rule Engine::may_play_from_hand(Seat seat, CardId c, const WindowFrame* window,
                                bool check_forbidden) const {
  const CardState& card = s_.cards[c];
  // A card being downloaded is played from the draw deck, at once, whatever the window
  // (GLO "Special Download": any action may be suspended for it).
  const bool downloading = card.zone == Zone::kDrawDeck && downloadable(seat, c);
  // A hand is its controller's: an artifact earned from the opponent's seeds is in the earner's.
  const Seat holder = card.zone == Zone::kHand ? card.controller : card.owner;
  if (holder != seat || (card.zone != Zone::kHand && !downloading)) return Rule::kNotInHand;
  const CardDef& def = s_.def(c);
  if (def.unsupported()) return Rule::kNotPlayableNow;
  if (!doorway_admits(seat, def)) return Rule::kNotPlayableNow;  // an AU card needs an open AU Door
  if (check_forbidden && forbidden(seat, c)) return Rule::kNotPlayableNow;
  const Rule rule = may_play_typed(*this, seat, def, played_type(def), window, downloading);
  // A card with a second way to be played may be played if either way allows it now; its plays
  // are sorted out in hand_plays.
  const v1::StccgCardType second = second_played_type(def);
  if (rule == Rule::kOk || second == v1::STCCG_CARD_TYPE_ARTIFACT) return rule;
  const Rule other_way = may_play_typed(*this, seat, def, second, window, downloading);
  return other_way == Rule::kOk ? Rule::kOk : rule;
}

void Engine::hand_plays(Seat seat, const WindowFrame* window, std::vector<Action>& out) const {
  // Asked once for the whole hand: this runs at every window, and almost always nothing in
  // play forbids anything.
  const bool check_forbidden = any_forbids_play();
  for (CardId c : s_.players[seat].hand) {
    const CardDef& def = s_.def(c);
    const Handler* handler = def.handler;
    if (!handler || !handler->plays) continue;
    // A window is answered by few of the hand's cards: the others are passed over first.
    if (window && !answers_windows(played_type(def)) && !answers_windows(second_played_type(def)))
      continue;
    if (may_play_from_hand(seat, c, window, check_forbidden) != Rule::kOk) continue;
    const std::size_t before = out.size();
    handler->plays(*this, seat, c, window, out);
    if (second_played_type(def) == v1::STCCG_CARD_TYPE_ARTIFACT) continue;
    // A card with two ways to be played: only the plays of a way allowed now (Tox Uthat as an
    // event only as the turn's card play).
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(before), out.end(),
                             [&](const Action& play) {
                               return may_play_typed(*this, seat, def, type_of_play(play.kind),
                                                     window, false) != Rule::kOk;
                             }),
              out.end());
  }
}

void Engine::announce_play(Seat seat, const Action& play) {
  // Its player controls it while it resolves (an earned artifact may be the opponent's card).
  move_card(play.a, Zone::kResolving, Where::kNone, kNoLoc, kNoCard, seat);
  const Handler* handler = s_.handler(play.a);
  if (handler && handler->announced) handler->announced(*this, seat, play);
}

Rule Engine::still_legal(Seat seat, const Action& play) const {
  const CardId c = play.a;
  if (c == kNoCard || s_.cards[c].zone != Zone::kResolving) return Rule::kNoTarget;
  if (forbidden(seat, c)) return Rule::kNotPlayableNow;
  const Handler* handler = s_.handler(c);
  if (handler && handler->still_legal) return handler->still_legal(*this, seat, play);
  return Rule::kOk;
}

void Engine::resolve_play(ActionFrame& f) {
  const CardId c = f.action.a;
  const Handler* handler = s_.handler(c);
  if (handler && handler->resolve) handler->resolve(*this, f);
  // A card that did its work and was not placed anywhere is discarded.
  if (s_.cards[c].zone == Zone::kResolving) to_discard(c);
}

void Engine::nullify(CardId c) {
  // A card waiting to resolve: its action, or its place among the responses, is cancelled.
  for (Frame& frame : s_.frames) {
    if (auto* action = std::get_if<ActionFrame>(&frame)) {
      if (action->action.a == c && action->step != ActionFrame::Step::kResponses)
        action->nullified = true;
      std::erase_if(action->responses, [&](const auto& r) { return r.second.a == c; });
    }
  }
  emit(ev::Nullified{c, s_.cards[c].def});
  to_discard(c);
}

bool Engine::may_nullify(CardId nullifier, CardId target) const {
  if (face_down_agenda(target)) return false;  // nobody knows what it is (BoG)
  const auto& immunity = s_.def(target).card.nullifiers();
  if (immunity.not_nullifiable()) return false;
  for (CardId c : s_.handled_in_play) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->shields_from_nullifier &&
        handler->shields_from_nullifier(*this, c, target, nullifier))
      return false;
  }
  // A title names its whole colon group: immune to Kevin Uxbridge is immune to Kevin Uxbridge:
  // Convergence too (CRD II.1 Colon Rule); a full title names that one card only.
  const CardDef& by = s_.def(nullifier);
  const auto names_nullifier = [&](const auto& titles) {
    return std::any_of(titles.begin(), titles.end(), [&](const std::string& t) {
      return t == by.title() || t == by.title_group;
    });
  };
  if (names_nullifier(immunity.immune_to())) return false;
  return immunity.only_by().empty() || names_nullifier(immunity.only_by());
}

bool Engine::just_played(CardId c, Seat by) const {
  // Its player controls it while it resolves (announce_play): an earned artifact of the other
  // player's seeding is the earner's play.
  return c != kNoCard && s_.cards[c].zone == Zone::kResolving && s_.cards[c].controller == by;
}

}  // namespace spacedock::stccg
