// The timing engine (§3.16): an action is announced, the opponent may respond, the action
// resolves whole, then the responses resolve in the order they were announced, each only if it
// is still legal. Nullifiers answer a card just played and resolve at once, last in first out.
#include <algorithm>

#include "engine/stccg/cards/handlers/handler.h"
#include "engine/stccg/rules/engine.h"

namespace spacedock::stccg {
namespace {

bool normal_card_play(ActionKind kind) {
  return kind == ActionKind::kReport || kind == ActionKind::kBuild ||
         kind == ActionKind::kPlayEvent || kind == ActionKind::kInsertMission;
}

bool plays_from_hand(ActionKind kind) {
  return kind == ActionKind::kPlayEvent || kind == ActionKind::kPlayInterrupt ||
         kind == ActionKind::kPlayDoorway;
}

}  // namespace

void Engine::begin_action(Seat actor, const Action& a) {
  // A download is neither the card play nor an order: it may come at any time (downloads.cpp).
  if (a.kind == ActionKind::kDownload) return begin_download(actor, a.a, a.loc, a.b);
  // Hidden agendas: neither is an order, and nobody can answer a card they cannot see.
  if (a.kind == ActionKind::kPlayFaceDown) return play_face_down(actor, a.a, /*seeding=*/false);
  if (a.kind == ActionKind::kReveal) return reveal_agenda(a.a);
  // A cloaked ship exposed for the very next action stays so only if that action attacks it,
  // until that battle ends (La Forge Maneuver).
  if (s_.may_have(EffectKind::kCloakPierced)) {
    for (Effect& x : s_.effects) {
      if (x.kind == EffectKind::kCloakPierced && a.kind == ActionKind::kAttack && a.b == x.card)
        x.flag = true;
    }
    end_effects([](const Effect& x) { return x.kind == EffectKind::kCloakPierced && !x.flag; });
  }
  PlayerState& player = s_.players[actor];
  if (normal_card_play(a.kind) && !(a.kind == ActionKind::kReport && free_report(a.a))) {
    player.card_played = true;
    if (a.kind != ActionKind::kReport) player.only_reports = false;
  } else if (!plays_from_hand(a.kind)) {
    player.orders_begun = true;  // interrupts and doorways are not orders (§1.4)
  }
  // A card played goes face up on the table: both players see what is coming.
  if (normal_card_play(a.kind) || plays_from_hand(a.kind)) announce_play(actor, a);
  s_.frames.emplace_back(ActionFrame{a, actor});
}

void Engine::step(ActionFrame& f) {
  switch (f.step) {
    case ActionFrame::Step::kAnnounced: {
      f.step = ActionFrame::Step::kResolving;
      WindowFrame window;
      window.kind = WindowKind::kResponse;
      window.asking = State::other(f.actor);
      window.passes_to_close = 1;  // the actor has just acted: the opponent's pass closes it
      window.collector = static_cast<std::uint16_t>(s_.frames.size() - 1);
      s_.frames.emplace_back(window);
      return;
    }
    case ActionFrame::Step::kResolving: {
      const std::size_t at = s_.frames.size() - 1;  // `f` is the top frame
      // A card in play may nullify it as it comes to resolve (nullify sets f.nullified).
      if (!f.nullified && nullified_in_play(f)) nullify(f.action.a);
      if (!f.nullified) resolve(f);  // may push frames (an attempt, a battle), moving `f`
      ActionFrame& self = std::get<ActionFrame>(s_.frames[at]);
      if (self.resumes) {
        self.resumes = false;
        return;
      }
      // A resolution waiting for a choice runs again when the answer comes.
      if (!s_.decision_open && !s_.answer) self.step = ActionFrame::Step::kResponses;
      return;
    }
    case ActionFrame::Step::kResponses: {
      if (f.next_response < f.responses.size()) {
        const auto [seat, response] = f.responses[f.next_response++];
        if (still_legal(seat, response) == Rule::kOk) {
          s_.frames.emplace_back(ActionFrame{response, seat, ActionFrame::Step::kResolving});
        } else if (s_.cards[response.a].zone == Zone::kResolving) {
          move_card(response.a, Zone::kHand);  // no longer legal: back to the hand
        }
        return;
      }
      s_.frames.pop_back();
      return;
    }
  }
}

bool Engine::nullified_in_play(const ActionFrame& f) const {
  if (f.action.kind != ActionKind::kPlayInterrupt && f.action.kind != ActionKind::kPlayEvent)
    return false;
  for (CardId c : s_.play_nullifying_in_play) {
    if (s_.handler(c)->nullifies_play(*this, c, f.actor, f.action)) return true;
  }
  return false;
}

void Engine::resolve(ActionFrame& f) {
  const Action& a = f.action;
  // Artifacts left at a completed mission, taken by a later group (The Charybdis).
  if (a.kind == ActionKind::kUseCard && left_behind(a.a)) return take_left_artifact(f);
  // An order a card in play gave itself: its handler carries it out.
  if (is_card_order(a)) return s_.handler(a.a)->resolve(*this, f);
  switch (a.kind) {
    case ActionKind::kReport: {
      if (f.sub == 0) {
        if (a.b == kNoCard) {  // a ship at a spaceline end (StccgReportsAt: I.K.C. T'Ong)
          move_card(a.a, Zone::kPlay, Where::kSpace, a.loc);
        } else if (const CardState& facility = s_.cards[a.b]; is_personnel(a.b)) {
          // To a personnel's group: Mr. Homn's, or beside a Klingon (Mek'leth).
          const bool aboard = facility.where == Where::kAboard;
          move_card(a.a, Zone::kPlay, facility.where, aboard ? kNoLoc : facility.loc,
                    aboard ? facility.host : kNoCard);
        } else if (is_ship(a.a)) {
          move_card(a.a, Zone::kPlay, Where::kSpace, facility.loc);  // docked: implicit (§3.5)
        } else {
          move_card(a.a, Zone::kPlay, Where::kAboard, kNoLoc, a.b);
        }
        f.sub = 1;
        // A choice made on arrival (Soong-type Android) is a frame of its own, run first: `f`
        // may have moved, and the crew it brings comes after.
        if (announce_reported(a.a)) return;
      }
      return report_personnel_aboard(f);
    }
    case ActionKind::kBuild:
      move_card(a.a, Zone::kPlay, Where::kSpace, a.loc);
      return;
    case ActionKind::kPlayEvent:
      if (s_.handler(a.a)) return resolve_play(f);
      if (a.b == kNoCard) {
        move_card(a.a, Zone::kPlay, Where::kTable);
      } else {
        move_card(a.a, Zone::kPlay, Where::kOn, kNoLoc, a.b);
      }
      return;
    case ActionKind::kPlayInterrupt:
    case ActionKind::kPlayDoorway:
      return resolve_play(f);
    case ActionKind::kInsertMission:
      // A mission played from the hand (Q's Planet): it goes on the spaceline, then its handler
      // does what follows (which may ask, and run again).
      if (f.sub == 0) {
        insert_mission(f.actor, a.a, a.loc);
        f.sub = 1;
      }
      if (const Handler* handler = s_.handler(a.a); handler && handler->resolve)
        handler->resolve(*this, f);
      return;
    case ActionKind::kMove:
      return move_ship(a.a, a.loc);
    case ActionKind::kTransfer: {
      // Whoever controls it keeps it: a captive stays its captor's.
      const Seat keeps = s_.cards[a.a].controller;
      // Down to the planet, or into the other player's Away Team there, named by one of its
      // members (an infiltrator: infiltration.cpp).
      const bool into_team = a.b != kNoCard && is_personnel(a.b);
      if (a.b == kNoCard || into_team) {
        if (is_personnel(a.a) && s_.options.pulaski_beaming_restriction &&
            s_.def(a.a).card.personnel().no_beam_up_after_beam_down()) {
          Effect down{.kind = EffectKind::kBeamedDown, .until = Until::kEndOfTurn};
          down.card = a.a;
          add_effect(down);
        }
        move_card(a.a, Zone::kPlay, Where::kSurface, a.loc, kNoCard, keeps);
        if (into_team) join_team(a.a, s_.cards[a.b].controller);
      } else {
        move_card(a.a, Zone::kPlay, Where::kAboard, kNoLoc, a.b, keeps);
      }
      return;
    }
    case ActionKind::kAttempt:
      start_attempt(f.actor, a.loc, a.a, a.b);
      return;
    case ActionKind::kAttack:
    case ActionKind::kBattle: {
      const auto cancelled = battle_cancelled(f);
      if (!cancelled || *cancelled) return;
      if (a.kind == ActionKind::kAttack) {
        begin_ship_battle(f.actor, a.a, a.b);
      } else {
        begin_personnel_battle(f.actor, a.a, a.b);
      }
      return;
    }
    case ActionKind::kCloak:
    case ActionKind::kDecloak: {
      CardState& ship = s_.cards[a.a];
      ship.cloaked = a.kind == ActionKind::kCloak;
      ship.cloak_changed = true;
      ship.docked_all_turn = false;
      if (!ship.cloaked) ship_arrived(a.a);  // it is there to be seen again
      return;
    }
    case ActionKind::kDock:
    case ActionKind::kUndock:
      s_.cards[a.a].undocked = a.kind == ActionKind::kUndock;
      s_.cards[a.a].docked_all_turn = false;
      return;
    case ActionKind::kRescue:
      if (check_rescue(f.actor, a.a) == Rule::kOk) rescue(a.a);
      return;
    case ActionKind::kTakeCustody:
      if (check_custody(f.actor, a.a, a.b) == Rule::kOk) take_custody(a.a, a.b);
      return;
    case ActionKind::kLeaveCaptive:
      toggle_unattended(a.a);
      return;
    case ActionKind::kBrig:
      if (check_brig(f.actor, a.a) == Rule::kOk) toggle_brig(a.a);
      return;
    case ActionKind::kDownload:
      return resolve_download(f);
    case ActionKind::kTakeBack:
      if (check_take_back(f.actor, a.a) != Rule::kOk) return;
      if (const Handler* handler = s_.handler(a.a); handler->resolve) handler->resolve(*this, f);
      move_card(a.a, Zone::kHand);
      return;
    default:
      return;
  }
}

void Engine::report_personnel_aboard(ActionFrame& f) {
  // A ship that brings personnel from its player's hand aboard as it reports (I.K.C. T'Ong):
  // one at a time, up to its number, each compatible with the ship and those already aboard.
  const CardId ship = f.action.a;
  const unsigned most = s_.def(ship).card.reports_at().with_personnel();
  while (f.sub <= most) {
    std::vector<CardId> candidates;
    for (CardId c : s_.players[f.actor].hand) {
      const CardDef& def = s_.def(c);
      if (!is_personnel(c) || def.unsupported() || !doorway_admits(f.actor, def)) continue;
      if (def.persona != kNoPersona && def.unique() &&
          persona_in_play(f.actor, def.persona, kNoCard))
        continue;
      if (compatible(f.actor, affiliations(c), affiliations(ship)) && fits_with_crew(c, ship))
        candidates.push_back(c);
    }
    if (candidates.empty()) return;
    const auto chosen = pick_or_done(f.actor, candidates);
    if (!chosen) return;  // asked: this runs again with the answer
    if (*chosen == kNoCard) return;
    move_card(*chosen, Zone::kPlay, Where::kAboard, kNoLoc, ship);
    ++f.sub;
    if (announce_reported(*chosen)) return;  // its choice first; `f` may have moved
  }
}

bool Engine::announce_reported(CardId card) {
  const Handler* handler = s_.handler(card);
  if (!handler || !handler->reported) return false;
  const std::size_t reporting = s_.frames.size() - 1;  // the report resolving, on top
  handler->reported(*this, card);
  if (s_.frames.size() == reporting + 1) return false;
  if (auto* report = std::get_if<ActionFrame>(&s_.frames[reporting])) report->resumes = true;
  return true;
}

std::optional<bool> Engine::battle_cancelled(const ActionFrame& f) {
  const auto right = std::find_if(s_.effects.begin(), s_.effects.end(), [&](const Effect& x) {
    return x.kind == EffectKind::kBattleCancellable && x.player == f.actor;
  });
  if (right == s_.effects.end()) return false;
  // Only the next battle initiated: the right is used up whether or not it is taken (CRD
  // IV.12.B: a battle already running goes on).
  auto cancel = yes_no(State::other(f.actor));
  if (!cancel) return std::nullopt;
  s_.effects.erase(right);
  return cancel;
}

}  // namespace spacedock::stccg
