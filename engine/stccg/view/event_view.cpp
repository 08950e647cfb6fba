#include <string>

#include "engine/stccg/view/view.h"

namespace spacedock::stccg {
namespace {

// The proto enums mirror the engine's, shifted by one for UNSPECIFIED.
static_assert(static_cast<int>(Zone::kStored) + 1 == v1::STCCG_ZONE_STORED);
static_assert(static_cast<int>(Zone::kHeld) + 1 == v1::STCCG_ZONE_HELD);
static_assert(static_cast<int>(Where::kSideDeck) == v1::STCCG_WHERE_SIDE_DECK);
static_assert(static_cast<int>(ev::Step::kEndOfTurn) + 1 == v1::STCCG_STEP_END_OF_TURN);
static_assert(static_cast<int>(ev::Outcome::kCancelled) + 1 == v1::STCCG_OUTCOME_CANCELLED);
static_assert(static_cast<int>(ev::AttemptResult::kAbandoned) + 1 ==
              v1::STCCG_ATTEMPT_RESULT_ABANDONED);

// Whether the viewer may see a card at one end of a move, by the flags the move recorded.
bool sees_end(core::Viewer viewer, Seat owner, const ev::Place& place, bool all_see,
              bool owner_sees) {
  if (viewer.role == core::Viewer::Role::kJudge || all_see) return true;
  return viewer.is_seat(place.zone == Zone::kPlay ? place.controller : owner) && owner_sees;
}

struct Sight {
  std::uint32_t handle = 0;
  bool visible = false;
};

// What the viewer could know of a card just before event `index`, worked out from the events
// before it rather than from the card as it is now, so that an event projects the same whenever
// it is projected and a card's later handles are never tied to its past.
Sight sight_before(const Game& game, std::size_t index, CardId c, core::Viewer viewer) {
  const auto events = game.events();
  for (std::size_t i = index; i-- > 0;) {
    if (const auto* moved = std::get_if<ev::CardMoved>(&events[i]); moved && moved->card == c) {
      const bool visible =
          sees_end(viewer, moved->owner, moved->to, moved->all_see_after, moved->owner_sees_after);
      return {visible ? moved->handle_after : 0, visible};
    }
    if (const auto* shown = std::get_if<ev::Revealed>(&events[i]); shown && shown->card == c)
      return {shown->handle, true};
  }
  // Not moved yet: still in the deck it was dealt to, where no event names it.
  return {0, viewer.role == core::Viewer::Role::kJudge};
}

const char* outcome_text(ev::Outcome outcome) {
  switch (outcome) {
    case ev::Outcome::kNoTrigger:
      return " has no effect";
    case ev::Outcome::kNoShip:
      return " has no effect without a ship";
    case ev::Outcome::kOvercome:
      return " is overcome";
    case ev::Outcome::kFailed:
      return " is not overcome";
    case ev::Outcome::kApplied:
      return " takes effect";
    case ev::Outcome::kDuplicate:
      return " is a duplicate and is discarded";
    case ev::Outcome::kCured:
      return " is cured";
    case ev::Outcome::kArtifactFound:
      return " is found";
    case ev::Outcome::kQFlashIgnored:
      return " finds no Q-Continuum and is discarded";
    case ev::Outcome::kMisseed:
      return " is misseeded and goes out of play";
    case ev::Outcome::kCancelled:
      return " is discarded with no effect";
  }
  return "";
}

// Fills the proto for one event and returns its line of text.
class EventWriter {
 public:
  EventWriter(const Game& game, std::size_t index, core::Viewer viewer, const SeatNames& names,
              v1::StccgGameEvent* out)
      : game_(game), s_(game.state()), index_(index), viewer_(viewer), name_(names), out_(out) {}

  std::string operator()(const ev::CardMoved& e) {
    auto* m = out_->mutable_card_moved();
    const bool before = sees_end(viewer_, e.owner, e.from, e.all_see_before, e.owner_sees_before);
    const bool after = sees_end(viewer_, e.owner, e.to, e.all_see_after, e.owner_sees_after);
    m->mutable_card()->set_owner(e.owner);
    if (before || after) identity_to_proto(s_, e.card, m->mutable_card());
    if (after) m->mutable_card()->set_handle(e.handle_after);
    if (before) m->set_handle_before(e.handle_before);
    m->set_cause(static_cast<v1::StccgMoveCause>(e.cause));
    place(e.from, m->mutable_from());
    const std::string to_host = place(e.to, m->mutable_to());
    return moved_text({e, before || after ? s_.def(e.card).title() : std::string(), to_host});
  }
  std::string operator()(const ev::StepStarted& e) {
    auto* m = out_->mutable_step_started();
    m->set_step(static_cast<v1::StccgStep>(static_cast<int>(e.step) + 1));
    m->set_seat(e.player);
    m->set_turn(e.turn);
    m->set_nothing_left(e.nothing_left);
    const std::string first = ", " + name_(e.player) + " first";
    switch (e.step) {
      case ev::Step::kSeedDoorways:
        return "Seeding doorways" + first;
      case ev::Step::kSeedMissions:
        return "Seeding missions" + first;
      case ev::Step::kSeedDilemmas:
        return "Seeding dilemmas and artifacts under the missions" + first;
      case ev::Step::kSeedFacilities:
        return "Seeding outposts" + first;
      case ev::Step::kTurn:
        return "Turn " + std::to_string(e.turn) + ": " + name_(e.player);
      case ev::Step::kEndOfTurn:
        return name_(e.player) + "'s turn ends" + (e.nothing_left ? ": nothing left to do" : "");
    }
    return "";
  }
  std::string operator()(const ev::Passed& e) {
    out_->mutable_passed()->set_seat(e.player);
    return name_(e.player) + " passes";
  }
  std::string operator()(const ev::Shuffled& e) {
    auto* m = out_->mutable_shuffled();
    m->set_seat(e.player);
    m->set_cards(e.cards);
    return name_(e.player) + " shuffles the draw deck (" + std::to_string(e.cards) + " cards)";
  }
  std::string operator()(const ev::ShipMoved& e) {
    auto* m = out_->mutable_ship_moved();
    const std::string ship = card(e.ship, m->mutable_ship());
    m->set_from(e.from);
    m->set_to(e.to);
    m->set_range(e.range);
    return ship + " moves from " + mission_title(s_, e.from) + " to " + mission_title(s_, e.to) +
           ", spending " + std::to_string(e.range) + " RANGE";
  }
  std::string operator()(const ev::AttemptStarted& e) {
    auto* m = out_->mutable_attempt_started();
    m->set_seat(e.player);
    m->set_location(e.loc);
    m->set_members(e.members);
    const std::string group = e.vessel == kNoCard
                                  ? "an Away Team of " + std::to_string(e.members)
                                  : "the crew of " + card(e.vessel, m->mutable_vessel()) + " (" +
                                        std::to_string(e.members) + ")";
    return name_(e.player) + " attempts " + mission_title(s_, e.loc) + " with " + group;
  }
  std::string operator()(const ev::DilemmaResolved& e) {
    auto* m = out_->mutable_dilemma_resolved();
    m->set_outcome(static_cast<v1::StccgOutcome>(static_cast<int>(e.outcome) + 1));
    return card(e.card, m->mutable_card()) + outcome_text(e.outcome);
  }
  std::string operator()(const ev::Stopped& e) {
    return card(e.card, out_->mutable_stopped()->mutable_card()) + " is stopped";
  }
  std::string operator()(const ev::Scored& e) {
    auto* m = out_->mutable_scored();
    m->set_seat(e.player);
    m->set_points(e.points);
    m->set_total(e.total);
    // Bonus points forfeited by battling (Mordock's) name no one card.
    const std::string source =
        e.source == kNoCard ? "battling" : card(e.source, m->mutable_source());
    const int points = e.points < 0 ? -e.points : e.points;
    return name_(e.player) + (e.points < 0 ? " loses " : " scores ") + std::to_string(points) +
           (points == 1 ? " point" : " points") + " for " + source + " (total " +
           std::to_string(e.total) + ")";
  }
  std::string operator()(const ev::AttemptEnded& e) {
    auto* m = out_->mutable_attempt_ended();
    m->set_seat(e.player);
    m->set_location(e.loc);
    m->set_result(static_cast<v1::StccgAttemptResult>(static_cast<int>(e.result) + 1));
    const std::string who = name_(e.player);
    const std::string mission = mission_title(s_, e.loc);
    switch (e.result) {
      case ev::AttemptResult::kCompleted:
        return who + " completes " + mission;
      case ev::AttemptResult::kRequirementsMissing:
        return who + "'s group gets through at " + mission + " but lacks what it requires";
      case ev::AttemptResult::kStopped:
        return who + "'s attempt at " + mission + " is stopped";
      case ev::AttemptResult::kNoOneLeft:
        return who + "'s attempt at " + mission + " ends with nobody left";
      case ev::AttemptResult::kAbandoned:
        return who + " abandons " + mission + " for now";
    }
    return "";
  }
  std::string operator()(const ev::Revealed& e) {
    auto* ref = out_->mutable_revealed()->mutable_card();
    ref->set_owner(s_.cards[e.card].owner);
    ref->set_handle(e.handle);
    identity_to_proto(s_, e.card, ref);
    return name_(s_.cards[e.card].owner) + " shows " + s_.def(e.card).title();
  }
  std::string operator()(const ev::Nullified& e) {
    return card(e.card, out_->mutable_nullified()->mutable_card()) + " is nullified";
  }
  std::string operator()(const ev::Damaged& e) {
    auto* m = out_->mutable_damaged();
    m->set_hull(e.hull);
    const std::string who = card(e.card, m->mutable_card());
    return who + " is damaged (HULL " + std::to_string(e.hull) + "%)";
  }
  std::string operator()(const ev::BattleStarted& e) {
    auto* m = out_->mutable_battle_started();
    m->set_kind(e.kind == ev::BattleKind::kShip ? v1::STCCG_BATTLE_KIND_SHIP
                                                : v1::STCCG_BATTLE_KIND_PERSONNEL);
    m->set_attacker(e.attacker);
    m->set_location(e.loc);
    const std::string target = card(e.target, m->mutable_target());
    // A self-controlling card (the Borg Ship dilemma, face up on the spaceline) attacks for no
    // player: it names itself.
    const std::string attacker =
        e.attacker == kNoSeat && e.by != kNoCard ? s_.def(e.by).title() : name_(e.attacker);
    if (e.kind == ev::BattleKind::kShip)
      return attacker + " attacks " + target + " at " + mission_title(s_, e.loc);
    return name_(e.attacker) + " starts a personnel battle at " + mission_title(s_, e.loc);
  }
  std::string operator()(const ev::Fired& e) {
    auto* m = out_->mutable_fired();
    m->set_seat(e.side);
    m->set_attack(e.attack);
    m->set_defense(e.defense);
    m->set_hit(e.hit);
    const std::string totals = std::to_string(e.attack) + " against " + std::to_string(e.defense);
    if (e.target == kNoCard)
      return name_(e.side) + "'s STRENGTH " + totals + (e.hit ? ": they win" : "");
    const std::string target = card(e.target, m->mutable_target());
    static constexpr const char* kResults[] = {": a miss", ": a hit", ": a direct hit"};
    const std::string who = e.side == kNoSeat ? "A self-controlling card" : name_(e.side);
    return who + " fires at " + target + ", ATTACK " + totals + kResults[e.hit % 3];
  }
  std::string operator()(const ev::BattleEnded& e) {
    auto* m = out_->mutable_battle_ended();
    m->set_kind(e.kind == ev::BattleKind::kShip ? v1::STCCG_BATTLE_KIND_SHIP
                                                : v1::STCCG_BATTLE_KIND_PERSONNEL);
    m->set_location(e.loc);
    if (e.winner == kNoSeat) return "The battle at " + mission_title(s_, e.loc) + " has no winner";
    m->set_winner(e.winner);
    return name_(e.winner) + " wins the battle at " + mission_title(s_, e.loc);
  }
  std::string operator()(const ev::Captured& e) {
    auto* m = out_->mutable_captured();
    m->set_captor(e.captor);
    return card(e.card, m->mutable_card()) + " is taken captive by " + name_(e.captor);
  }
  std::string operator()(const ev::Rescued& e) {
    return card(e.card, out_->mutable_rescued()->mutable_card()) + " is free again";
  }
  std::string operator()(const ev::Commandeered& e) {
    auto* m = out_->mutable_commandeered();
    m->set_by(e.by);
    return name_(e.by) + " commandeers " + card(e.card, m->mutable_card());
  }
  std::string operator()(const ev::GameEnded& e) {
    auto* m = out_->mutable_game_ended();
    std::string winners;
    for (Seat seat = 0; seat < kPlayers; ++seat) {
      if (!(e.winners & (1u << seat))) continue;
      m->add_winners(seat);
      winners += (winners.empty() ? "" : " and ") + name_(seat);
    }
    m->set_reason(e.reason);
    const std::string ruled =
        e.reason == v1::RESULT_REASON_RULING ? " by the organiser's ruling" : "";
    if (m->winners_size() == kPlayers) return "The game ends in a draw" + ruled;
    if (winners.empty()) return "The game ends without a winner" + ruled;
    // A game lost outright says by whom and how; the log shows no other line for it.
    std::string lost;
    for (Seat seat = 0; seat < kPlayers; ++seat) {
      if (e.winners & (1u << seat)) continue;
      switch (e.reason) {
        case v1::RESULT_REASON_CONCESSION:
          lost = name_(seat) + " conceded; ";
          break;
        case v1::RESULT_REASON_TIME:
          lost = name_(seat) + " ran out of time; ";
          break;
        case v1::RESULT_REASON_FORFEIT:
          lost = name_(seat) + " forfeited, away longer than the grace; ";
          break;
        default:
          break;
      }
    }
    return "The game is over: " + lost + winners + " won" + ruled;
  }

 private:
  struct Moved {
    const ev::CardMoved& e;
    std::string title;  // empty when the viewer may not know the card
    std::string to_host;
  };

  // A card named by the event, as the viewer could know it then; returns how the text calls it.
  // The title of the card another was aboard or played on, if the viewer may know it.
  std::string host_title(CardId host) const {
    if (host == kNoCard) return "its host";
    // As the viewer knew it when the event happened: a host that dies just after (its
    // discard shows it) was still hidden when the card on it went.
    return sight_before(game_, index_, host, viewer_).visible ? s_.def(host).title()
                                                              : "the card it was on";
  }

  std::string card(CardId c, v1::StccgCardRef* out) const {
    const Seat owner = s_.cards[c].owner;
    out->set_owner(owner);
    const Sight sight = sight_before(game_, index_, c, viewer_);
    if (!sight.visible) return "one of " + name_(owner) + "'s cards";
    out->set_handle(sight.handle);
    identity_to_proto(s_, c, out);
    return s_.def(c).title();
  }

  // Returns the host's name for the text, if there is a host.
  std::string place(const ev::Place& p, v1::StccgPlace* out) const {
    out->set_zone(static_cast<v1::StccgZone>(static_cast<int>(p.zone) + 1));
    out->set_where(static_cast<v1::StccgWhere>(p.where));
    if (p.loc != kNoLoc) out->set_location(p.loc);
    out->set_controller(p.controller);
    return p.host == kNoCard ? std::string() : card(p.host, out->mutable_host());
  }

  std::string moved_text(const Moved& m) const {
    const ev::CardMoved& e = m.e;
    const std::string who = name_(e.owner);
    const std::string object = m.title.empty() ? "a card" : m.title;
    const std::string subject = m.title.empty() ? "one of " + who + "'s cards" : m.title;
    switch (e.to.zone) {
      case Zone::kHand:
        if (e.from.zone == Zone::kDrawDeck) return who + " draws " + object;
        return subject + " returns to " + who + "'s hand";
      case Zone::kDrawDeck:
        return subject + " goes into " + who + "'s draw deck";
      case Zone::kSeedPile:
        return subject + " goes back to " + who + "'s seed pile";
      case Zone::kSideDeck:
        return subject + " goes into " + who + "'s side deck";
      case Zone::kMission:
        if (e.from.zone != Zone::kSeedPile)  // inserted mid-game (Q's Planet)
          return who + " puts the mission " + object + " on the spaceline, location " +
                 std::to_string(e.to.loc + 1) + " from the left";
        return who + " seeds the mission " + object + " at the " +
               (e.to.loc == 0 ? "left" : "right") + " end of the spaceline";
      case Zone::kSeed:
        if (e.from.zone == Zone::kSeedPile)
          return who + " seeds " + object + " under " + mission_title(s_, e.to.loc);
        return subject + " goes back under " + mission_title(s_, e.to.loc);
      case Zone::kResolving:
        if (e.from.zone == Zone::kSeed)
          return subject + " is met at " + mission_title(s_, e.from.loc);
        if (e.from.zone == Zone::kHeld) return subject + " is no longer on hold";
        return who + " plays " + object;
      case Zone::kDiscard:
        switch (e.cause) {
          case ev::MoveCause::kKilled:
            return subject + " is killed";
          case ev::MoveCause::kDestroyed:
            return subject + " is destroyed";
          case ev::MoveCause::kWithHost:
            return subject + " is discarded with " + host_title(e.from.host);
          case ev::MoveCause::kFromOutsideGame:
            return subject + " is brought from outside the game into " + who + "'s discard pile";
          case ev::MoveCause::kNone:
            break;
        }
        return subject + " is discarded";
      case Zone::kBonus:
        return subject + " goes to " + name_(e.to.controller) + "'s bonus area";
      case Zone::kOutOfPlay:
        return subject + " is placed out of play";
      case Zone::kSideUsed:
        return subject + " goes face up under " + who + "'s side deck";
      case Zone::kStored:
        return subject + " is stored under " + host_title(e.to.host);
      case Zone::kHeld:
        return subject + " is put on hold";
      case Zone::kPlay:
        return into_play_text(m, subject);
    }
    return "";
  }

  std::string into_play_text(const Moved& m, const std::string& subject) const {
    const ev::CardMoved& e = m.e;
    const bool was_in_play = e.from.zone == Zone::kPlay;
    switch (e.to.where) {
      case Where::kSpace:
        if (e.from.zone == Zone::kSeedPile)
          return name_(e.owner) + " seeds " + subject + " at " + mission_title(s_, e.to.loc);
        return subject + " arrives at " + mission_title(s_, e.to.loc);
      case Where::kSurface:
        if (was_in_play && e.from.where == Where::kSurface)
          return subject + " is relocated to " + mission_title(s_, e.to.loc);
        return subject + (was_in_play ? " beams down to " : " is placed on the planet at ") +
               mission_title(s_, e.to.loc);
      case Where::kAboard:
        return subject + (was_in_play ? " beams aboard " : " goes aboard ") + m.to_host;
      case Where::kOn:
        return subject + " is placed on " + m.to_host;
      case Where::kTable:
        return subject + " comes into play for " + name_(e.to.controller);
      case Where::kSideDeck:
        return name_(e.owner) + " seeds " + subject + " on a side deck, opening it";
      case Where::kNone:
        break;
    }
    return subject + " comes into play";
  }

  const Game& game_;
  const State& s_;
  std::size_t index_;
  core::Viewer viewer_;
  const SeatNames& name_;
  v1::StccgGameEvent* out_;
};

}  // namespace

void project_event(const Game& game, std::size_t index, core::Viewer viewer, const SeatNames& names,
                   v1::GameEvent* out) {
  EventWriter writer(game, index, viewer, names, out->mutable_stccg());
  out->set_text(std::visit(writer, game.events()[index]));
}

}  // namespace spacedock::stccg
