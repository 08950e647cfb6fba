#pragma once

#include <cstdint>

#include "engine/stccg/cards/vocabulary.h"
#include "engine/stccg/state/ids.h"

namespace spacedock::stccg {

// Effects in play (ARCHITECTURE.md §2): what a card or a rule keeps doing after it resolves,
// as one list in the game value. Each entry names its source, its target (a card, a location,
// a player), what it changes and when it ends. Attribute totals, legality checks and cures
// read this list; nothing in the shared state is named after a card.
enum class EffectKind : std::uint8_t {
  // Rotation damage on `card` (§3.13): each one is HULL -50%, two destroy it; `value` counts
  // the full turns it has spent docked where it can be repaired.
  kDamage,
  // `card`'s `attribute` changes by `value` (Birth of "Junior": RANGE lost for good).
  kAttribute,
  // `card`'s `attribute` is multiplied by `value` (Transwarp Conduit: RANGE x2).
  kAttributeTimes,
  // `player` may not attempt the mission at `loc` (Edo Probe abandoned, Aldebaran Serpent).
  kMissionBlocked,
  // `player` scores `value` points from `source` for as long as this lasts (Ressikan Flute).
  kLivePoints,
  // `player` draws no more cards (Q's Tent).
  kNoDraws,
  // `player` has played a Q's Tent doorway (one per turn, nullified or not).
  kTentUsed,
  // `player` passes every response window until this ends.
  kAutoPass,
  // `player`'s forces at `loc` were attacked on `turn` by the opponent: they may fight back on
  // their next turn whatever their affiliation (the continuing-battle exception, §3.11).
  kAttacked,
  // The opponent of `player` may cancel the next battle `player` initiates (Guilty -
  // Provisionally).
  kBattleCancellable,
  // `card` (a ship) must travel to `loc` before anything else (Incoming Message).
  kRequiredMove,
  // `card` is a captive of `player`, taken by `source`; `flag`: left unattended (§3.14).
  kCaptive,
  // `card` (a ship or facility) has the affiliation `value` (an Affiliation), commandeered.
  kAffiliation,
  // A counter of `source` on `card` (a countdown, a marker a handler reads).
  kCounter,
  // `player` takes another turn when this one ends (Horga'hn); `flag` once that turn has
  // begun: an extra turn is not followed by another.
  kExtraTurn,
  // `player` is looking through their draw deck (a search): they see its cards meanwhile.
  kSearchingDeck,
  // Personnel of `affiliations` (any, when empty) whose classification is one of the two in
  // `value` (low and high byte) have the other one instead; skill boxes are untouched
  // (Military Privilege).
  kClassificationSwap,
  // The personnel aboard `card` (a ship), or `card` itself if it is a personnel, lack entry
  // `value` of their skill box (0: the first listed; a multiplied skill goes whole, a
  // classification written there too; never the classification box) (Tsiolkovsky Infection).
  kSkillEntryLost,
  // `card` (a personnel) is in stasis: it stays where it is but is out of the game's reach, in
  // no crew, Away Team or group, and it cannot move or be chosen. `flag`: held by `source`, a
  // card in play (on it, or waiting): it ends when that card leaves play.
  kStasis,
  // `card`'s classification box reads `value` (a Classification); its skill box is untouched
  // (Scottish Setter).
  kClassification,
  // `player`'s side deck `value` (a SideDeckKind) is inactive: closed for every purpose
  // (Mortal Q, until Immortal Again ends it).
  kSideDeckInactive,
  // Live points (kLivePoints) are scored by both players, not only the card's controller
  // (Tijuana Crass and Ressikan Flute).
  kLivePointsShared,
  // `player` is downloading with `source`'s entry `loc` of its `downloads`: the cards of their
  // draw deck it names may be played as if from the hand, without the turn's card play.
  kDownloading,
  // `source`'s download `loc` was used this turn (a once-per-turn download).
  kDownloadUsed,
  // `source`'s download `loc` found nothing to play when `player`'s draw deck held `value`
  // cards: it may not be tried again until the deck holds more (GLO "Downloading").
  kDownloadFailed,
  // No player may report a personnel of persona `value` for duty again (Klingon Painstik).
  kPersonaBarred,
  // `card`, a personnel, was on the losing side of a personnel battle in `turn` and is still in
  // play (Discommendation).
  kLostBattle,
  // `card` (a personnel) has one more of skill `value` (a SkillId) while this lasts; with
  // `flag`, one less, never below none (Admiral Ross's choice of the turn).
  kSkillChanged,
  // `card`, an infiltrator, counts against the totals of the group it is in: its classification,
  // skills and attributes are subtracted instead of added (Counterintelligence).
  kCountsAgainst,
  // `card`, an infiltrator, was exposed: aboard the other player's ship or facility it is an
  // intruder, in no crew (rules/infiltration.cpp).
  kExposed,
  // `card` (a personnel) is of gender `value` (a Gender), chosen as it reported (Soong-type
  // Android).
  kGender,
  // `card`, on a planet, may not beam or walk up from it while this lasts: it beamed down this
  // turn (Katherine Pulaski), or a card keeps it there (Alien Groupie).
  kBeamedDown,
  // The mission at `loc` is worth `value` points instead of its printed ones (The Sheliak: 0);
  // with `flag`, `value` more than the solver's end says (Destroy Radioactive Garbage Scow: -10).
  kMissionPoints,
  // Doorway `card`, in play, is closed: what it admits cannot come through, nor does it act
  // (Door-Net; Manheim's Dimensional Door holds no plays).
  kDoorwayClosed,
  // `source` has spent a limited use of its ability, by `player`: once per turn with
  // Until::kEndOfTurn, once per game with Until::kRemoved (cards/handlers/common.h).
  kUsed,
  // `card` (a personnel) bears icon `value` (a v1::StccgIcon) besides its printed ones (Blood
  // Oath's oath-target icon); with `flag`, it bears it if it is not printed and not if it is
  // (The Mask of Korgano).
  kIcon,
  // `card` (a personnel) has morphed into a copy of personnel `value` (a CardId): it has that
  // card's classification, skill box, staffing icons, CUNNING and STRENGTH, and keeps its own
  // INTEGRITY, affiliation and everything else (Impersonate Captive).
  kCopies,
  // The planet at `loc` is cloaked: nobody beams or shuttles to or from its surface
  // (Investigate Legend).
  kPlanetCloaked,
  // `card` (a ship) must attempt the mission at `loc` before its controller ends the turn, if
  // it can (Samaritan Snare).
  kRequiredAttempt,
  // `player` is looking at the face-down cards of side deck `value` % kSideDeckKinds (a
  // SideDeckKind) of seat `value` / kSideDeckKinds, and only they see them meanwhile (Tarmin).
  kViewingSideDeck,
  // `player` is making a play through a hold (Engine::hold_play): any card from hand, in either
  // turn, outside the numeric limits on card plays and not counted toward them.
  kFreePlay,
  // `player` scanned the mission at `loc` this turn (Scan): they see the seed cards under it
  // while this lasts, and may initiate battles there (Nebula).
  kScanned,
  // `source`, a dilemma that needs a crew to act, met by `card`, an empty ship or facility,
  // waits on it until personnel come aboard, who then meet it (CRD IV.2B Nebula).
  kWaitsForCrew,
  // `player` sees, while this lasts, cards hidden from them: those aboard `card` (a ship:
  // Long-Range Scan) or, with no `card`, those in the hand (`flag` false: Life-form Scan) or the
  // draw deck (`flag` true: Jaglom Shrek) of the other player (Engine::views_granted).
  kViewing,
  // `card`, a card that attacks by itself (the Borg Ship dilemma), makes no attack while this
  // lasts (Hugh).
  kNoAttacks,
  // No battle may be initiated against `card`, a ship, while this lasts (Asteroid Sanctuary).
  kBattleShielded,
  // Neither `card` nor ship `value` (a CardId) may initiate a battle against the other while
  // this lasts (Hail): a truce between two ships, not a shelter from everyone.
  kNoBattleBetween,
  // `card`, a personnel of the other player, lends its skills (one of each, no multiplier) and
  // attributes to `player`'s group while that group faces dilemma `source` (Eyes in the Dark;
  // with eyes_in_the_dark_one_dilemma off, while it attempts the mission at `loc`).
  kLentToGroup,
  // `card`, a cloaked ship, may be attacked as if decloaked by the very next action, which that
  // attack treats as decloaked (La Forge Maneuver); `flag` once that action has begun.
  kCloakPierced,
  // `player` has made, early, the card draw that ends their next turn after `turn` (Samuel
  // Clemens' Pocketwatch): that draw does not happen.
  kDrawTaken,
  // `card`, a card being played or met or in play, acts twice over while this lasts (CRD IV.8:
  // a doubled dilemma affects two personnel): Howard Heirloom Candle on an Anaphasic Organism
  // or Empathic Echo, Brain Drain on an Interphasic Plasma Creatures, Ophidian Cane on a
  // Devidian Foragers. `source` is the card that doubles it (Engine::doubled).
  kDoubled,
  // While `player` attempts the mission at `loc`, all their personnel on its planet form one
  // Away Team whatever their affiliations (Diplomatic Conference's treaty, CRD IV.2A: for the
  // attempt only, so Engine::end_attempt ends it).
  kAttemptTreaty,
  // `card`, a hologram, is projected from `source`, the ship it is aboard or last left (CRD
  // IV.10.A items 4, 8; rules/holograms.cpp). `flag`: deactivated, stored under that ship until
  // the start of `player`'s (its owner's) next turn.
  kHologramShip,
  // `card`, a captive, has been put in the Brig of `source`, its captor's ship or facility it is
  // aboard (BoG "Brigs": held there, not escorted); it is out again when taken out, moved off
  // `source`, or freed (Engine::in_brig).
  kInBrig,
  // `card`, an infiltrator that beamed or walked down to the planet at `loc`, is in `player`'s
  // Away Team there, the other player's (rules/infiltration.cpp); it ends when the card moves.
  kInTeam,
};

// When an effect ends.
enum class Until : std::uint8_t {
  kRemoved,           // only when a rule or its source removes it
  kEndOfTurn,         // at the end of the turn it began in
  kSourceLeaves,      // when its source leaves play
  kAnyQFlash,         // at the next Q-Flash met or played (§3.19)
  kOtherCompletion,   // when a mission other than `loc` is completed
  kMissionAttempted,  // when `player` attempts a mission other than `loc`
  kPlayersNextTurn,   // at the start of `player`'s next turn
  kEndOfBattle,       // as the battle under way ends (Engine::battle_over)
};

struct Effect {
  EffectKind kind = EffectKind::kCounter;
  Until until = Until::kRemoved;
  Attribute attribute = Attribute::kIntegrity;
  bool flag = false;
  Seat player = kNoSeat;
  LocIndex loc = kNoLoc;
  CardId source = kNoCard;
  CardId card = kNoCard;
  std::int16_t value = 0;
  std::uint16_t turn = 0;  // the turn it began in
  AffiliationSet affiliations = 0;

  friend bool operator==(const Effect&, const Effect&) = default;
};

}  // namespace spacedock::stccg
