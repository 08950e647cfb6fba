#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/core/viewer.h"

namespace spacedock::stccg {

using core::Seat;
inline constexpr Seat kNoSeat = 0xff;

// A card of this game (an index into State::cards).
using CardId = std::uint16_t;
inline constexpr CardId kNoCard = 0xffff;

// A location on the spaceline (an index into State::spaceline, left to right).
using LocIndex = std::uint8_t;
inline constexpr LocIndex kNoLoc = 0xff;
inline constexpr std::size_t kMaxLocations = kNoLoc;  // every location index is below kNoLoc

// Where a card is.
enum class Zone : std::uint8_t {
  kSeedPile,  // a seed card not seeded yet
  kDrawDeck,
  kHand,
  kDiscard,
  kOutOfPlay,
  kBonus,  // the bonus point area
  kSideDeck,
  kMission,    // a mission on the spaceline (loc)
  kSeed,       // face down under a mission (loc); order in Location::seeds
  kPlay,       // in play; `where` says where
  kResolving,  // played, waiting for its turn to resolve
  kSideUsed,   // face up under its side deck (used Q-cards and tactics, §3.19)
  kStored,     // face down under the card in play `host` that stores it: only its owner sees it
  kHeld,       // played, then put on hold (Engine::hold_play): in neither hand nor play, face up
};

// Where a card in play is.
enum class Where : std::uint8_t {
  kNone,
  kTable,     // on its owner's side of the table (events), not at a location
  kSpace,     // a facility, or a ship, at location `loc`
  kSurface,   // personnel or equipment on the planet at `loc`
  kAboard,    // personnel or equipment aboard ship or facility `host`
  kOn,        // played on card `host` (an event on a ship, a dilemma on a ship)
  kSideDeck,  // a doorway seeded on its owner's side deck, which it opens
};
inline constexpr std::size_t kWhereKinds = static_cast<std::size_t>(Where::kSideDeck) + 1;

// How a ship goes from one location to another: by its own move, or thrown there by another
// card (Gomtuu), which a blockade that lets a ship talk its way through does not let pass.
enum class Passage : std::uint8_t { kOwnMove, kThrown };

// Every answer a player can give, in any decision.
enum class ActionKind : std::uint8_t {
  kPass = 1,       // seeding: seed nothing now; responses: respond with nothing
  kSeedDoorway,    // a: doorway
  kSeedMission,    // a: mission; loc: 0 at the left end, 1 at the right end
  kSeedUnder,      // a: dilemma or artifact; loc: the mission it goes under
  kSeedFacility,   // a: outpost; loc
  kReport,         // a: personnel, equipment or ship from hand; b: the facility it reports to
  kBuild,          // a: facility from hand; loc
  kPlayEvent,      // a: event from hand; b: the card it plays on (or none)
  kPlayInterrupt,  // a: interrupt from hand; b: its target (or none)
  kMove,           // a: ship; loc: destination
  kTransfer,       // a: personnel or equipment; b: ship or facility, or none for the planet at loc
  kAttempt,        // loc; a: ship or facility for a space mission, or a member of the Away Team
  kEndTurn,
  kChoose,  // a: the card chosen
  kYes,
  kNo,
  kPlayDoorway,   // a: doorway from hand; b: its target (or none)
  kPassAll,       // pass this window and every response window until the turn ends
  kAttack,        // a: your first ship or facility to fire; b: the opponent's card targeted
  kBattle,        // a: a member of your Away Team; b: a member of the team attacked; loc
  kDone,          // no more (ships to add to a battle, tactics to draw, ...)
  kCloak,         // a: ship
  kDecloak,       // a: ship
  kDock,          // a: ship, at the location of your facility
  kUndock,        // a: ship
  kRescue,        // a: your personnel held unattended by the opponent
  kTakeCustody,   // a: a captive held by a trap; b: your ship or a member of your Away Team there
  kLeaveCaptive,  // a: a captive you escort: leave it unattended, or hold it again
  kDownload,      // a: the downloading card; loc: which of its downloads; b: onto (or none)
  kTakeBack,      // a: a card in your discard pile that you may take back into hand
  kPlayFaceDown,  // a: a hidden agenda from your hand or seed pile, put face down on your table
  kReveal,        // a: your hidden agenda face down on your table, turned face up
  kUseCard,       // a: your card in play whose text you use now; b: what it acts on (or none)
  kChooseSkill,   // a: the personnel that takes the skill; loc: the skill (a SkillId)
  kChooseGender,  // a: the personnel; loc: its gender (a Gender)
  // A card from outside the game, not in it yet (Trust Me): b carries its DefIndex, not a card.
  kChooseFromOutside,
  // a: a mission put on the spaceline mid-game; loc: the index it takes (0: the left end)
  kInsertMission,
  // loc: a card type named (a v1::StccgCardType), guessed before a card is shown (Telepathic
  // Alien Kidnappers)
  kNameCardType,
  // a: a captive you hold aboard your ship or facility with a Brig: put it in, or take it out
  kBrig,
};
inline constexpr int kLastActionKind = static_cast<int>(ActionKind::kBrig);

struct Action {
  ActionKind kind = ActionKind::kPass;
  CardId a = kNoCard;
  CardId b = kNoCard;
  LocIndex loc = kNoLoc;

  friend bool operator==(const Action&, const Action&) = default;
};

}  // namespace spacedock::stccg
