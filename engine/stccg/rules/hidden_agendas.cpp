// Hidden agendas (BoG): a card with the hidden agenda icon may be seeded, or played as the card
// play, face down on its owner's table. There only its owner knows what it is (the view names it
// for them alone), it cannot be nullified and it does nothing. Its owner may reveal it whenever
// they are asked to act, among their orders or in any response window, without using the card
// play; from then on it is a card in play like any other. A hidden agenda may also be played face
// up, as its card type allows. Where the 1997 documents are silent (they predate BoG), this
// follows the Glossary's "Special Download" entry: a hidden agenda is played to the table, then
// revealed, and only then follows its text.
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

bool Engine::hidden_agenda(CardId c) const {
  return (s_.traits(c).icons & (1u << v1::STCCG_ICON_HIDDEN_AGENDA)) != 0;
}

bool Engine::face_down_agenda(CardId c) const {
  const CardState& card = s_.cards[c];
  return card.zone == Zone::kPlay && card.where == Where::kTable && card.face_down;
}

Rule Engine::check_play_face_down(Seat seat, CardId card, bool seeding) const {
  if (card == kNoCard || card >= s_.cards.size()) return Rule::kNoTarget;
  const CardState& c = s_.cards[card];
  const CardDef& def = s_.def(card);
  if (c.owner != seat) return Rule::kNotYours;
  if (!hidden_agenda(card)) return Rule::kWrongCardType;
  if (def.unsupported()) return Rule::kNotPlayableNow;
  if (seeding) {
    // Only a hidden agenda that seeds may be seeded, with the outposts (the last step).
    if (c.zone != Zone::kSeedPile) return Rule::kNotInHand;
    const auto rule = def.card.seed_rule();
    return rule == v1::STCCG_SEED_RULE_SEEDS || rule == v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS
               ? Rule::kOk
               : Rule::kWrongCardType;
  }
  if (c.zone != Zone::kHand) return Rule::kNotInHand;
  if (seat != s_.active) return Rule::kNotYours;
  return check_from_hand(seat, card);
}

void Engine::play_face_down(Seat seat, CardId card, bool seeding) {
  if (!seeding) {
    s_.players[seat].card_played = true;
    s_.players[seat].only_reports = false;
  }
  // Face down before it moves, so that the move tells nobody else what it is.
  s_.cards[card].face_down = true;
  move_card(card, Zone::kPlay, Where::kTable, kNoLoc, kNoCard, seat);
}

Rule Engine::check_reveal(Seat seat, CardId card) const {
  if (card == kNoCard || card >= s_.cards.size() || !face_down_agenda(card)) return Rule::kNoTarget;
  return s_.cards[card].controller == seat ? Rule::kOk : Rule::kNotYours;
}

void Engine::reveal_agenda(CardId card) {
  reveal(card);
}

void Engine::agenda_options(Seat seat, bool orders, std::vector<Action>& out) const {
  for (CardId c : s_.in_play_where(Where::kTable)) {  // where a face-down agenda lies
    if (s_.cards[c].face_down && check_reveal(seat, c) == Rule::kOk)
      out.push_back({ActionKind::kReveal, c});
  }
  if (!orders) return;
  for (CardId c : s_.players[seat].hand) {
    // Most of the hand is no hidden agenda: that is asked first, from the card's traits.
    if (hidden_agenda(c) && check_play_face_down(seat, c, /*seeding=*/false) == Rule::kOk)
      out.push_back({ActionKind::kPlayFaceDown, c});
  }
}

}  // namespace spacedock::stccg
