#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/decision.h"
#include "engine/incursions/action.h"
#include "engine/incursions/state.h"

namespace spacedock::incursions {

// What a seat brings to a new game.
struct SeatSetup {
  std::vector<HexIndex> hexes;  // its hex contribution, already validated
  int hexpoints = 0;
  std::optional<ShipIndex> ship;  // a fixed ship instead of a random one
  // Outside BASIC: the captain (or a crew card standing in), tabled at set-up; with
  // captain_of_ship_race, the captain of the ship's race instead.
  bool captain_of_ship_race = false;
  std::optional<CardIndex> captain;
  std::vector<CardIndex> crew;
  std::vector<CardIndex> deck;  // FULL: the deck, already validated
};

struct Setup {
  Options options;
  std::vector<SeatSetup> seats;
  std::vector<ShipIndex> ship_pool;  // random ships come from here
};

// A game of Star Trek: Incursions (incursions-rules.md), in the BASIC or CREW mode. The engine runs
// until some player owes a decision, then waits; players act only by answering the open decision
// with one of its options. A refused answer changes nothing. Copying a Game copies the whole game.
class Game {
 public:
  // Deals ships, shuffles and offers the hexpiles for cutting (§3).
  static Game create(const Content& content, const Setup& setup, std::uint64_t seed);
  // Continues play from a hand-built position (see make_position): the active seat is about to
  // choose a maneuver, after its power-up.
  static Game from_position(State position);

  const State& state() const { return s_; }
  std::span<const Event> events() const { return s_.events; }
  bool over() const { return s_.over; }

  // The open decision, or nullptr once the game is over.
  const core::Decision* decision() const;

  core::SubmitResult submit(Seat seat, core::DecisionId id, core::OptionId option);
  // Whether `seat` still has turn slots: it is in the game, or, eliminated, it controls a
  // denizen or could take one (§4.6).
  bool takes_turns(Seat seat) const;
  core::SubmitResult concede(Seat seat);
  // Out of time on the host's clock: a concession reported as RESULT_REASON_TIME.
  core::SubmitResult time_out(Seat seat);
  // Away past the host's disconnect grace: a concession reported as RESULT_REASON_FORFEIT.
  core::SubmitResult forfeit(Seat seat);
  // An organiser's ruling: the game ends at once with these winners (RESULT_REASON_RULING).
  core::SubmitResult rule(std::uint8_t winners);
  // A tournament round's time is up: scored by §16.3 (A37) once the attack, move or card
  // under way has been resolved, its open answers included (A52).
  core::SubmitResult call_time();
  // No attack, move or card is partly resolved: time called can be scored now (A52).
  bool between_resolutions() const;

  // Why the open decision would refuse this option (Rule::kOk if it is offered).
  Rule check(core::OptionId option) const;

  // Loads the dice for a rules scenario: the next d6 rolls give these values.
  void script_dice(std::span<const int> values) { s_.rng.script_d6(values); }
  void script_dice(std::initializer_list<int> values) {
    script_dice({values.begin(), values.size()});
  }

 private:
  explicit Game(State s) : s_(std::move(s)) {}

  // Flow (game.cpp).
  // The seat leaves the game: `how` is RESULT_REASON_CONCESSION, _TIME or _FORFEIT.
  core::SubmitResult withdraw(Seat seat, v1::ResultReason how);
  void run();
  void open(Step step, Seat seat);
  void apply(const Action& action);
  void run_task(const Task& task);
  void emit(Event event) { s_.events.push_back(event); }
  void finish(std::uint8_t winners, v1::ResultReason reason);
  Seat decider() const;
  bool hand_may_answer() const;
  // FULL, with cards in hand: a decision that a card could answer is always asked, even with
  // one option, since answering at once would show the hand held no card for it (§20.1).
  bool holds_cards(Seat seat) const;

  // Turns (turn.cpp).
  void deal(const Setup& setup);
  void offer_next_cut();
  // Hexes or cards in the pile or deck being cut.
  std::size_t cut_size() const;
  void cut(int depth);
  void roll_initiative();
  void begin_turn(Seat seat);
  void upkeep_tractor();
  void keep_cloak(bool keep);
  void keep_tractor(bool keep);
  void end_turn();
  // The §16.3 scoring, for the turn cap (A46) and the tournament time limit.
  void score_at_limit(v1::ResultReason reason);
  TileIndex draw_wormhole();
  // Ends the game if at most one player is left, for `reason` (how the others went out).
  bool check_victory(v1::ResultReason reason = v1::RESULT_REASON_LAST_SHIP_STANDING);

  // Legality (legality.cpp): the one place that says what is allowed.
  Rule check_action(const Action& action) const;
  Rule check_maneuver(const Action& action) const;
  Rule check_evasion(Seat seat, int power) const;
  Rule check_target(Seat attacker, Seat target) const;
  // A weapon's reach to `target` with the Pwr the action puts into range and dice (§7.1).
  Rule check_weapon_reach(const Action& action, TileIndex target) const;
  Rule check_denizen_target(const Action& action) const;
  void enumerate(std::vector<core::OptionId>& out) const;
  void enumerate_maneuvers(std::vector<core::OptionId>& out) const;
  void enumerate_free_actions(Seat seat, std::vector<core::OptionId>& out) const;
  bool held(Seat seat) const;
  std::array<std::uint8_t, kMaxTiles> mine_costs(Seat mover) const;
  const Mine* own_fresh_mine(Seat seat) const;

  // Power (power.cpp).
  void pay(Seat seat, int power);
  void use_aux(Seat seat);
  void divert_shields(Seat seat);
  void expire_diverted(Seat seat);

  // Combat (combat.cpp).
  void fire(const Action& action);
  // Dice the cards committed to an attack add to `weapon` (Phasers).
  int card_dice(Weapon weapon) const;
  void lay_mine(int power);
  void detonate_mine(Seat target);
  // Rolls 2D6 for `seat` and logs the roll.
  std::pair<int, int> roll_2d6(Seat seat, v1::DiceRollPurpose purpose);
  // An evasion attempt with `power` Pwr: pays, rolls, logs; true if it succeeds.
  bool evade(Seat seat, int power);
  // Rolls `dice` D6 + flat for `seat` (kNoSeat with `denizen` for a denizen), logs the roll and
  // returns its total.
  int roll_dice(Seat seat, int dice, int flat,
                v1::DiceRollPurpose purpose = v1::DICE_ROLL_PURPOSE_DAMAGE,
                std::uint8_t denizen = 0);
  void roll_hit(Seat attacker, Seat target, Weapon weapon, int dice, int flat, bool automatic,
                int officer = 0, int denizen = 0);
  // Opens the target's answer to a rolled hit: DEFEND, or ABSORB for automatic damage.
  void open_hit(Seat attacker, Seat target, Weapon weapon, int damage, bool automatic,
                int officer = 0, int denizen = 0);
  void defend(const Action& action);
  void resume_hit(Seat target);
  void resolve_hit();
  void repair(Seat seat, int system, int power);
  // `points` of repair to the hull (0) or shields (1), capped at the maximum (A57).
  void repair_by(Seat seat, int system, int points, int power);
  // A card's repair: the hull first, the rest to the shields; no bonuses add (§18 Repair Crew).
  void repair_hull_first(Seat seat, int points);
  void eliminate(Seat seat, v1::EliminationReason reason);
  // The cards attached to the next maneuver of a ship that is lost (FULL).
  void discard_attached(Seat seat);

  // Officers (crew/officers.cpp).
  void seat_officer(Seat seat, CardId card, int position);
  CardId unseat_officer(Seat seat, int position);
  void add_shields(Seat seat, int amount);
  void cap_shields(Seat seat);
  void hit_officer(Seat seat, int position);
  void restore_officer(Seat seat, int position);
  // Rolls 2D6 for `seat`'s espionage evasion; true if the roll is at most `score` (§13.2).
  bool espionage_evasion(Seat seat, int score);
  void assimilate(Seat target, int position);
  // The officer in `position` of `target` goes over to `borg` (§13.3, A39).
  void take_officer(Seat target, int position, Seat borg);
  void discard_officer(Seat seat, int position);
  void discard_officers(Seat seat);
  Rule check_officer(Seat seat, int officer) const;

  // Hex events and denizens (events/).
  // Puts a vessel on a tile; leaving a tile ends what the hex did to it there.
  void place(Seat seat, TileIndex tile);
  // The active player's maneuvers are over: the remain trigger, then the next turn (§4.4).
  void finish_maneuvers();
  // An arrival (stop or exploration) or remain trigger of `seat` on `tile` (§9.4).
  void trigger(Seat seat, TileIndex tile, bool arrival);
  void event_damage(Seat seat, TileIndex tile);
  void reward(Seat seat, int draw, int flip);
  // A kill's reward (§10.4, A23): offered as a choice when both kinds can be had.
  void offer_kill_reward(Seat killer);
  void take_kill_reward(Seat killer, int choice);
  // A hex-lent escape roll for a vessel trying to leave; true if it may go (§9.6).
  bool escape(Seat seat);
  void wormhole_roll(Seat seat, TileIndex tile);
  void spawn_denizen(TileIndex tile);
  void denizen_attack(int index, Seat target);
  void attack_denizen(const Action& action);
  // Object `index` attacks denizen `target` of its hex, on its owner's order (§11.1).
  void denizen_attacks_denizen(int index, int target);
  // `damage` at denizen `index`, which may evade; a kill rewards `attacker` (§10.4).
  void strike_denizen(int index, int damage, Seat attacker);
  void kill_denizen(int index, Seat killer);
  // Handlers for what a hex's data cannot say, registered by hex id (events/handlers.cpp).
  using HexHandler = void (Game::*)(Seat seat, TileIndex tile, bool arrival);
  static HexHandler handler_for(const std::string& hex_id);
  void borg_checkpoint(Seat seat, TileIndex tile, bool arrival);
  void collective_impulse(Seat seat, TileIndex tile, bool arrival);
  void spacestation(Seat seat, TileIndex tile, bool arrival);
  void timestorm(Seat seat, TileIndex tile, bool arrival);
  bool fire_unique(HexIndex hex);
  // A hex's lent weapon (events/hex_weapon.cpp).
  const HexWeaponDef* hex_weapon(Seat seat) const;
  Rule check_hex_weapon(const Action& action) const;
  void fire_hex_weapon(const Action& action);
  // Domination (events/domination.cpp).
  bool dominates_any(Seat seat) const;
  bool dominatable(const Denizen& denizen) const;
  bool own_craft(const Denizen& denizen, Seat seat) const;
  Rule check_domination(const Action& action) const;
  void enumerate_domination(std::vector<core::OptionId>& out) const;
  void dominate(const Action& action);

  // Game cards, FULL mode (cards/).
  // The deck, the hand and the piles (cards/deck.cpp).
  void shuffle_deck(Seat seat);
  void draw(Seat seat, int count);
  // Tables a crew card from the hand into its position if it is free and the rarity limits
  // allow (A30); false if it stays in hand.
  bool table_crew(Seat seat, CardId card, bool when_drawn);
  void to_hand(Seat seat, CardId card);
  void remove_from_hand(Seat seat, CardId card);
  void to_discard(Seat seat, CardId card, v1::CardDiscardReason reason);
  void remove_tabled(std::size_t index, v1::CardDiscardReason reason);
  // Cards tabled for the round expire at their player's power-up (A11).
  void expire_for_round(Seat seat);
  // A destroyed vessel's tabled cards, and the ones its player tabled elsewhere, are discarded.
  void discard_tabled(Seat seat);
  bool in_hand(Seat seat, CardId card) const;
  // RARITY_LIMIT if tabling `card` would put `seat` over a limit in play (§14.1, A58).
  Rule check_rarity(Seat seat, CardId card) const;
  // Playing cards (cards/play.cpp).
  Rule check_card(const Action& action) const;
  Rule check_card_in_hand(const Action& action) const;
  // Whether `seat` may play cards limited to `race`.
  bool serves_race(Seat seat, v1::Race race) const;
  Rule check_card_maneuver(const Action& action, const CardDef& def) const;
  // The attached cards' demands on the maneuver declared with them (§5.2-§5.3, A47): a bit
  // set of what Fire, Phasers and Warp need, and whether a maneuver kind meets them.
  Rule check_attached_fit(const Action& action) const;
  std::uint8_t attached_demands() const;
  bool fits(std::uint8_t demands, const Action& action) const;
  void enumerate_cards(std::vector<core::OptionId>& out) const;
  // A crew card tabled, or a card attached to the next maneuver: no maneuver of its own.
  bool free_play(const Action& action) const;
  void play_free_card(const Action& action);
  // A defense card or Event Block answering the hit: declared, answered (§5.5), then applied.
  void answer_hit_with_card(const Action& action);
  void apply_defense_card(Seat seat, CardId card);
  void resolve_card(Seat seat, const Action& action);
  // Tables `card`, played by `seat`, in front of `on` (its own vessel or a target's), in effect
  // from the next maneuver (§5.2); a Sabotage names the weapon system it `locks` (Weapon + 1).
  void table_card(Seat seat, CardId card, Seat on, std::uint8_t locks = 0);
  void take_card(const Action& action);
  // A weapon system tabled as a card (Weapon Prototype): fired at a vessel in the same hex.
  Rule check_card_weapon(const Action& action) const;
  void fire_card_weapon(const Action& action);
  // Sabotage (cards/sabotage.cpp): equipment turned face down, or a weapon system locked.
  Rule check_sabotage(const Action& action) const;
  void enumerate_sabotage(CardId card, std::vector<core::OptionId>& out) const;
  void sabotage(Seat seat, const Action& action);
  bool weapon_locked(Seat seat, Weapon weapon) const;
  // The kSabotage choice: which of State::sabotaged's equipment goes face down.
  void enumerate_turnable(std::vector<core::OptionId>& out) const;
  Rule check_turn_down(const Action& action) const;
  void turn_down(Seat seat, const Action& action);
  // Borg assimilation of equipment (cards/assimilation.cpp, §13.3).
  bool assimilable(Seat target, CardId card) const;
  void assimilate_equipment(Seat target, CardId card);
  // Objects placed in a hex (cards/placed.cpp): Weapons Platform, Outpost, a launched Shuttle
  // craft (§11.1, §11.3).
  void place_object(Seat seat, CardId card);
  // Whether one more object fits in the denizen table (kCardLimit otherwise).
  bool object_room() const;
  // `seat`'s living placed object with denizen id (index + 1) `id`, or nullptr.
  const Denizen* own_object(Seat seat, int id) const;
  // A placed object that moves: a shuttle launched on its own (§11.3).
  bool is_craft(const Denizen& denizen) const;
  bool next_to(TileIndex from, TileIndex to) const;
  void move_denizen(int index, TileIndex to);
  Rule check_object_attack(const Action& action) const;
  // Whether `attacker`, an object, may attack the denizen whose index + 1 is `id`.
  Rule check_attacked_denizen(const Denizen& attacker, int id) const;
  // A DENIZEN_ATTACK its controller ordered: at a vessel, or at a denizen.
  void command_attack(const Action& action);
  Rule check_object_move(const Action& action) const;
  Rule check_object_repair(const Action& action) const;
  void repair_object(Seat seat, const Action& action);
  void enumerate_objects(std::vector<core::OptionId>& out) const;
  // Queues the attacks of the armed objects in `tile` on a vessel arriving there.
  void objects_strike(Seat seat, TileIndex tile);
  // A repair maneuver aimed at a card: one in front of the vessel (Pardus Claw, Sabotage) is
  // removed by enough points; the vessel's face-down equipment goes back into service.
  Rule check_card_repair(const Action& action) const;
  void repair_card(Seat seat, CardId card);
  // Responses (cards/responses.cpp): a maneuver is declared, answered, then resolved (§5.5).
  void declare(Seat seat, const Action& action);
  // A card played outside the maneuvers (a.card), declared on its own: out of the hand, and
  // open to the others' windows before it acts as `what` says (§5.5).
  void declare_card(Seat seat, const Action& a, Declared what, Seat target = kNoSeat,
                    int maneuvers_allowed = 0);
  void resolve_maneuver(Seat seat, const Action& action);
  void advance_responses();
  void respond(const Action& action);
  void cancel_below(Seat by);
  void lose_declaration(const Declaration& declaration);
  // The Pwr a declared maneuver spends, with the cards declared with it (A28).
  int committed_power(Seat seat, const Action& action, std::span<const CardId> cards) const;
  // A hex's automatic damage (events/triggers.cpp): offered to Event Block before the roll.
  void answer_event(Seat seat, const Action& action);
  void strike(Seat seat);
  // Shuttles (cards/shuttle.cpp): armour beside the ship, and escape craft (§11.3-11.4).
  bool is_armour(const Tabled& t, Seat seat) const;
  bool has_armour(Seat seat) const;
  // Damage the armour takes of `damage`; spent armour is discarded by discard_spent_armour.
  int armour_takes(Seat seat, int damage);
  void discard_spent_armour(Seat seat);
  // A vessel at 0 hull: its player escapes or is eliminated.
  void destroyed(Seat seat);
  void answer_escape(Seat seat, const Action& action);
  // The escape craft's declaration resolved: the vessel becomes the craft (§11.4).
  void launch_escape(Seat seat, const Action& action);
  // The destroyed vessel's player is out of the game.
  void sink(Seat seat);

  // Movement and beams (movement.cpp).
  void move(TileIndex destination);
  void explore(int direction);
  void travel();
  void detonate_under(Seat victim, TileIndex tile, Seat owner);
  void arrive(Seat seat, TileIndex tile);
  void tractor(Seat target, int strength);
  void answer_lock(const Action& action);
  void break_tractor(Seat holder);
  void release_beam(Seat holder, v1::TractorReason reason);
  void check_beams();

  State s_;
};

}  // namespace spacedock::incursions
