#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/state/ids.h"

namespace spacedock::stccg {

// The timing engine's frames of work (§3.16), kept on a stack in the game value and stepped
// last in, first out: the top frame runs until it asks for a decision or pops itself.

// The seeding phase's four steps (§1.3), each alternating until both players pass in a row.
struct SeedFrame {
  enum class Step : std::uint8_t { kDoorways, kMissions, kDilemmas, kFacilities, kCleanup };
  Step step = Step::kDoorways;
  Seat next = 0;
  std::uint8_t passes = 0;
};

// One turn (§1.4): start, card play and orders, end, draw.
struct TurnFrame {
  // kDrawn: after the end-of-turn draw and the window that may answer it.
  enum class Step : std::uint8_t { kStart, kOrders, kEnd, kDraw, kDrawn };
  Step step = Step::kStart;
  // End turn was the only order left: the turn ended by itself, which its end says.
  bool nothing_left = false;
};

// An announced action: it waits for responses, then resolves, then its responses resolve in
// the order they were announced (§3.16).
struct ActionFrame {
  enum class Step : std::uint8_t { kAnnounced, kResolving, kResponses };
  ActionFrame(Action a, Seat by, Step from = Step::kAnnounced) : action(a), actor(by), step(from) {}
  Action action;
  Seat actor = 0;
  Step step = Step::kAnnounced;
  // Nullified while waiting to resolve: its card is gone and it does nothing.
  bool nullified = false;
  // Its card play was put on hold once (Engine::hold_play); it is not held again.
  bool held = false;
  // Its resolution runs again once the frames it pushed are done: a card that reported asks
  // its player something on arrival (Soong-type Android) before the crew that follows it.
  bool resumes = false;
  // Responses announced to this action, resolved after it (FIFO).
  std::vector<std::pair<Seat, Action>> responses;
  std::uint8_t next_response = 0;
  // How far a resolution that asks for choices got, so that it can resume, and what it chose.
  std::uint8_t sub = 0;
  CardId chosen = kNoCard;
  CardId origin = kNoCard;
};

// What a response window is for: which cards may be played in it.
enum class WindowKind : std::uint8_t {
  kResponse,          // an action was just announced (`collector` is its frame)
  kAttemptAnnounced,  // an attempt at `loc` was announced: before its first seed card (§3.8)
  kBetweenDilemmas,   // between two seed cards of a mission attempt (§3.8)
  kDilemma,           // `about` was just revealed in an attempt: only cards that cancel it
  kBattleStart,       // a battle was just initiated at `loc`
  kBattle,            // between the steps of a battle, before its winner is known
  kKilled,            // `about` was just killed in a personnel battle
  kDestroyed,         // `about`, a ship, is about to be destroyed
  kCompleted,         // the mission at `loc` was just completed
  kEndOfTurn,         // the active player is ending the turn
  kBattleEnded,       // a battle at `loc` has just ended; its frame, below, says who fought
  kCaptured,          // `about` was just taken captive at `loc` (Prisoner Escort)
  kDrawn,             // `about` was just drawn at the end of the turn (Subspace Schism)
  // `about` was just picked at random to die, or to be captured by the other player; that fate
  // comes as the window closes, to whoever `about` then names (kNoCard: nobody), so that a
  // response may save the one picked or send another in its place (Security Sacrifice, Wolf).
  kPickedToDie,
  kPickedForCapture,
  // `about` has just acted for its player (a Horga'hn's double turn taken, a Worshiper scored by
  // the group attempting at `loc`): the other player may answer that use (Temporal Narcosis,
  // Isabella). Opened only when they hold such a card (Handler::answers_card_acted).
  kCardActed,
};

// A response window: players in turn may announce responses until both pass in a row.
struct WindowFrame {
  static constexpr std::uint16_t kNoCollector = 0xffff;
  WindowKind kind = WindowKind::kResponse;
  CardId about = kNoCard;
  LocIndex loc = kNoLoc;
  Seat asking = 0;
  std::uint8_t passes = 0;
  // 1 when only the first player is asked before the window closes (after an announcement the
  // actor has just acted); 2 when both must pass (between dilemmas).
  std::uint8_t passes_to_close = 2;
  // The action frame collecting responses, as an index into the frame stack; none between dilemmas.
  std::uint16_t collector = kNoCollector;
  // The card of the response just collected from a hand for `collector` (it has no window of
  // its own): the other player may put it on hold as their next answer (Manheim's Dimensional
  // Door). Cleared by any later answer but a use of a card in play (the Door's is one), and as
  // it is held.
  CardId collected = kNoCard;
  // A kPickedForCapture window's capturing card, which goes along with whoever is captured as
  // it closes (Cardassian Trap); none when the capture is the card's only effect.
  CardId source = kNoCard;
};

// How far the seed card being met got, so that its resolution can pause for a choice and resume.
// kWherePresent: a personnel of the group may nullify it (StccgWherePresent), before its own entry.
enum class DilemmaStep : std::uint8_t {
  kEntry,
  kFailing,
  kAfterEffects,
  kAsking,
  kChosen,
  kWherePresent
};

// A mission attempt (§3.8) and the dilemmas met in it (§3.9).
struct AttemptFrame {
  LocIndex loc = kNoLoc;
  Seat player = 0;
  CardId vessel = kNoCard;      // the ship or facility facing the card met (a space mission)
  std::vector<CardId> members;  // the personnel facing the card met
  // At a dual-icon mission a ship's crew and an Away Team attempt together (§3.20): `group` is
  // everyone, `ship` their ship; each card met faces the crew, the Away Team or both by its
  // placement. Elsewhere `group` is `members` and `ship` is `vessel`.
  bool dual = false;
  CardId ship = kNoCard;
  std::vector<CardId> group;
  enum class Step : std::uint8_t { kReveal, kResolve, kBetween, kRequirements, kQCard };
  Step step = Step::kReveal;
  std::size_t cursor = 0;     // the next seed card to meet, as an index into the stack
  CardId current = kNoCard;   // the seed card being resolved
  std::vector<DefIndex> met;  // cards met this attempt, for duplicates
  bool stopped = false;
  bool abandoned = false;  // Edo Probe: the group goes no further here
  // How far the current dilemma got, so that it can pause for a choice and resume.
  DilemmaStep sub = DilemmaStep::kEntry;
  std::uint8_t effect = 0;
  std::uint8_t picked = 0;
  // Those the current effect has picked at random: one saved by a response to the pick
  // (Wolf, Security Sacrifice) is not picked again.
  std::vector<CardId> picked_at_random;
  // A relocation whose destination a player chooses (Engine::relocation_chooser): the member
  // being sent now, and those already sent by the current effect.
  CardId relocating = kNoCard;
  std::vector<CardId> relocated;
  bool scored = false;  // it scored points: it goes to the bonus area
  // A Q-Flash being resolved (§3.19): the Q-Flash met, how many Q-cards the group has still to
  // face, and those met in it (a duplicate is discarded without replacement).
  CardId q_flash = kNoCard;
  std::uint8_t q_left = 0;
  std::vector<DefIndex> q_met;
  // A Q-card stops the group once the rest of its Q-Flash is over (Aldebaran Serpent).
  bool stop_after_q_flash = false;
  // How many personnel the group had as the attempt began (You Will in Time).
  std::uint8_t started_with = 0;
  // The player's first attempt of this mission this game.
  bool first_try = false;
  // The next dilemma met is discarded unresolved (Senior Staff Meeting).
  bool cancel_next_dilemma = false;
  // Whether the cards in play that may cancel the card being met were asked (may_cancel_met).
  bool cancel_asked = false;
  // Cards picked so far to pay the mission's solve cost (StccgSolveCost).
  std::vector<CardId> paid;
  // The vessel meets only one card, as though attempting the mission, and then it ends: no
  // requirements, nothing earned. The next seed card, met by an empty ship or facility alone if
  // need be (Nebula); or, with `current` set, a dilemma that waited on it for a crew.
  bool one_card = false;
  // A Q-card started a battle: if the group is stopped when the Q-Flash goes on, the Q-Flash
  // ends and so does the attempt (The Issue is Patriotism).
  bool q_flash_ends_if_stopped = false;
};

// What a card that starts a battle lifts from the usual conditions of §3.11 and §3.12 (The Issue
// is Patriotism); the default is the usual rules. Where a battle may be fought (Nebula) is not
// lifted.
struct BattleTerms {
  bool stopped_may_fight = false;      // stopped cards take part as though unstopped
  bool no_leader_needed = false;       // neither side needs a leader, to initiate or to fight back
  bool no_affiliation_limits = false;  // the affiliation attack restrictions do not apply
};

// A ship battle (§3.12 with the BoG sequence): targets and return fire are declared at the
// initiation, tactics are drawn and revealed, the attack and the return fire are compared, and
// damage is applied after both. Side 0 is the attacker, side 1 the defender. A side may be a
// self-controlling card that belongs to no player (the Borg Ship dilemma): its seat is kNoSeat,
// it adds no cards and draws no tactics, and as the defender it returns fire at every attacking
// card, each an engagement of its own (BoG "Multiple targets").
struct ShipBattleFrame {
  enum class Step : std::uint8_t {
    kJoin,          // the attacker adds ships and facilities to the attack, or is done
    kReturnTarget,  // the defender picks the attacking card to return fire at, or none
    kReturnJoin,    // the defender adds ships and facilities to the return fire
    kStart,         // the "start of battle" window (Battle Bridge Door)
    kTactics,       // each side with a Battle Bridge draws tactics and picks a current one
    kReveal,        // current tactics are revealed together
    kRepick,        // a side whose current tactic was nullified may pick another it drew
    kAttack,        // the attack, after a window (W1)
    kReturnFire,    // the return fire, after a window (W2)
    kDamage,        // damage is applied; a window before destruction (W3)
    kDestroy,       // destroyed cards go
    kEnd,           // the winner; current tactics discarded; everything involved stopped
    kEnded,         // the window just after the battle (Phaser Array Power Cell)
  };
  Step step = Step::kJoin;
  std::array<Seat, 2> seat{0, 1};  // who fights on each side; kNoSeat: a self-controlling card
  LocIndex loc = kNoLoc;
  std::array<std::vector<CardId>, 2> firing;       // each side's ships and facilities firing
  std::array<std::vector<CardId>, 2> targets;      // what each side fires at (none: no fire)
  std::array<std::vector<std::uint8_t>, 2> hits;   // per target: 0 a miss, 1 a hit, 2 direct
  std::array<CardId, 2> tactic{kNoCard, kNoCard};  // each side's current tactic
  std::array<std::vector<CardId>, 2> drawn;        // tactics drawn and not placed yet
  std::array<std::vector<CardId>, 2> passed_over;  // drawn, not picked: under the side deck
  std::array<std::uint8_t, 2> draws{2, 2};         // tactics each side may still draw
  std::array<std::int8_t, 2> weapons_bonus{0, 0};  // per firing card (Battle Bridge Door)
  std::array<std::int8_t, 2> shields_bonus{0, 0};  // per card fired at (Inside Operation)
  std::array<std::uint8_t, 2> units{0, 0};         // damage units each side inflicted
  std::uint8_t side = 0;                           // whose go it is within a step
  bool windowed = false;                           // this step's window was opened
  std::vector<CardId> doomed;                      // to be destroyed after the last window
  Seat winner = kNoSeat;                           // once it has ended; kNoSeat: a tie
  // The attacker's ships with their matching commander aboard take no damage in this battle
  // (the random draw of a tactic's commander_evades_percent, Picard Maneuver).
  bool commanders_evade = false;
  BattleTerms terms;
  // Each ship or facility destroyed in this battle, by whom, and the personnel aboard it as it
  // went: what the battle did, for the window just after it (Latinum Payoff).
  struct Destroyed {
    CardId vessel = kNoCard;
    Seat by = kNoSeat;
    std::vector<CardId> aboard;
  };
  std::vector<Destroyed> destroyed;
};

// A personnel battle (§3.11, Model A): the initiator's Away Team against one opposing Away
// Team on the same planet, or Rogue Borg against a crew. Side 0 is the initiator.
struct PersonnelBattleFrame {
  enum class Step : std::uint8_t {
    kRetaliate,  // the defender says whether to fight back
    kStart,      // the window just after initiation (Honor Challenge)
    kFight,      // STRENGTH totals compared; the loser loses one personnel at random
    kCasualty,   // the losers' casualties picked (one may wait for Elim's controller to pick)
    kKilled,     // the window after a personnel was killed (Klingon Right of Vengeance)
    kEnd,        // everyone involved is stopped; then the window just after the battle
  };
  Step step = Step::kRetaliate;
  Seat attacker = 0;
  LocIndex loc = kNoLoc;
  std::array<std::vector<CardId>, 2> sides;
  bool retaliates = true;
  bool windowed = false;
  CardId killed = kNoCard;      // the last personnel killed
  std::uint8_t losers = 0;      // bit 1 << side: that side has yet to lose its casualty
  Seat winner = kNoSeat;        // of the last round; kNoSeat: a tie, or nobody fought back
  std::uint8_t vengeance = 0;   // 1 + the side whose Klingons attack again with STRENGTH x2
  CardId rogue_host = kNoCard;  // Rogue Borg battling the crew of this ship
  DefIndex rogue_def = 0;       // and the card they are
  bool rogue_raid = false;      // against the Away Team in sides[1] instead (Lore Returns)
  // A battle a card started aboard this ship or facility (kNoCard: on the planet at `loc`, or
  // no such battle), between the personnel it named (an infiltrator against its crewmates or
  // teammates: Dial Martok for Murder): no leader is needed (`terms`), and side 0 adds
  // `strength_bonus` to its STRENGTH total.
  CardId aboard = kNoCard;
  std::int16_t strength_bonus = 0;
  BattleTerms terms;
};

// A card doing something that takes decisions outside an action or an attempt (a choice at the
// end of a turn): its handler's step runs until it pops the frame.
struct CardFrame {
  CardId card = kNoCard;
  Seat player = 0;
  std::uint8_t sub = 0;
  CardId chosen = kNoCard;
};

using Frame = std::variant<SeedFrame, TurnFrame, ActionFrame, WindowFrame, AttemptFrame, CardFrame,
                           ShipBattleFrame, PersonnelBattleFrame>;

}  // namespace spacedock::stccg
