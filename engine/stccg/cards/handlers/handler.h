#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/vocabulary.h"
#include "engine/stccg/rules/rule.h"
#include "engine/stccg/state/ids.h"

namespace spacedock::stccg {

class Engine;
struct ActionFrame;
struct AttemptFrame;
struct CardDef;
struct CardFrame;
struct WindowFrame;

// What a card's native handler adds to what its data says (cards/ABILITIES.md §0.4). Every hook
// is optional; each is called by the rule that owns that moment of the game. A card names its
// handler in its `native` field, and the card database resolves the name when it loads.
struct Handler {
  std::string_view name = {};
  // The scenario file or test that shows the handler at work (tests/scenarios/...).
  std::string_view test = {};

  // --- Played from the hand: events, interrupts, doorways (rules/play.cpp) ---
  // Appends the plays of `self` that `seat` may make now: in `window`, or as one of the active
  // player's orders when `window` is null. The rules have already checked what every play of a
  // card of that type needs (it is in the hand, interrupts are allowed, ...).
  void (*plays)(const Engine&, Seat seat, CardId self, const WindowFrame* window,
                std::vector<Action>& out) = nullptr;
  // Whether an announced play still has what it needs when its turn to resolve comes (§3.16:
  // a response that has become illegal goes back to the hand).
  Rule (*still_legal)(const Engine&, Seat seat, const Action& play) = nullptr;
  // When a play of it is announced, before anyone may answer it: what the play uses up even if
  // it is nullified (a once-per-turn limit).
  void (*announced)(Engine&, Seat seat, const Action& play) = nullptr;
  // What the play does, or one of the `orders` it offered in play. Afterwards a card played goes
  // to the discard pile unless this placed it. A play aimed at a card being played (a
  // nullifier) resolves before it, last in first out (§3.16 item 7); other responses resolve
  // after the action they answer.
  void (*resolve)(Engine&, ActionFrame& play) = nullptr;
  // Whether this play of it, answering an action in that action's response window, resolves
  // before it, so that it may stop or change it (Barclay Transporter Phobia keeps a personnel
  // from beaming, Hail ends a move early): §3.16's "responses resolve after the action" does not
  // fit a card that prevents the action.
  bool (*resolves_before_answered)(const Action& play) = nullptr;

  // --- In play ---
  // Just after it reported for duty, from the hand or a download: a choice its owner makes as
  // it arrives (Lal's skills).
  void (*reported)(Engine&, CardId self) = nullptr;
  // At the start and at the end of every turn, for each copy in play.
  void (*start_of_turn)(Engine&, CardId self) = nullptr;
  void (*end_of_turn)(Engine&, CardId self) = nullptr;
  // After every step of the game (state-based effects: repairs at once, ...); for a mission, as
  // long as it is on the spaceline (Nebula).
  void (*state_check)(Engine&, CardId self) = nullptr;
  // The points it is worth to its controller now, for a card whose value is live.
  int (*live_points)(const Engine&, CardId self) = nullptr;
  // After `seat` scored `points` (any change of a score, a loss too), for each card in play and
  // each mission on the spaceline (Investigate Legend cloaks and uncloaks).
  void (*points_scored)(Engine&, CardId self, Seat seat, int points) = nullptr;
  // While it is in play (a mission: on the spaceline), the score `seat` needs to win, when not
  // the usual one (The Big Picture, Q's Planet); the highest such score counts.
  int (*winning_score)(const Engine&, CardId self, Seat seat) = nullptr;
  // Whether, while in play, it forbids `seat` to play `card` from the hand.
  bool (*forbids_play)(const Engine&, CardId self, Seat seat, CardId card) = nullptr;
  // Whether, while in play, it nullifies `play` (by `seat`) as the card resolves (Scanner
  // Interference: a Scan with no Computer Skill x2 at its mission).
  bool (*nullifies_play)(const Engine&, CardId self, Seat seat, const Action& play) = nullptr;
  // Whether, while in play, it keeps `target` from being nullified by `nullifier` (E-Band
  // Emissions shields Brainwash from Kevin Uxbridge).
  bool (*shields_from_nullifier)(const Engine&, CardId self, CardId target,
                                 CardId nullifier) = nullptr;
  // While in play, the infiltration icons it adds to `personnel` (affiliations it may
  // infiltrate besides its printed ones).
  AffiliationSet (*adds_infiltration_icons)(const Engine&, CardId self, CardId personnel) = nullptr;
  // Whether, while in play, it lets `seat`'s Federation forces start battles against forces of
  // `defenders`, lifting the Federation's limit (§3.11) against them (Wartime Conditions).
  bool (*lifts_battle_limits)(const Engine&, CardId self, Seat seat,
                              AffiliationSet defenders) = nullptr;
  // Whether, while in play, it keeps the `invaders` boarders aboard `ship` (Rogue Borg
  // Mercenaries) from doing anything yet (Intruder Force Field: fewer than three).
  bool (*holds_off_invaders)(const Engine&, CardId self, CardId ship, int invaders) = nullptr;
  // Whether, played on `vessel`, it has cards that are not personnel crew it for its controller
  // (Lore Returns: the Rogue Borg aboard): the vessel is staffed, fires, and needs no leader to
  // attack with nobody else aboard (Engine::crewed_by_cards).
  bool (*crews_host)(const Engine&, CardId self, CardId vessel) = nullptr;
  // How many of `ship`'s staffing icons `personnel`, whom it is played on, may fill alone, each
  // as they could fill one (Commandeer Ship: three on the ship they commandeered); below 2: one,
  // as usual (Engine::staffing).
  int (*staffs_icons)(const Engine&, CardId self, CardId personnel, CardId ship) = nullptr;
  // Whether, while in play, `card`, an opponent's card acting against its controller, acts
  // against its own user instead (Intruder Force Field reverses Telepathic Alien Kidnappers);
  // the reversed card's handler asks.
  bool (*turns_against_user)(const Engine&, CardId self, CardId card) = nullptr;
  // Whether, while in play, it holds `ship` landed on the planet where it is (Engage Shuttle
  // Operations): its crew walks to and from the surface without beaming, and it is not in orbit
  // (Engine::landed).
  bool (*lands)(const Engine&, CardId self, CardId ship) = nullptr;
  // Whether, while in play, it stops `ship` going from `from` to `to` (a blockade).
  bool (*blocks_move)(const Engine&, CardId self, CardId ship, LocIndex from, LocIndex to,
                      Passage passage) = nullptr;
  // A personnel that, aboard a ship, lets it move off one end of the spaceline and back in at the
  // other (Lakanta; Engine::move_cost takes the cheaper way round); a card on its player's table
  // lets all their ships (Where No One Has Gone Before).
  bool wraps_spaceline = false;
  // Whether, while in play, it keeps `card` (personnel or equipment) from beaming or walking
  // anywhere: a quarantine (Hyper-Aging).
  bool (*blocks_transfer)(const Engine&, CardId self, CardId card) = nullptr;
  // Just before it leaves play for the discard pile, while the cards on it are still there
  // (what it holds goes elsewhere).
  void (*leaving_play)(Engine&, CardId self) = nullptr;
  // Just before personnel `victim` is killed, while it is still where it dies (Hazardous Duty).
  void (*personnel_killed)(Engine&, CardId self, CardId victim) = nullptr;
  // Whether, while in play, it prevents `victim`'s death, asked before anything happens to it
  // (John Doe); `killed_with` are the others the same effect kills at once. Returning true
  // uses the ability up (the handler records it): the kill does nothing.
  bool (*prevents_death)(Engine&, CardId self, CardId victim,
                         std::span<const CardId> killed_with) = nullptr;
  // It is relied on as an android, the only one there: a dilemma naming androids is met by its
  // group (Juliana Tainer becomes aware).
  void (*used_as_android)(Engine&, CardId self) = nullptr;
  // In a player's hand, it may answer the end-of-turn draw: a window opens just after that draw
  // only while a player holds such a card (Subspace Schism), so that turns end unasked otherwise.
  bool answers_draw = false;
  // In a player's hand, it may answer a random pick of one of their personnel to die: the
  // kPickedToDie window opens only when such a card of theirs has a play there (Security
  // Sacrifice, Wolf), so that random deaths ask nothing of anyone otherwise.
  bool answers_random_pick = false;
  // In a player's hand, it may answer that player's own play (Ophidian Cane doubling their
  // Devidian Foragers): the play's response window asks its player too, after the opponent
  // passes, when such a card of theirs has a play aimed at the card being played.
  bool answers_own_play = false;
  // In a player's hand, it may answer the other player's card that has just acted (Temporal
  // Narcosis a Horga'hn's double turn, Isabella a Worshiper's score): the kCardActed window
  // opens only when such a card of theirs has a play there.
  bool answers_card_acted = false;
  // Whether, while in play, its controller's card play may be a group of reports (Red Alert).
  bool reports_as_group = false;
  // While it is in play, every draw deck is face up: its top card is seen by everyone
  // (Heisenberg Compensators).
  bool draw_decks_face_up = false;
  // While it is in play, every hand is face up, seen by both players (Alien Probe).
  bool hands_face_up = false;
  // Played on a mission: holograms may beam down to and act on that planet as if a Holodeck
  // reached it (Holo-Projectors).
  bool holodeck_on_planet = false;
  // While it is in play, a random selection among the opposing player's personnel only, at its
  // location, is made by its controller instead (Elim; Engine::random_chooser).
  bool chooses_random_selections = false;
  // Appends the orders `seat`, its controller, may give it now in their turn, as moves (kMove,
  // `a` = self) or attacks (kAttack, `a` = self) of a card that moves or strikes without being a
  // ship (Calamarain), or uses of its text (kUseCard, `a` = self, `b` = what it acts on, with
  // `use_label` saying what it does); `resolve` carries them out (rules/orders.cpp).
  void (*orders)(const Engine&, Seat seat, CardId self, std::vector<Action>& out) = nullptr;
  // Its `orders` are asked for either player in their turn, not only its controller; they say
  // who may give them (Drought Tree: an opposing Away Team nullifies it).
  bool orders_for_either_player = false;
  // After `personnel` became `captor`'s captive (rules/captives.cpp), for each card in play.
  void (*captive_taken)(Engine&, CardId self, CardId personnel, Seat captor) = nullptr;
  // Appends the uses of its text `seat`, its controller, may make in response `window`, answering
  // what is announced there (kUseCard, `a` = self, `b` = the card answered: Tharket nullifies a
  // Rescue Captives). Made at once, like a nullifier; `resolve` carries them out.
  void (*responses)(const Engine&, Seat seat, CardId self, const WindowFrame& window,
                    std::vector<Action>& out) = nullptr;
  // Its `responses` are asked for either player, not only its controller; they say who may make
  // them (Manheim's Dimensional Door affects both players).
  bool responses_for_either_player = false;
  // In its owner's discard pile: whether `seat`, its owner, may now take it back into hand as
  // one of their orders (U.S.S. Stargazer); `resolve` runs as it is taken (rules/orders.cpp).
  bool (*may_take_back)(const Engine&, Seat seat, CardId self) = nullptr;
  // After `ship` moved and stopped at a location, or decloaked there (rules/movement.cpp): a card
  // that attacks what arrives where it is (Borg Ship).
  void (*ship_arrived)(Engine&, CardId self, CardId ship) = nullptr;
  // After `ship` moved from `from` to `to`, before the cards there are told it arrived: a card
  // acting on the locations a move crosses (Subspace Warp Rift, Tetryon Field), which asks
  // Engine::move_crosses (the move may have gone round the spaceline's ends).
  void (*ship_moved)(Engine&, CardId self, CardId ship, LocIndex from, LocIndex to) = nullptr;

  // --- Fighting and moving like a ship without being one (rules/attributes.cpp, battle/) ---
  // Its printed RANGE, WEAPONS or SHIELDS, which a card other than a ship or facility does not
  // carry in its data (the Borg Ship dilemma, Calamarain).
  int (*figures)(const Engine&, CardId self, Attribute attribute) = nullptr;
  // It fights for no player (the Borg Ship dilemma): either player may attack it where it is,
  // and in its battles its side has no seat, draws no tactics and returns fire at every card
  // attacking it (battle/ship_battle.cpp).
  bool self_controlling = false;
  // It was destroyed by `by`, in a battle or with a card played to destroy it (kNoSeat: not by a
  // player); it is discarded unless this placed it (the Borg Ship goes to the destroyer's bonus
  // area).
  void (*destroyed)(Engine&, CardId self, Seat by) = nullptr;
  // While it is in play, `vessel` is about to be destroyed by `by` (kNoSeat: not by a player),
  // still in play (Klingon Civil War scores it).
  void (*vessel_destroyed)(Engine&, CardId self, CardId vessel, Seat by) = nullptr;
  // While it is in play: the STRENGTH it adds to the side of a personnel battle whose fighters
  // are `fighters` (0: none; it is not theirs, or not with them), counted only in the battle
  // (Echo Papa 607 Killer Drone). `fought_in_battle` tells it, once the battle is over, that it
  // added some (its own count of battles goes up).
  int (*battle_strength)(const Engine&, CardId self, const std::vector<CardId>& fighters) = nullptr;
  void (*fought_in_battle)(Engine&, CardId self) = nullptr;
  // Equipment or an artifact with a group (on its planet, or aboard its ship or facility): what
  // it adds to the group's skill and attribute totals (GroupFacts::extra_skills, Data's Head).
  void (*adds_to_group)(const Engine&, CardId self, GroupFacts& group) = nullptr;
  // It is the target of an attack in a ship battle: whether that attack is nullified, doing
  // nothing whatever the totals (Edo Vessel: a coin toss for each attack).
  bool (*nullifies_attack)(Engine&, CardId self) = nullptr;
  // A ship whose WEAPONS box is a special "*" (Gomtuu): it may fire with no WEAPONS, adds nothing
  // to its side's damage, and once damage is applied it is told of each card it fired at, with
  // its own WEAPONS as enhanced in this battle (`attack`) and that card's defense; what its fire
  // does instead is up to it (it may push a CardFrame for a choice).
  void (*fires_otherwise)(Engine&, CardId self, CardId target, int attack, int defense) = nullptr;
  // Whether, in play, it is immune to what `card` does to it (Gomtuu, staffed: Supernova).
  bool (*immune_to)(const Engine&, CardId self, CardId card) = nullptr;

  // --- Missions (rules/movement.cpp, rules/seeding.cpp) ---
  // It may be seeded between two missions, not only at an end of the spaceline (Space).
  bool seeds_between_missions = false;
  // The span `mover` pays to enter or cross this location, instead of the printed one
  // (FGC-47 Research).
  int (*span)(const Engine&, CardId self, CardId mover) = nullptr;
  // Whether it forbids `seat` to initiate a battle at `loc` (Nebula: only after a Scan there),
  // whatever card starts it (rules/battle/forces.cpp).
  bool (*forbids_battle)(const Engine&, CardId self, Seat seat, LocIndex loc) = nullptr;
  // Whether the group `f` solving it meets its requirement, for one the condition language
  // cannot say whole: `facts` are the group's, `formula` what the data's formula says of them
  // (Brute Force: STRENGTH per member; Investigate Time Continuum: a Time Travel Pod in hand).
  bool (*meets_requirements)(const Engine&, CardId self, const AttemptFrame& f,
                             const GroupFacts& facts, bool formula) = nullptr;
  // Once the group `f` has met its requirement, before it scores: what meeting it shows
  // (Investigate Time Continuum: the Time Travel Pod its group needed, shown from the hand).
  void (*requirements_met)(Engine&, CardId self, const AttemptFrame& f) = nullptr;
  // The points the group `f` scores for solving it, for a variable point box (Reunion).
  int (*points)(const Engine&, CardId self, const AttemptFrame& f,
                const GroupFacts& facts) = nullptr;
  // Whether it forbids beaming `card` to `to` (kNoCard: to the planet) at its location (Quash
  // Conspiracy: not from ship to ship).
  bool (*blocks_beaming)(const Engine&, CardId self, CardId card, CardId to) = nullptr;
  // Its attempts are made by all its attempting player's personnel on the planet as one Away
  // Team, whatever their affiliations (Diplomatic Conference's treaty for the attempt).
  bool attempted_by_all = false;

  // --- A card acting over several decisions (rules/engine.cpp) ---
  // Runs a CardFrame the handler pushed (a choice at the end of a turn, ...) until it pops it.
  void (*step)(Engine&, CardFrame&) = nullptr;

  // --- Met in a mission attempt: dilemmas, Q-cards (rules/dilemmas.cpp) ---
  // It may undo the active player's last orders of the turn (Temporal Causality Loop): a game
  // holding such a card keeps a journal of them (rules/journal.cpp, OrderJournal).
  bool undoes_orders = false;
  // Resolves the card instead of the standard procedure of §3.9, which the handler may still
  // call for what its data describes.
  void (*encounter)(Engine&, AttemptFrame&) = nullptr;
  // While it is in play: whether its controller may cancel the card `f.current` a group is
  // meeting, before it does anything (I Am Not a Merry Man!: a Q-card at its Klingon's
  // location); `cancelled` is then told that it did.
  bool (*may_cancel_met)(const Engine&, CardId self, const AttemptFrame& f) = nullptr;
  // While it is in play: whether the card `f.current` a group is meeting is nullified at once,
  // no one choosing (Thermal Deflectors: Firestorm, Thought Fire).
  bool (*nullifies_met)(const Engine&, CardId self, const AttemptFrame& f) = nullptr;
  void (*cancelled)(Engine&, CardId self) = nullptr;
  // While it is in play: a group has just turned over the card `f.current` and is about to meet
  // it (rules/attempt.cpp, Engine::meet). It may push frames of its own, which run after the
  // window answering the card and before the group meets it (Receptacle Stones: another ship
  // meets it too); `f` is gone once it has.
  void (*card_met)(Engine&, CardId self, const AttemptFrame& f) = nullptr;
  // While it is in play: the player who may send each personnel `card` (a card met by, or
  // played on, an Away Team of `affected`'s) relocates or holds to a planet of their choice
  // instead (Jealous Amanda), or kNoSeat (Engine::relocation_chooser).
  Seat (*chooses_relocation)(const Engine&, CardId self, CardId card, Seat affected) = nullptr;
  // Another way, besides the card's condition, for the group to overcome it.
  bool (*also_overcome)(const Engine&, const AttemptFrame&) = nullptr;

  // --- What must happen on a player's next turn (Samuel Clemens' Pocketwatch) ---
  // Whether, in play, it must act on `seat`'s next turn (a countdown ending then: Temporal Rift's
  // ship coming back), so that `seat` may have it act now instead.
  bool (*due_next_turn)(const Engine&, CardId self, Seat seat) = nullptr;
  // Makes what was due on `seat`'s next turn happen now; it does not happen again then.
  void (*bring_forward)(Engine&, CardId self, Seat seat) = nullptr;
  // After `by` showed `shown` from their hand (the second Devidian Door a use of one owes): a
  // card in play acting on the showing (Samuel Clemens).
  void (*card_shown)(Engine&, CardId self, CardId shown, Seat by) = nullptr;

  // --- Earned artifacts (rules/attempt.cpp) ---
  // Its effect when earned, run once the attempt is over; an artifact that acts at once waits
  // face up meanwhile (Zone::kResolving). The artifact is then discarded unless this placed it;
  // a hook that pushes a CardFrame for its choices disposes of it when that frame is done.
  void (*earned)(Engine&, CardId self, Seat by) = nullptr;
  // Whether, while in play, `group` (of `seat`'s, completing a mission or present at a completed
  // one) may not take the artifacts there: they stay under the mission for a later group
  // (The Charybdis: not without Archaeology).
  bool (*leaves_artifacts)(const Engine&, CardId self, Seat seat,
                           const std::vector<CardId>& group) = nullptr;
  // A seed card that other seed cards go under (Cryosatellite): whether `card` may be seeded
  // under it once it is under a mission, and how many each copy holds. A deck that has it may list
  // such cards among its seed cards (cards/deck.cpp); seeded, they are stored under it (Zone::
  // kStored) until its `earned` hook deals with them.
  bool (*holds_seed)(const CardDef& card) = nullptr;
  int seeds_held = 0;
  // Whether it may be seeded under the mission at `loc` at all (Cryosatellite: a space mission).
  bool (*may_seed_under)(const Engine&, LocIndex loc) = nullptr;

  // Words for the choices it asks for, shown to players.
  std::string_view question = {};  // a yes-or-no decision
  std::string_view yes_label = {};
  std::string_view no_label = {};
  std::string_view choose_label = {};  // a choice of cards
  std::string_view use_label = {};     // what a use of its text (kUseCard) does
};

// The handler of that name (registry.cpp), or nullptr.
const Handler* find_handler(std::string_view name);
// Every handler, in the order of the registry.
std::span<const Handler* const> all_handlers();

}  // namespace spacedock::stccg
