// Capturing, captives and commandeering (§3.14, the BoG rules, which supersede the CRD's). A
// captive is disabled and controlled by its captor, who escorts it with a crew or Away Team at
// that location, or else holds it in a trap: the capturing card, left there until the captor's
// personnel take custody. The captor may leave a captive unattended; then its owner's personnel
// present may rescue it without a card. Captives go back to their owners when the game ends.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {

const Effect* Engine::captivity(CardId personnel) const {
  if (!s_.may_have(EffectKind::kCaptive)) return nullptr;
  for (const Effect& x : s_.effects) {
    if (x.kind == EffectKind::kCaptive && x.card == personnel) return &x;
  }
  return nullptr;
}

CardId Engine::escort_for(Seat captor, LocIndex loc, bool on_planet) const {
  // One of the captor's crews or Away Teams at the location: on the planet for a captive taken
  // there, else a ship or facility of theirs.
  if (on_planet) {
    const auto team = on_surface(captor, loc);
    if (!team.empty()) return team.front();
  }
  for (CardId c : s_.in_play) {
    const CardState& v = s_.cards[c];
    if (v.controller == captor && v.where == Where::kSpace && v.loc == loc && !v.cloaked &&
        (is_ship(c) || is_facility(c)) && crewed(c))
      return c;
  }
  return kNoCard;
}

void Engine::capture(CardId personnel, Seat captor, CardId source, bool source_goes_along) {
  CardState& p = s_.cards[personnel];
  const LocIndex loc = location_of(personnel);
  const bool on_planet = p.where == Where::kSurface;
  // Whatever is played on the captive stays on it; what it carried stays with its group.
  const CardId escort = escort_for(captor, loc, on_planet);
  p.disabled = true;
  p.stopped = false;
  const bool left_behind = escort == kNoCard && source == kNoCard;
  if (left_behind) {
    // Nobody of the captor's there and no capturing card (Mandarin Bailiff): the captive stays
    // where it is, the captor's, tied up and left behind.
    move_card(personnel, Zone::kPlay, p.where, p.loc, p.host, captor);
  } else if (escort == kNoCard) {
    // Nobody of the captor's there: the capturing card holds the captive as a trap, on the
    // planet if there is one (BoG).
    move_card(source, Zone::kPlay, planet(loc) ? Where::kSurface : Where::kSpace, loc, kNoCard,
              captor);
    move_card(personnel, Zone::kPlay, Where::kOn, kNoLoc, source, captor);
  } else if (is_personnel(escort)) {
    move_card(personnel, Zone::kPlay, Where::kSurface, loc, kNoCard, captor);
  } else {
    move_card(personnel, Zone::kPlay, Where::kAboard, kNoLoc, escort, captor);
  }
  expose(personnel);
  if (escort != kNoCard && source != kNoCard && source_goes_along)
    move_card(source, Zone::kPlay, Where::kOn, kNoLoc, personnel, captor);
  Effect held{.kind = EffectKind::kCaptive, .until = Until::kRemoved};
  held.player = captor;
  held.source = source;
  held.card = personnel;
  held.flag = left_behind;  // unattended
  add_effect(held);
  emit(ev::Captured{personnel, captor});
  for (CardId c : std::vector<CardId>(s_.handled_in_play)) {
    const Handler* handler = s_.handler(c);
    if (handler && handler->captive_taken) handler->captive_taken(*this, c, personnel, captor);
  }
  // A window in which the captor may answer the capture (Prisoner Escort), opened only when
  // they have something to answer it with, so that a capture asks nothing of anyone otherwise.
  WindowFrame answer;
  answer.kind = WindowKind::kCaptured;
  answer.about = personnel;
  answer.loc = loc;
  answer.asking = captor;
  answer.passes_to_close = 1;
  if (!response_options(captor, answer).empty()) s_.frames.emplace_back(answer);
}

void Engine::release(CardId personnel) {
  // Back to its owner, no longer disabled; the capturing-related cards on it are discarded.
  CardState& p = s_.cards[personnel];
  end_effects([&](const Effect& x) {
    return (x.kind == EffectKind::kCaptive || x.kind == EffectKind::kInBrig) && x.card == personnel;
  });
  for (CardId c : std::vector<CardId>(s_.in_play)) {
    if (s_.cards[c].where == Where::kOn && s_.cards[c].host == personnel) to_discard(c);
  }
  p.disabled = false;
  p.controller = p.owner;
  emit(ev::Rescued{personnel});
}

bool Engine::unattended(CardId personnel) const {
  // Left unattended by the captor, or with none of the captor's personnel with it ("tied up
  // and left behind"); a captive held by a trap is held.
  const Effect* held = captivity(personnel);
  if (!held || brainwashed(personnel)) return false;
  if (held->flag) return true;
  const CardState& p = s_.cards[personnel];
  if (p.where == Where::kOn || in_brig(personnel)) return false;  // held by a trap or a Brig
  if (p.where == Where::kAboard) return !crewed(p.host);
  return on_surface(held->player, p.loc).empty();
}

std::vector<CardId> Engine::rescuers(CardId personnel) const {
  // The owner's personnel present with the captive: on the same planet, or aboard the same
  // ship or facility (which the owner rarely reaches).
  const CardState& p = s_.cards[personnel];
  if (p.where == Where::kSurface) return on_surface(p.owner, p.loc);
  if (p.where == Where::kAboard) {
    std::vector<CardId> out = crew(p.host);
    std::erase_if(out, [&](CardId c) { return s_.cards[c].controller != p.owner; });
    return out;
  }
  return {};
}

Rule Engine::check_rescue(Seat seat, CardId personnel) const {
  if (personnel == kNoCard || !s_.in_play_at(personnel) || !captivity(personnel))
    return Rule::kNoTarget;
  if (s_.cards[personnel].owner != seat) return Rule::kNotYours;
  if (!unattended(personnel)) return Rule::kNoTarget;  // held: only a card rescues it
  const auto present = rescuers(personnel);
  const bool ready =
      std::any_of(present.begin(), present.end(), [&](CardId c) { return !s_.cards[c].stopped; });
  return ready ? Rule::kOk : Rule::kStopped;
}

void Engine::rescue(CardId personnel) {
  release(personnel);
  // Rescued where it stands: it joins its owner's personnel there.
  CardState& p = s_.cards[personnel];
  if (p.where == Where::kOn)
    move_card(personnel, Zone::kPlay, Where::kSurface, location_of(personnel));
}

Rule Engine::check_custody(Seat seat, CardId personnel, CardId taker) const {
  // A captive held by a trap is taken into custody by the captor's Away Team on the planet, or
  // a ship of theirs with transporters in space (BoG).
  const Effect* held = personnel == kNoCard ? nullptr : captivity(personnel);
  if (!held || held->player != seat) return Rule::kNoTarget;
  const CardState& p = s_.cards[personnel];
  if (p.where != Where::kOn) return Rule::kNoTarget;
  const CardState& trap = s_.cards[p.host];
  if (taker == kNoCard || !s_.in_play_at(taker) || s_.cards[taker].controller != seat)
    return Rule::kNotYours;
  const CardState& t = s_.cards[taker];
  if (location_of(taker) != trap.loc) return Rule::kNotSameLocation;
  if (t.stopped) return Rule::kStopped;
  if (trap.where == Where::kSurface) {
    return is_personnel(taker) && t.where == Where::kSurface && !t.disabled ? Rule::kOk
                                                                            : Rule::kNoTarget;
  }
  return (is_ship(taker) || is_facility(taker)) && t.where == Where::kSpace && !t.cloaked
             ? Rule::kOk
             : Rule::kNoTarget;
}

void Engine::take_custody(CardId personnel, CardId taker) {
  const CardId trap = s_.cards[personnel].host;
  if (is_personnel(taker)) {
    move_card(personnel, Zone::kPlay, Where::kSurface, s_.cards[taker].loc, kNoCard,
              s_.cards[taker].controller);
  } else {
    move_card(personnel, Zone::kPlay, Where::kAboard, kNoLoc, taker, s_.cards[taker].controller);
  }
  // The trap is discarded once it holds nobody.
  const bool empty = std::none_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
    return s_.cards[c].where == Where::kOn && s_.cards[c].host == trap;
  });
  if (empty) to_discard(trap);
}

Rule Engine::check_leave_captive(Seat seat, CardId personnel) const {
  const Effect* held = personnel == kNoCard ? nullptr : captivity(personnel);
  if (!held || held->player != seat) return Rule::kNoTarget;
  if (seat != s_.active) return Rule::kNotYours;  // during the captor's turn (BoG)
  // Held by a trap, or in a Brig (taken out first).
  return s_.cards[personnel].where == Where::kOn || in_brig(personnel) ? Rule::kNoTarget
                                                                       : Rule::kOk;
}

Rule Engine::check_brig(Seat seat, CardId personnel) const {
  const Effect* held = personnel == kNoCard ? nullptr : captivity(personnel);
  if (!held || held->player != seat || brainwashed(personnel)) return Rule::kNoTarget;
  if (seat != s_.active) return Rule::kNotYours;  // during the captor's turn (BoG "Brigs")
  const CardState& p = s_.cards[personnel];
  return p.where == Where::kAboard && s_.cards[p.host].controller == seat && has_brig(p.host)
             ? Rule::kOk
             : Rule::kNoTarget;
}

void Engine::toggle_brig(CardId personnel) {
  const bool was_in = in_brig(personnel);
  // Nothing is reported, but cards may act on it in their state checks (Prisoner Escort).
  s_.events_checked = 0;
  end_effects(
      [&](const Effect& x) { return x.kind == EffectKind::kInBrig && x.card == personnel; });
  if (was_in) return;  // out: escorted by the crew aboard, if any
  Effect brig{.kind = EffectKind::kInBrig, .until = Until::kSourceLeaves};
  brig.source = s_.cards[personnel].host;
  brig.card = personnel;
  add_effect(brig);
  for (Effect& x : s_.effects) {  // held in the Brig: no longer left unattended
    if (x.kind == EffectKind::kCaptive && x.card == personnel) x.flag = false;
  }
}

void Engine::toggle_unattended(CardId personnel) {
  for (Effect& x : s_.effects) {
    if (x.kind == EffectKind::kCaptive && x.card == personnel) x.flag = !x.flag;
  }
}

void Engine::return_captives() {
  // At the end of the game every captive goes back to its owner (BoG).
  for (const Effect& x : std::vector<Effect>(s_.effects)) {
    if (x.kind == EffectKind::kCaptive && s_.in_play_at(x.card)) release(x.card);
  }
}

void Engine::captive_options(Seat seat, std::vector<Action>& out) const {
  if (!s_.may_have(EffectKind::kCaptive)) return;
  for (const Effect& x : s_.effects) {
    if (x.kind != EffectKind::kCaptive) continue;
    if (check_rescue(seat, x.card) == Rule::kOk) out.push_back({ActionKind::kRescue, x.card});
    if (check_leave_captive(seat, x.card) == Rule::kOk)
      out.push_back({ActionKind::kLeaveCaptive, x.card});
    if (check_brig(seat, x.card) == Rule::kOk) out.push_back({ActionKind::kBrig, x.card});
    if (x.player != seat || s_.cards[x.card].where != Where::kOn) continue;
    for (CardId c : s_.in_play) {
      if (check_custody(seat, x.card, c) == Rule::kOk)
        out.push_back({ActionKind::kTakeCustody, x.card, c});
    }
  }
}

bool Engine::has_brig(CardId vessel) const {
  return std::any_of(s_.in_play.begin(), s_.in_play.end(), [&](CardId c) {
    const CardState& card = s_.cards[c];
    if (card.where != Where::kOn || card.host != vessel) return false;
    const auto& keywords = s_.def(c).card.keywords();
    return std::find(keywords.begin(), keywords.end(), "Brig") != keywords.end();
  });
}

bool Engine::in_brig(CardId personnel) const {
  // BoG "Brigs": while the captor controls the ship or facility, they move captives in and out
  // of its Brig during their turn (check_brig); brought aboard, a captive is not in it.
  if (!s_.may_have(EffectKind::kInBrig)) return false;
  const Effect* held = captivity(personnel);
  const CardState& p = s_.cards[personnel];
  if (!held || brainwashed(personnel) || p.where != Where::kAboard ||
      s_.cards[p.host].controller != held->player || !has_brig(p.host))
    return false;
  return std::any_of(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kInBrig && x.card == personnel && x.source == p.host;
  });
}

bool Engine::brainwashed(CardId personnel) const {
  return captivity(personnel) && !s_.cards[personnel].disabled;
}

bool Engine::commandeer(CardId target, Seat by, const std::vector<CardId>& personnel,
                        Affiliation as) {
  // BoG "Commandeering": the card comes under your control and takes the affiliation of one
  // commandeering personnel (your choice); all Non-Aligned or Neutral: unchanged. Never a Borg.
  const bool borg = std::any_of(personnel.begin(), personnel.end(), [&](CardId c) {
    return (affiliations(c) & bit(Affiliation::kBorg)) != 0;
  });
  if (borg || personnel.empty()) return false;
  s_.cards[target].controller = by;
  s_.cards[target].undocked = false;
  if (as != Affiliation::kNone && as != Affiliation::kNonAligned && as != Affiliation::kNeutral) {
    Effect becomes{.kind = EffectKind::kAffiliation, .until = Until::kSourceLeaves};
    becomes.card = target;
    becomes.source = target;
    becomes.value = static_cast<std::int16_t>(as);
    add_effect(becomes);
  }
  emit(ev::Commandeered{target, by});
  return true;
}

}  // namespace spacedock::stccg
