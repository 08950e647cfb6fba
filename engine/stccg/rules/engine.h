#pragma once

#include <array>
#include <boost/container/small_vector.hpp>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "engine/stccg/rules/rule.h"
#include "engine/stccg/state/state.h"

namespace spacedock::stccg {

// The rules of the game, applied to one game value (stccg-rules.md). The rule files under
// rules/ and the card handlers under cards/handlers/ share this one interface; nothing outside
// the engine uses it (Game is the public face). Each section below names the file that
// implements it.
//
// The engine runs frames of work (state/frames.h) until a player owes a decision. A step that
// needs an answer calls ask() and returns; when the answer comes, the same step runs again and
// take_answer() hands it over. So every step must be safe to enter twice, and keeps how far it
// got in its frame.
class Engine {
 public:
  explicit Engine(State s) : s_(std::move(s)) {}

  const State& state() const { return s_; }
  State& state() { return s_; }

  // --- The loop (engine.cpp) ---
  void run();
  // Opens a decision for `seat`, or answers it at once when there is only one option and
  // `forced_ok`.
  void ask(Seat seat, std::vector<Action> options, bool forced_ok = true);
  // Answers the open decision with one of the options offered, and runs the game on.
  void answer(const Action& option);
  std::optional<Action> take_answer();
  // Option ids name cards by their handles: the same action always has the same id while the
  // cards it names stay where they are. A card the open decision's player may not know is named
  // by a stand-in (option_handle), so that no option tells them a hidden card's handle.
  core::OptionId option_id(const Action& action) const;
  std::optional<Action> action_of(core::OptionId id) const;
  std::uint32_t option_handle(CardId c) const;
  // The id of `a` with its cards named by these handles (option_handle's).
  static core::OptionId encode_option(const Action& a, std::uint32_t first, std::uint32_t second);
  void emit(Event event) { s_.events.push_back(std::move(event)); }
  void finish(std::uint8_t winners, v1::ResultReason reason);
  void check_victory();
  // The score `seat` needs to win: 100, unless a card in play says more (Handler::winning_score).
  int winning_score(Seat seat) const;
  // State-based checks after every step: cures, live scores, victory (§7 implication 7). They
  // can only change when something happened: inline, since most steps emit no event.
  void after_change() {
    if (!s_.over && s_.events.size() != s_.events_checked) state_checks();
  }
  void state_checks();
  void update_live_scores();
  Rule check_action(const Action& action) const;
  // Choices inside a resolution: each returns nullopt after asking, and the answer when the
  // step runs again. pick_or_done also offers kDone, answered as kNoCard.
  std::optional<CardId> pick(Seat decider, const std::vector<CardId>& candidates);
  std::optional<CardId> pick_or_done(Seat decider, const std::vector<CardId>& candidates);
  std::optional<bool> yes_no(Seat decider);
  // A choice of one of `skills` (classification words included) for personnel `taker` (Lal);
  // with `may_keep`, kDone is offered too, answered as kNoSkill (K'chiQ keeps hers).
  std::optional<SkillId> choose_skill(Seat decider, CardId taker,
                                      const std::vector<SkillId>& skills, bool may_keep = false);
  // A choice of one of `genders` for personnel `taker` (Soong-type Android).
  std::optional<Gender> choose_gender(Seat decider, CardId taker,
                                      const std::vector<Gender>& genders);
  // A card type named by `decider`, one of `types`, before a card is shown (Telepathic Alien
  // Kidnappers guesses the type of a card of the opponent's hand).
  std::optional<v1::StccgCardType> name_card_type(Seat decider,
                                                  const std::vector<v1::StccgCardType>& types);
  // A choice of one of `defs`, cards from outside the game (not in it: Trust Me), or kDone,
  // answered as kNoDef.
  std::optional<DefIndex> choose_from_outside(Seat decider, const std::vector<DefIndex>& defs);
  // A card from outside the game enters it: a new card of `owner`, with an id and a handle of
  // its own, put in `owner`'s discard pile for all to see (Trust Me).
  CardId bring_to_discard(Seat owner, DefIndex def);
  // The server's random selection (CRD II.1 "Random Selection").
  CardId random_member(const std::vector<CardId>& pool);
  // Who makes, instead of the server, a random selection among `pool`: the controller of a card
  // in play that chooses random selections (Handler::chooses_random_selections: Elim) at the
  // location of every card of `pool`, all personnel their opponent controls; kNoSeat: nobody.
  Seat random_chooser(const std::vector<CardId>& pool) const;
  void step(CardFrame& f);
  // The frame of type F nearest the top of the stack (the attempt or battle a window is in),
  // or nullptr.
  template <typename F>
  F* top_frame() {
    for (auto it = s_.frames.rbegin(); it != s_.frames.rend(); ++it) {
      if (auto* f = std::get_if<F>(&*it)) return f;
    }
    return nullptr;
  }
  template <typename F>
  const F* top_frame() const {
    return const_cast<Engine*>(this)->top_frame<F>();
  }

  bool is_personnel(CardId c) const { return s_.type(c) == v1::STCCG_CARD_TYPE_PERSONNEL; }
  bool is_ship(CardId c) const { return s_.type(c) == v1::STCCG_CARD_TYPE_SHIP; }
  bool is_facility(CardId c) const { return s_.type(c) == v1::STCCG_CARD_TYPE_FACILITY; }
  // A ship its player's personnel and equipment may report aboard (StccgShip.reporting_point).
  // Whether one of `ship`'s matching commanders is aboard it (StccgShip.matching_commanders).
  bool matching_commander_aboard(CardId ship) const;
  bool reporting_point(CardId c) const {
    return is_ship(c) && s_.def(c).card.ship().reporting_point();
  }

  // --- Effects in play (effects.cpp) ---
  Effect& add_effect(Effect effect);
  // The first effect of `kind` on `card` (any card when kNoCard), or nullptr. Inline: nearly
  // always no effect of the kind is in play, and the answer is one bit away.
  const Effect* find_effect(EffectKind kind, CardId card = kNoCard) const {
    return s_.may_have(kind) ? first_effect(kind, card) : nullptr;
  }
  Effect* find_effect(EffectKind kind, CardId card = kNoCard) {
    return s_.may_have(kind) ? const_cast<Effect*>(first_effect(kind, card)) : nullptr;
  }
  bool has_effect(EffectKind kind, CardId card = kNoCard) const {
    return find_effect(kind, card) != nullptr;
  }
  // Ends every effect for which `ends` is true.
  template <typename Pred>
  void end_effects(Pred ends) {
    s_.end_effects(ends);
  }
  // Effects that end at the end of the turn, or when a card leaves play.
  void end_turn_effects();
  // Ends the effects that last for the battle under way (Anti-Matter Spread), as it ends.
  void battle_over();
  void card_left_play(CardId c);
  bool damaged(CardId c) const { return has_effect(EffectKind::kDamage, c); }
  bool in_stasis(CardId c) const { return has_effect(EffectKind::kStasis, c); }
  bool mission_blocked(Seat seat, LocIndex loc) const;
  bool persona_barred(PersonaId persona) const;

  // --- Cards and zones (zones.cpp) ---
  // Whether a card's owner (its controller, in play) may see it where it is now (§1.5).
  bool owner_sees(CardId c) const;
  bool in_q_tent(CardId c) const;  // face down in its owner's Q's Tent
  // Whether everyone may see it where it is now.
  bool all_see(CardId c) const;
  // Whether `seat` may see it where it is now: everyone may, or it is theirs and its owner may.
  bool seat_sees(Seat seat, CardId c) const;
  // Whether `c` is aboard a ship or facility `seat` controls, or in an Away Team of theirs: in
  // their crew or team, which they know.
  bool knows_as_crew(Seat seat, CardId c) const;
  void move_card(CardId c, Zone zone, Where where = Where::kNone, LocIndex loc = kNoLoc,
                 CardId host = kNoCard, Seat controller = kNoSeat,
                 ev::MoveCause cause = ev::MoveCause::kNone);
  // The list that holds `c` when it is in `zone` (its owner's pile or side deck); nullptr for
  // zones without one.
  std::vector<CardId>* pile_of(CardId c, Zone zone);
  // To the discard pile (a used Q-card or tactic under its side deck), with whatever is aboard
  // or played on it; `cause` is what the events say of it.
  void to_discard(CardId c, ev::MoveCause cause = ev::MoveCause::kNone);
  // `killed_with`: the others the same effect kills at once (a card that prevents a death may
  // not save one of them while it dies too, CRD IV.10.E John Doe).
  void kill(CardId personnel, std::span<const CardId> killed_with = {});
  // `seat` takes part in a battle: mission bonuses lost by battling are lost (Mordock).
  void took_part_in_battle(Seat seat);
  // `by`: the player destroying it, in a battle or with a card played to destroy it, told to
  // its handler (Handler::destroyed) and the watchers (Handler::vessel_destroyed).
  void destroy_vessel(CardId vessel, Seat by = kNoSeat);
  void draw(Seat seat);
  // Takes `c` from `seat`'s draw deck into the hand without drawing it (a search); taking the
  // last card ends the game as drawing it would.
  void take_from_deck(Seat seat, CardId c);
  // A search (CRD III.6): `seat` starts or stops looking through their draw deck, whose cards
  // they see meanwhile; stopping shuffles it.
  void search_deck(Seat seat, bool start);
  bool searching_deck(Seat seat) const;
  // A view of one side deck granted to `viewer` (Tarmin): while it lasts they see its face-down
  // cards, in order, and nobody else does. Starting and ending it gives the cards new handles,
  // so that nothing links what was seen to the cards' lives before and after; the deck is not
  // shuffled (CRD IV.10.E).
  void view_side_deck(Seat viewer, Seat owner, SideDeckKind kind, bool start);
  // Whether `viewer` is granted a view of card `c` in a side deck now.
  bool views_side_deck_card(Seat viewer, CardId c) const;
  // Whether `viewer` scanned the mission card `c` is seeded under this turn (Scan: kScanned).
  bool views_scanned_seed(Seat viewer, CardId c) const;
  // Whether a card granted `viewer` a look at `c`, hidden otherwise (kViewing: Long-Range Scan,
  // Life-form Scan, Jaglom Shrek).
  bool views_granted(Seat viewer, CardId c) const;
  void shuffle_deck(Seat seat);
  void stop(CardId c);
  void score(Seat seat, int points, CardId source);
  void expose(CardId c);
  std::uint32_t new_handle();
  CardId find_handle(std::uint32_t handle) const;

  // --- Seeding (seeding.cpp) ---
  void step(SeedFrame& f);
  std::vector<Action> seed_options(const SeedFrame& f, Seat seat) const;
  Rule check_seed(const SeedFrame& f, Seat seat, const Action& a) const;
  void seed(Seat seat, const Action& a);
  // Whether `seat` may put `c` face down under the mission at `loc` as a seed card: a dilemma of
  // a placement that fits, an artifact (one of theirs per mission), a Q-Flash, or a card seeded
  // like a dilemma. `c` may be anywhere: where it comes from is the caller's rule.
  Rule check_seed_under(Seat seat, CardId c, LocIndex loc) const;
  // Puts mission `mission` on the spaceline at index `at`, seeded by `seat` (at either end while
  // seeding; anywhere mid-game: Q's Planet), every location from `at` on moving one to the right
  // (State::insert_location).
  void insert_mission(Seat seat, CardId mission, LocIndex at);
  // The location of the opponent's copy of this unique mission, when copies share one.
  LocIndex shared_location(Seat seat, CardId mission) const;
  void finish_seeding();

  // --- Side decks (side_decks/) ---
  bool side_deck_open(Seat seat, SideDeckKind kind) const;
  // Whether `seat` may bring `def` into play as far as doorways go: a card bearing an icon some
  // doorway admits (AU) needs such a doorway of the player's open in play (CRD IV.6).
  bool doorway_admits(Seat seat, const CardDef& def) const;
  // The top face-down card of a side deck, refilled from its used cards when it runs out;
  // kNoCard when there is none.
  CardId top_of_side_deck(Seat seat, SideDeckKind kind);
  // The doorways `seat` may seed on side decks now (§1.3 step 1).
  std::vector<Action> doorway_seeds(Seat seat) const;
  void seed_doorway(Seat seat, CardId door);

  // --- The turn (turn.cpp) ---
  void step(TurnFrame& f);
  void start_turn();
  // The active player's orders are over for the turn: it ends, the opponent acting last.
  void end_orders(TurnFrame& f);

  // --- Undoing orders (journal.cpp) ---
  // Keeps the journal of orders (OrderJournal) if a card of the game may undo them.
  void start_order_journal();
  // Notes the game as it is as one of the active player's orders, `order`, begins.
  void journal_order(const Action& order);
  // The game as the turn's `k`-th order began: the turn's first, replayed up to it.
  State as_order_began(std::size_t k) const;
  // Undoes this turn's orders from the `to`-th on (the game goes back to as it was then) once
  // the current step is over, and ends the turn; `source`, the card undoing them, ends in its
  // owner's discard pile (put back where it was, it would act again).
  void rewind_orders(std::size_t to, CardId source);
  // Makes the rewind asked for: what players already know (the events, handles given out,
  // decision ids, the random generator) is not rewound; each card back in another place moves
  // there by an event, under a new handle.
  void rewind();
  void end_of_turn_effects();
  // Whether a player holds a card that may answer the end-of-turn draw (Handler::answers_draw).
  bool draw_answerable() const;

  // --- Orders: what the active player may do (orders.cpp) ---
  std::vector<Action> order_options(Seat seat) const;
  Rule check_order(Seat seat, const Action& a) const;
  // check_order's test of the order itself, without the turn, the required moves or the orders
  // of cards' handlers.
  Rule check_order_rules(Seat seat, const Action& a) const;
  // Whether the turn's normal card play is still to be made (a report, or any other card).
  bool may_play_card(Seat seat, bool report = false) const;
  bool reports_as_group(Seat seat) const;
  // Equipment whose report is not the turn's card play (D'k Tahg).
  bool free_report(CardId card) const;
  AffiliationSet affiliations_played(Seat seat) const;
  Rule check_from_hand(Seat seat, CardId card) const;
  // A card that may not be duplicated, whose title is already in play.
  bool duplicate_barred(CardId card) const;
  // `loc`: where a ship that reports at a spaceline end arrives (`facility` kNoCard).
  Rule check_report(Seat seat, CardId card, CardId facility, LocIndex loc = kNoLoc) const;
  // Reporting for duty to the crew or Away Team of a personnel that takes such reports.
  Rule check_report_to_group(Seat seat, CardId card, CardId personnel) const;
  // Whether the personnel `card` may join the crew or Away Team of `personnel` (placed aboard
  // or on a planet): compatible with every member.
  Rule joins_group(Seat seat, CardId card, CardId personnel) const;
  Rule check_build(Seat seat, CardId card, LocIndex loc, bool seeding) const;
  Rule check_event(Seat seat, CardId card, CardId target) const;
  // check_report once the card may be played from the hand (check_from_hand): whether it may
  // report to `facility` (or at `loc`).
  Rule report_destination(Seat seat, CardId card, CardId facility, LocIndex loc) const;
  // What a card entering play from anywhere must pass: an open Alternate Universe Door for an
  // AU card, uniqueness, personas, cards the engine does not play.
  Rule check_entering(Seat seat, CardId card) const;
  // The normal card plays of `c` (reports, builds, events without a handler) that its checks
  // accept, to `seat`'s ships and facilities in space `vessels`; `c` passes check_from_hand.
  void card_plays(Seat seat, CardId c, std::span<const CardId> vessels,
                  std::vector<Action>& out) const;
  // A play of an interrupt, a doorway or an event with a handler: whether it is offered now.
  Rule check_hand_play(Seat seat, const Action& a) const;
  // Orders that cards in play give themselves (Handler::orders): a move or an attack of a card
  // that is not a ship (Calamarain). They reuse kMove and kAttack, with the card as `a`.
  void card_orders(Seat seat, std::vector<Action>& out) const;
  bool is_card_order(const Action& a) const;
  Rule check_card_order(Seat seat, const Action& a) const;
  // `aboard`: the ship's crew(), which the caller may have at hand.
  Rule can_move(Seat seat, CardId ship, std::span<const CardId> aboard) const;
  Rule check_move(Seat seat, CardId ship, LocIndex to) const;
  Rule check_transfer(Seat seat, CardId card, CardId to, LocIndex loc) const;
  // The parts of check_transfer: whether `card` may beam or walk at all now, and then whether
  // it may board `to` (whose crew is `crew_of_to`) where it is, or beam down to the planet there.
  Rule may_transfer(Seat seat, CardId card) const;
  // What boarding a ship or facility asks of a personnel, worked out once for all the cards
  // that might board it: the affiliations of the vessel, and each set once of those of its crew
  // who count for mixing (a brainwashed captive mixes with anyone); a crew of more kinds than
  // that holds is asked member by member.
  struct Boarding {
    CardId vessel = kNoCard;
    AffiliationSet affiliations = 0;
    std::span<const CardId> crew;
    std::array<AffiliationSet, 6> crew_affiliations{};
    std::uint8_t kinds = 0;  // of crew_affiliations in use
    bool too_many_kinds = false;
  };
  Boarding boarding(CardId vessel, std::span<const CardId> crew_of_vessel) const;
  Rule may_board(Seat seat, CardId card, const Boarding& to, LocIndex here) const;
  Rule may_board(Seat seat, CardId card, CardId to, LocIndex here,
                 std::span<const CardId> crew_of_to) const {
    return may_board(seat, card, boarding(to, crew_of_to), here);
  }
  Rule may_beam_down(CardId card, LocIndex here) const;
  // may_beam_down without asking whether anything blocks beaming there (beaming_blocked).
  Rule beam_down_allowed(CardId card, LocIndex here) const;
  Rule check_attempt(Seat seat, LocIndex loc, CardId anchor, CardId team = kNoCard) const;
  bool dual(LocIndex loc) const;
  // The halves of check_attempt: whether the mission at `loc` may be attempted by `seat` at
  // all, and whether `group` (its ready members) may attempt it.
  Rule mission_open(Seat seat, LocIndex loc) const;
  Rule group_may_attempt(Seat seat, LocIndex loc, const std::vector<CardId>& group) const;
  // The mission at `loc` when it lets all of `seat`'s personnel on its planet attempt it as one
  // Away Team, and they form several otherwise (Diplomatic Conference); else kNoCard.
  CardId attempt_treaty(Seat seat, LocIndex loc) const;
  bool has_matching(Seat seat, LocIndex loc, const std::vector<CardId>& group) const;
  // Who would attempt the mission at `loc` with `anchor` (a vessel, or an Away Team member).
  std::vector<CardId> attempt_group(Seat seat, LocIndex loc, CardId anchor) const;
  // What the requirements of `seat`'s end of the mission at `loc` still lack for the group of
  // theirs there that comes nearest (a ship's crew, an Away Team; both at a dual mission).
  struct Lacking {
    std::vector<std::string> terms;  // as the card data writes them; empty: all are met
    bool matching = true;            // a member matches the mission's affiliation icons
  };
  // Nothing when the mission is not open to them or none of their personnel is ready there.
  std::optional<Lacking> requirements_lacking(Seat seat, LocIndex loc) const;

  // --- The timing engine (timing/actions.cpp, timing/windows.cpp) ---
  void begin_action(Seat actor, const Action& a);
  void step(ActionFrame& f);
  void resolve(ActionFrame& f);
  // Whether a card in play nullifies the card `f` plays as it comes to resolve
  // (Handler::nullifies_play).
  bool nullified_in_play(const ActionFrame& f) const;
  // After a ship reported: the personnel its player brings aboard from hand with it
  // (StccgReportsAt.with_personnel); resumes after each choice.
  void report_personnel_aboard(ActionFrame& f);
  // Runs the `reported` hook of a card that just reported for duty; true if it pushed a frame
  // (a choice to make on arrival), which must run before the reporting action goes on.
  bool announce_reported(CardId card);
  // Whether the opponent of the battle's initiator cancels it, a right a card gave them
  // (Guilty - Provisionally); nullopt after asking.
  std::optional<bool> battle_cancelled(const ActionFrame& f);
  // Opens a window in which both players, `first` first, may play cards until both pass.
  void open_window(WindowKind kind, Seat first, CardId about = kNoCard, LocIndex loc = kNoLoc);
  void step(WindowFrame& w);
  // Whether window `w`, closing after an announcement, asks the announcing player too: they
  // hold a card that may answer their own play (Handler::answers_own_play) and has a play aimed
  // at the card being played.
  bool answers_own_play(const WindowFrame& w) const;
  // `victim` was just picked at random (CRD IV.8: Yuta's selection too) for `fate`, kPickedToDie
  // or kPickedForCapture (by the other player): that comes at once, or, when its controller has
  // an answer to such a pick (Security Sacrifice, Wolf), as a window of that kind closes. True
  // when it waits for that window. `source`: a capturing card that goes along with the captive
  // (WindowFrame::source).
  bool picked_at_random(CardId victim, WindowKind fate, CardId source = kNoCard);
  // What such a pick does to `victim`, if it is still in play (kNoCard: saved; then `source`,
  // still resolving, is discarded).
  void meet_fate(WindowKind fate, CardId victim, CardId source);
  // `card` has just acted for its controller (a Horga'hn's double turn, a Worshiper's score at
  // `loc`): a kCardActed window for the other player, when they hold an answer to it.
  void card_acted(CardId card, LocIndex loc = kNoLoc);
  // Pushes `window` when its first player has a play there of a card flagged by `answers`
  // (those windows stay shut otherwise, so that they ask nothing of anyone); true if pushed.
  bool open_window_if_answered(const WindowFrame& window, bool Handler::*answers);
  std::vector<Action> response_options(Seat seat, const WindowFrame& w) const;
  // The uses of cards in play of `seat` answering what window `w` is about (Handler::responses).
  void card_responses(Seat seat, const WindowFrame& w, std::vector<Action>& out) const;
  bool has_auto_pass(Seat seat) const;
  Rule check_response(Seat seat, const Action& a) const;

  // --- Playing cards from the hand (play.cpp) ---
  // What every play of a card of its type needs, in `window` or as an order (null).
  // `check_forbidden` false: the caller knows that no card in play forbids any play.
  Rule may_play_from_hand(Seat seat, CardId c, const WindowFrame* window,
                          bool check_forbidden = true) const;
  // Appends the plays the handlers of `seat`'s cards in hand offer now.
  void hand_plays(Seat seat, const WindowFrame* window, std::vector<Action>& out) const;
  // A card of `seat`'s hand is played: it waits face up to resolve, and what the play uses up
  // is used up even if it is nullified later.
  void announce_play(Seat seat, const Action& play);
  // Whether an announced play may still resolve (§3.16).
  Rule still_legal(Seat seat, const Action& play) const;
  void resolve_play(ActionFrame& f);
  // Cancels a card being played: it does nothing and is discarded.
  void nullify(CardId c);
  // Whether `target` may be nullified by `nullifier` ("may be nullified only by ...").
  bool may_nullify(CardId nullifier, CardId target) const;
  // Whether a card present with `personnel` (aboard the same ship or facility, or on the same
  // planet) nullifies `card` by its where-present entries (I.P. Scanner: Brain Drain), so that
  // `card` played on `personnel` would do nothing (rules/dilemmas.cpp).
  bool nullified_beside(CardId card, CardId personnel) const;
  // `c` was played by `by` and is announced, not resolved yet.
  bool just_played(CardId c, Seat by) const;
  // A card in play forbids `seat` to play `c` (Goddess of Empathy).
  bool forbidden(Seat seat, CardId c) const;
  bool any_forbids_play() const;

  // --- Plays on hold (holds.cpp, CRD IV.6: Manheim's Dimensional Door) ---
  // The cards of the plays that `seat` may put on hold in `w`, most recent first: the response
  // just collected there (WindowFrame::collected), then the play the window follows; each
  // another player's card play from the hand, not held before.
  std::vector<CardId> holdable_plays(Seat seat, const WindowFrame& w) const;
  // `by` shows `shown` from their hand (it stays there, seen as that card by both) and puts the
  // play of `held` on hold: it waits in Zone::kHeld, where nothing can nullify it, while `by`
  // makes up to `plays` plays from the hand through `source`, whose handler's step runs the
  // CardFrame pushed here with free_play_step. Then it resumes (a response among those of the
  // action it answers), or goes back to its owner's hand if no longer legal. Holds chain; they
  // resume last in first out.
  void hold_play(CardId held, Seat by, CardId shown, CardId source, std::uint8_t plays);
  void free_play_step(CardFrame& f);
  // `seat` is making a play through a hold: any card from hand as though normally, in either
  // turn, outside the numeric limits on card plays and not counted toward them.
  bool playing_free(Seat seat) const;
  // The plays `seat` may make through a hold.
  void free_play_options(Seat seat, std::vector<Action>& out) const;
  Rule held_play_legal(Seat seat, const Action& play) const;
  void release_hold(CardId held);

  // --- Downloads (downloads.cpp, GLO "Downloading") ---
  // Appends the downloads `seat` may start now with their cards in play: as orders (`window`
  // null) or in `window`. Each names its card and entry (StccgCard.downloads), not what it finds.
  void download_options(Seat seat, const WindowFrame* window, std::vector<Action>& out) const;
  Rule check_download(Seat seat, const Action& a) const;
  // Starts a download now, for a card whose trigger allows one (an interrupt played, a damage
  // marker placed): `onto` is the card a TO_TARGET download must go onto.
  void begin_download(Seat seat, CardId source, LocIndex entry, CardId onto = kNoCard);
  // `c`, in `seat`'s draw deck, is named by the download `seat` is making: it may be played as
  // if from the hand, without the turn's card play.
  bool downloadable(Seat seat, CardId c) const;
  // Whether a download from `source` that takes each title once already took `title`.
  bool taken_by(CardId source, std::string_view title) const;
  // The search: the plays of the cards found, then one of them made (or none), the deck
  // shuffled.
  void resolve_download(ActionFrame& f);

  // --- Groups, compatibility, staffing and movement costs (groups.cpp) ---
  AffiliationSet affiliations(CardId c) const;
  bool treaty(Seat seat, AffiliationSet a, AffiliationSet b) const;
  bool compatible(Seat seat, AffiliationSet a, AffiliationSet b) const;
  bool fits_with(CardId personnel, std::span<const CardId> group) const;
  bool fits_with_crew(CardId personnel, CardId vessel) const;
  // Whether a personnel where `card` is present suspends or nullifies it there
  // (StccgWherePresent): its modifiers do not apply; a handler acting there asks this too.
  bool suspended_where_present(CardId card) const;
  // Whether a personnel present with `at` (`at` itself included, `except` not) suspends or
  // nullifies the card titled `title` there: for a card that acts at a place though it lies
  // elsewhere (Doppelganger, on the table, where Katherine Pulaski is).
  bool suspends_where_present(CardId at, std::string_view title, CardId except = kNoCard) const;
  // A hologram aboard `vessel`, which has no Holodeck: carried, not in its crew.
  bool idle_hologram(CardId personnel, CardId vessel) const;
  // The crew of a ship or facility: personnel aboard who work there.
  bool crew_member(CardId c, CardId vessel) const;
  std::vector<CardId> crew(CardId vessel) const;
  bool crewed(CardId vessel) const;  // crew(vessel) is not empty
  // Cards played on `vessel` crew it though they are not personnel (Handler::crews_host).
  bool crewed_by_cards(CardId vessel) const;
  // A ship landed on the planet where it is, not in orbit (Handler::lands).
  bool landed(CardId ship) const;
  // `seat`'s personnel on the planet at `loc` who may be in an Away Team: not disabled, not in
  // stasis; an infiltrator in their team too, and not in its owner's (team_player).
  bool stands_on(Seat seat, LocIndex loc, CardId c) const;
  std::vector<CardId> on_surface(Seat seat, LocIndex loc) const;
  std::vector<std::vector<CardId>> away_teams(Seat seat, LocIndex loc) const;
  // The crew `member` is in, aboard, or its Away Team on a planet (an infiltrator's: the other
  // player's team it joined); none elsewhere.
  std::vector<CardId> group_of(CardId member) const;
  // `seat`'s ships and facilities in space, in play order: a handful, kept off the heap, since
  // every order decision asks.
  boost::container::small_vector<CardId, 16> vessels_of(Seat seat) const;
  CardId facility_of(Seat seat, LocIndex loc) const;
  LocIndex location_of(CardId c) const;
  bool planet(LocIndex loc) const;
  // The planet at `loc` is cloaked (Investigate Legend): no beaming or shuttling to or from it.
  bool planet_cloaked(LocIndex loc) const;
  // Whether cloaked `ship` is exposed (La Forge Maneuver, kCloakPierced): to be attacked by the
  // next action, or, `attacked`, in the attack that action began (it fires back).
  bool cloak_pierced(CardId ship, bool attacked) const;
  bool space(LocIndex loc) const;
  const MissionEndDef& end_for(Seat seat, LocIndex loc) const;
  // The affiliation icons of `seat`'s end of the mission at `loc`, with those that cards in play
  // add (Donald Varley).
  AffiliationSet mission_icons(Seat seat, LocIndex loc) const;
  bool persona_in_play(Seat seat, PersonaId persona, CardId except) const;
  // After a treaty ends: house arrest for personnel aboard who may no longer mix (§3.2).
  void arrest_incompatible();
  void release_if_compatible(CardId personnel);

  // --- Movement, docking and cloaking (movement.cpp) ---
  enum class Staffing { kStaffed, kNobodyReady, kNoAffiliation, kUnfilled };
  // Whether these personnel aboard `ship` staff it (the stopped ones do not count), or why not.
  Staffing staffing(CardId ship, std::span<const CardId> aboard) const;
  bool staffed(CardId ship, std::span<const CardId> aboard) const;
  // Whether `personnel` can fill one staffing requirement.
  bool fills(const StaffingNeed& need, CardId personnel) const;
  // What they lack to staff it, in words ("a Command personnel; Navigation"); empty when they
  // staff it.
  std::string staffing_shortfall(CardId ship, std::span<const CardId> aboard) const;
  // At the location of one of its controller's facilities and not undocked (§3.5).
  bool docked(CardId ship) const;
  bool docked_for_repair(CardId ship) const;
  Rule check_dock(Seat seat, const Action& a) const;
  Rule check_cloak(Seat seat, const Action& a) const;
  // The ship has this special equipment, and it is not off line.
  bool has_special_equipment(CardId ship, v1::StccgShipEquipment equipment) const;
  int range_left(CardId ship) const;
  // The RANGE `mover` (a ship, or a card moving like one) spends to move between two locations:
  // the spans of its controller's mission ends, or what a mission's handler works out for it.
  int move_cost(CardId mover, LocIndex from, LocIndex to) const;
  // A card lets the ship go round the spaceline's ends (Lakanta, Where No One Has Gone Before).
  bool goes_round_spaceline(CardId ship) const;
  // The way a move between two locations takes: round the ends where the mover may go that way
  // and it is cheaper, else the direct way (a tie goes direct). The cards acting on the
  // locations a move crosses ask these (Subspace Warp Rift, Tetryon Field, Q-Net).
  bool moves_round(CardId mover, LocIndex from, LocIndex to) const;
  // The move enters `loc` on its way, neither starting nor stopping there.
  bool move_crosses(CardId mover, LocIndex from, LocIndex to, LocIndex loc) const;
  // The move crosses the gap between `gap` and `gap + 1`.
  bool move_passes_gap(CardId mover, LocIndex from, LocIndex to, LocIndex gap) const;
  // The RANGE `mover` spends to enter the location `loc`.
  int span_for(CardId mover, LocIndex loc) const;
  // A card in play stops the ship from crossing between these locations (Q-Net).
  bool move_blocked(CardId ship, LocIndex from, LocIndex to,
                    Passage passage = Passage::kOwnMove) const;
  // Required moves (rules/required_moves.cpp): where a ship sent to `destination` stops now at
  // full speed (kNoLoc: it cannot move), and whether an order of `seat` is allowed meanwhile.
  LocIndex required_stop(CardId ship, LocIndex destination) const;
  Rule check_required_moves(Seat seat, const Action& a) const;
  void move_ship(CardId ship, LocIndex to);
  // `ship` stopped at its location by moving, or decloaked there: the handlers of cards in play
  // that act on arrivals are told (Borg Ship).
  void ship_arrived(CardId ship);

  // --- Attributes and modifiers (attributes.cpp) ---
  template <typename Visit>
  void for_each_modifier(CardId target, Visit&& visit) const;
  // Whether a modifier of `source` holds for `target` now: where the source is, whom it is
  // with, what is in play, the target's affiliation.
  bool modifier_holds(const ModifierDef& m, CardId source, CardId target) const;
  bool may_use(CardId equipment, CardId personnel) const;
  MemberFacts base_facts(CardId personnel) const;
  // A personnel's gender: printed, or chosen (base_facts' own; nothing modifies it).
  Gender gender(CardId personnel) const;
  // Whether `skill`, an entry of the personnel's printed skills, is in the skill box it uses:
  // one with a box per affiliation (Major Rakal) uses the box of the affiliation it is of.
  bool in_skill_box(CardId personnel, const SkillEntry& skill) const;
  // The entries of the skill box it uses, a special skill counting as one (skill dots).
  int skill_box_size(CardId personnel) const;
  // The entry of its skill box an effect takes from the personnel (kSkillEntryLost), or -1.
  int lost_skill_entry(CardId personnel) const;
  // The printed facts with the skills equipment grants, attributes as printed.
  MemberFacts skilled_facts(CardId personnel) const;
  MemberFacts facts(CardId personnel) const;
  GroupFacts group_facts(const std::vector<CardId>& members, CardId vessel) const;
  // What personnel lent to the group facing the current dilemma add to it (kLentToGroup).
  void lend_to_group(const std::vector<CardId>& members, GroupFacts& group) const;
  int attribute(CardId card, Attribute attribute) const;
  // The current values of the attributes in `wanted` (attribute_bit), indexed by Attribute,
  // worked out in one walk over the modifiers in play; the others are 0.
  using Attributes = std::array<int, kAttributeCount>;
  Attributes attributes(CardId card, unsigned wanted) const;

  // --- Damage and repair (battle/damage.cpp) ---
  // Damage to a ship or facility not from a battle (a dilemma, an event): rotation damage, or
  // default damage markers when `by`, the player inflicting it, has a Battle Bridge side deck
  // open (§3.13, A-13); destroyed at HULL 0, by `destroyer` if a card that player played meant
  // it (Plasma Fire; kNoSeat: a dilemma, a hazard: CRD IV.4 Mona Lisa).
  void damage(CardId target, Seat by, Seat destroyer = kNoSeat);
  // Damage that may not destroy (Calamarain): markers that would destroy the card are not
  // placed, and rotation spares a card already damaged. False if nothing was done.
  bool damage_sparing(CardId target, Seat by);
  // A hit (level 1) or direct hit (2) by `by`, with its current tactic if any: markers placed
  // or the card rotated, immediate results first. Returns the damage units it is worth; the
  // caller destroys the card if its HULL is 0 or less.
  // `extra_markers` are drawn besides the tactic's own on a hit (Maximum Firepower).
  int inflict(CardId target, Seat by, int level, CardId tactic, int extra_markers = 0);
  bool uses_markers(Seat by) const;
  void place_marker(CardId marker, CardId target);
  // Draws `count` markers from `by`'s Battle Bridge onto `target`; false if none could be.
  bool draw_markers(Seat by, CardId target, int count);
  std::vector<CardId> markers_on(CardId target) const;
  bool has_markers(CardId target) const;
  // HULL integrity in percent: 100 less rotation damage and the markers' losses.
  int hull(CardId target) const;
  bool equipment_off_line(CardId ship, v1::StccgShipEquipment equipment) const;
  bool enhancements_off_line(CardId target, Attribute a) const;
  // A marker stops beaming to and from the card (Maximum Firepower).
  bool transporters_off_line(CardId vessel) const;
  // Whether `card` may not beam to `to` (kNoCard: the planet) for want of transporters.
  bool beaming_blocked(CardId card, CardId to) const;
  // A marker stops the ship's crew from attempting space missions (Quantum Torpedo).
  bool space_attempts_blocked(CardId ship) const;
  // A full repair: rotation damage undone, every damage marker removed.
  void repair(CardId target);
  // At the end of a turn: repairs of the active player's ships docked the whole turn.
  void repair_at_end_of_turn();

  // --- Who may fight whom (battle/forces.cpp) ---
  // Leaders in a group: OFFICER or Leadership, half Leaderships paired, Tal Shiar if no other;
  // counted no further than `enough` (1: is there a leader?).
  int leaders(const std::vector<CardId>& group, int enough = std::numeric_limits<int>::max()) const;
  bool group_has_skill(const std::vector<CardId>& group, std::string_view name) const;
  // The affiliations a ship, facility or personnel fights as (CRD II.1 "Forces").
  AffiliationSet force(CardId card) const;
  // The affiliation attack restrictions of §3.11, with the continuing-battle exception.
  Rule may_attack(Seat seat, AffiliationSet attackers, bool tal_shiar, LocIndex loc,
                  AffiliationSet defenders) const;
  Rule weapons_usable(CardId card) const;
  Rule may_fire(CardId card, bool initiating, const BattleTerms& terms = {}) const;
  // Whether a card attacked (or of its side) may return fire, by the profile's reading.
  Rule may_return_fire(CardId card, const BattleTerms& terms = {}) const;
  // A card that fights for no player (Handler::self_controlling: the Borg Ship dilemma).
  bool self_controlling(CardId c) const;
  std::vector<CardId> ship_targets(Seat seat, LocIndex loc) const;
  // The affiliation restrictions on `firing` attacking `target` (may_attack); a self-controlling
  // target that attacked `seat`'s forces there on the previous turn may be fought by anyone.
  Rule may_target(Seat seat, CardId firing, CardId target, const BattleTerms& terms = {}) const;
  bool truce_between(CardId one, CardId other) const;
  Rule check_attack(Seat seat, CardId firing, CardId target, const BattleTerms& terms = {}) const;
  Rule check_battle(Seat seat, CardId member, CardId opponent, LocIndex loc,
                    const BattleTerms& terms = {}) const;
  // check_battle once the two teams are known (as battle_team gives them): whether `team` may
  // initiate a battle against `foes`.
  Rule may_battle(Seat seat, LocIndex loc, const std::vector<CardId>& team,
                  const std::vector<CardId>& foes, const BattleTerms& terms = {}) const;
  // Whether a mission on the spaceline forbids `seat` to initiate a battle at `loc`
  // (Handler::forbids_battle: Nebula).
  bool battle_forbidden(Seat seat, LocIndex loc) const;
  // The Away Team `member` fights in: the initiator's ready members (all of them, stopped ones
  // too, under `terms.stopped_may_fight`), or the whole team.
  std::vector<CardId> battle_team(CardId member, const BattleTerms& terms = {}) const;

  // --- Ship battles (battle/ship_battle.cpp, battle/tactics.cpp) ---
  // `seat` kNoSeat: `firing` is a self-controlling card attacking for no player (Borg Ship).
  void begin_ship_battle(Seat seat, CardId firing, CardId target, const BattleTerms& terms = {});
  void step(ShipBattleFrame& b);
  bool battle_window(ShipBattleFrame& b, WindowKind kind, CardId about);
  int defense_shields(CardId target) const;
  int tactic_bonus(const ShipBattleFrame& b, int side, bool attack) const;
  // How many of `ships` meet a tactic bonus's conditions.
  int meeting_bonus(const v1::StccgTacticBonus& bonus, const std::vector<CardId>& ships) const;
  // Markers a side's tactic draws besides its own on a hit (Maximum Firepower).
  int extra_hit_markers(const ShipBattleFrame& b, int side) const;
  // A card's own WEAPONS or SHIELDS bonus against the other side's cards (Kraxon).
  int opposing_bonus(const ShipBattleFrame& b, int side, CardId card, Attribute a) const;
  void fire(ShipBattleFrame& b, int side);
  void apply_battle_damage(ShipBattleFrame& b);
  // Tells each "*" WEAPONS card that fired what it fired at (Handler::fires_otherwise).
  void fire_otherwise(const ShipBattleFrame& b);
  void end_ship_battle(ShipBattleFrame& b);
  // One side's tactic draws and choice; true when that side is done.
  bool choose_tactic(ShipBattleFrame& b, int side);
  void reveal_tactics(ShipBattleFrame& b);
  bool repick_tactic(ShipBattleFrame& b, int side);
  // Those of `tactics` the side may make its current tactic (Borg use only).
  std::vector<CardId> usable_tactics(const ShipBattleFrame& b, int side,
                                     const std::vector<CardId>& tactics) const;
  std::vector<CardId> battle_personnel(const ShipBattleFrame& b, int side) const;
  // A face-down or hidden card is shown to everyone, under a new handle. One that stays in a
  // hidden place gets another when it moves on (CardState::shown).
  void reveal(CardId c);

  // --- Personnel battles (battle/personnel_battle.cpp) ---
  void begin_personnel_battle(Seat seat, CardId member, CardId opponent,
                              const BattleTerms& terms = {});
  void begin_rogue_borg_battle(Seat seat, CardId ship, DefIndex rogue);
  // `seat`'s Rogue Borg of that card aboard `ship` beam down to battle the Away Team `opponent`
  // leads on the planet there (Lore Returns), and the survivors beam back aboard.
  void begin_rogue_borg_raid(Seat seat, CardId ship, DefIndex rogue, CardId opponent);
  // An Away Team battle against the team `opponent` leads, its frame `b` made: announced, both
  // players marked as having battled, the defender's location as attacked, then fought.
  void open_away_team_battle(PersonnelBattleFrame b, CardId opponent);
  // A battle a card starts aboard `vessel` (kNoCard: on the planet where `initiators` stand)
  // between the personnel it names; `initiators` add `strength_bonus` to their total and need no
  // leader (Dial Martok for Murder).
  void begin_battle_aboard(Seat seat, CardId vessel, std::vector<CardId> initiators,
                           std::vector<CardId> opponents, int strength_bonus);
  void step(PersonnelBattleFrame& b);
  void prune_battle(PersonnelBattleFrame& b);
  int battle_strength(const PersonnelBattleFrame& b, int side) const;
  // The STRENGTH cards in play add to a side with these fighters (Handler::battle_strength).
  int card_battle_strength(const std::vector<CardId>& fighters) const;
  void fight_round(PersonnelBattleFrame& b);
  // Each losing side's casualty, picked at random or by an opposing Elim there (random_chooser).
  void battle_casualties(PersonnelBattleFrame& b);
  void mark_losers(const PersonnelBattleFrame& b);

  // --- Captives and commandeering (captives.cpp) ---
  // The captivity of `personnel`, or nullptr.
  const Effect* captivity(CardId personnel) const;
  // One of the captor's crews or Away Teams there to escort a captive (a member of the Away
  // Team, or a ship or facility), or kNoCard.
  CardId escort_for(Seat captor, LocIndex loc, bool on_planet) const;
  // `captor` takes `personnel` captive with `source`: escorted, or held in `source` as a trap.
  // With `source_goes_along`, an escorted captive carries `source` (Cardassian Trap).
  void capture(CardId personnel, Seat captor, CardId source, bool source_goes_along);
  // Frees a captive: its owner's again, the capturing-related cards on it discarded.
  void release(CardId personnel);
  bool unattended(CardId personnel) const;
  std::vector<CardId> rescuers(CardId personnel) const;
  Rule check_rescue(Seat seat, CardId personnel) const;
  void rescue(CardId personnel);
  Rule check_custody(Seat seat, CardId personnel, CardId taker) const;
  void take_custody(CardId personnel, CardId taker);
  Rule check_leave_captive(Seat seat, CardId personnel) const;
  // A captive `seat` holds aboard their ship or facility with a Brig, moved in or out of it in
  // their turn (BoG "Brigs").
  Rule check_brig(Seat seat, CardId personnel) const;
  void toggle_brig(CardId personnel);
  // A card of yours in your discard pile that its handler lets you take back into hand now.
  Rule check_take_back(Seat seat, CardId card) const;
  void toggle_unattended(CardId personnel);
  void return_captives();
  void captive_options(Seat seat, std::vector<Action>& out) const;
  // Whether `vessel` has a Brig: a card with the keyword "Brig" on it (Holding Cell Door).
  bool has_brig(CardId vessel) const;
  // Whether `personnel` is a captive in a Brig: put there by its captor (EffectKind::kInBrig)
  // and still aboard that ship or facility, which its captor controls and which has a Brig (held
  // there, not escorted).
  bool in_brig(CardId personnel) const;
  // Whether `personnel` is a captive that acts for its captor (Brainwash): not disabled.
  bool brainwashed(CardId personnel) const;
  // `by` takes control of `target` with `personnel`, which takes the affiliation `as` (none,
  // Non-Aligned or Neutral: unchanged). False if they may not (Borg).
  bool commandeer(CardId target, Seat by, const std::vector<CardId>& personnel, Affiliation as);

  // --- Hidden agendas (hidden_agendas.cpp) ---
  // A card with the hidden agenda icon (BoG).
  bool hidden_agenda(CardId c) const;
  // One face down on its owner's table: in play, but without effect until revealed.
  bool face_down_agenda(CardId c) const;
  Rule check_play_face_down(Seat seat, CardId card, bool seeding) const;
  // Puts `card` face down on `seat`'s table (from the hand, as the card play, or seeded).
  void play_face_down(Seat seat, CardId card, bool seeding);
  Rule check_reveal(Seat seat, CardId card) const;
  void reveal_agenda(CardId card);
  // The hidden agendas `seat` may reveal now and, among its `orders`, play face down.
  void agenda_options(Seat seat, bool orders, std::vector<Action>& out) const;
  // --- Infiltration (infiltration.cpp) ---
  // The affiliations `personnel` may infiltrate (its infiltration icons); 0 for a personnel who
  // is not an infiltrator.
  AffiliationSet infiltration_icons(CardId personnel) const;
  // Whether `personnel` may join the crew of `vessel`, another player's ship or facility, as an
  // infiltrator: the vessel's affiliation matches one of its infiltration icons.
  bool may_infiltrate(CardId personnel, CardId vessel) const;
  // Whether `personnel` is infiltrating: aboard a ship or facility another player controls, in
  // its crew, or in another player's Away Team, under its owner's control (not a captive).
  bool infiltrating(CardId personnel) const;
  // The player whose crew or Away Team `personnel` infiltrates (kNoSeat: none).
  Seat infiltrated_player(CardId personnel) const;
  // The player whose Away Team `personnel`, on a planet, stands in: its controller's, or the
  // other player's whose team it joined as an infiltrator (EffectKind::kInTeam).
  Seat team_player(CardId personnel) const;
  // Whether `personnel` may join `team`, the other player's Away Team, as an infiltrator: one of
  // the team's own members has an affiliation of its infiltration icons.
  bool may_infiltrate_team(CardId personnel, std::span<const CardId> team) const;
  // Whether `card`, aboard at `here`, may beam or walk down into the other player's Away Team
  // named by `member`, its first member (check_transfer's test).
  Rule may_join_team(CardId card, CardId member, LocIndex here) const;
  // `personnel`, just down on the planet, joins `holder`'s Away Team there.
  void join_team(CardId personnel, Seat holder);
  // Exposes an infiltrator: from now on, aboard the other player's ship or facility, it is an
  // intruder, in no crew; on a planet, it stands with its owner's personnel.
  void expose_infiltrator(CardId personnel);
  // An exposed infiltrator aboard the other player's ship or facility.
  bool intruder(CardId personnel) const;

  // --- Mission attempts (attempt.cpp) ---
  // `team`: at a dual-icon mission, a member of the Away Team attempting with `anchor`'s crew.
  void start_attempt(Seat seat, LocIndex loc, CardId anchor, CardId team = kNoCard);
  // `vessel`, a ship or facility of `seat` at `loc`, with its crew if any, meets the next seed
  // card under the mission as though attempting it, and only that card (Nebula).
  void face_next_seed(Seat seat, LocIndex loc, CardId vessel);
  // Whether a seed card under the mission at `loc` would be met by an attempt (not an artifact).
  bool seed_to_meet(LocIndex loc) const;
  // The group can no longer go on: nobody left, or at a dual-icon mission one part gone.
  bool attempt_broken(const AttemptFrame& f) const;
  void step(AttemptFrame& f);
  void prune(AttemptFrame& f);
  void reveal_next(AttemptFrame& f);
  // A dilemma seeded where it does not belong (a planet dilemma under a space mission).
  bool misseeded(CardId c, LocIndex loc) const;
  void check_requirements(AttemptFrame& f);
  // Earns the artifacts under the mission; returns those whose handlers act when earned,
  // which check_requirements runs once the attempt is over.
  std::vector<CardId> earn_artifacts(AttemptFrame& f);
  // Takes artifact `c`, under the mission at `loc`, for `player`'s group there, aboard `vessel`
  // (kNoCard: on the planet) (§3.10); whether its handler acts when earned.
  bool take_artifact(CardId c, Seat player, LocIndex loc, CardId vessel);
  // Whether a card in play keeps `group`, `seat`'s, from taking artifacts (The Charybdis): they
  // stay under the mission, and a later group there may take them as an order (kUseCard on the
  // artifact, `b` the group's vessel or one of its members on the planet).
  bool artifacts_left_by(Seat seat, const std::vector<CardId>& group) const;
  void left_artifact_orders(Seat seat, std::vector<Action>& out) const;
  bool left_behind(CardId c) const;
  void take_left_artifact(const ActionFrame& f);
  // The cards the attempting group could discard to pay a mission's solve cost.
  std::vector<CardId> solve_cost_cards(const AttemptFrame& f, const SolveCostDef& cost) const;
  void end_attempt(AttemptFrame& f, ev::AttemptResult result);
  // The seed card (or Q-card) `f.current` is met: it resolves once its window closes.
  void meet(AttemptFrame& f);

  // --- Q-Flash (side_decks/q_flash.cpp) ---
  void begin_q_flash(AttemptFrame& f);
  void next_q_card(AttemptFrame& f);
  // What comes after a card met: the next Q-card of a Q-Flash, or the next seed card.
  AttemptFrame::Step after_card(const AttemptFrame& f) const;
  // Discards every card and ends every effect that lasts "until any Q-Flash".
  void end_until_q_flash();

  // --- Dilemmas (dilemmas.cpp) ---
  void resolve_seed(AttemptFrame& f);
  bool condition_met(const AttemptFrame& f, const Formula& condition) const;
  bool with_group(const AttemptFrame& f, CardId c) const;
  // `planet`: at a dual mission, a two-version dilemma's planet version, tested on the same
  // pooled group as `condition` (Crystalline Entity: either overcomes it, or, option
  // crystalline_entity_dual_either off, both are needed).
  void standard_dilemma(AttemptFrame& f, const Formula* condition, const Formula* planet = nullptr);
  void overcome(AttemptFrame& f);
  bool apply_effects(AttemptFrame& f);
  bool kill_effect(AttemptFrame& f, const v1::StccgKill& kill);
  // Relocates members as `relocate` says; false while a player chooses where one goes.
  bool relocate_effect(AttemptFrame& f, const v1::StccgRelocate& relocate);
  // Who chooses the planet each member relocated by `f.current` goes to, instead of the card's
  // own destination: the answer of a card in play (Handler::chooses_relocation: Jealous Amanda),
  // or kNoSeat. Only an Away Team's card is answered.
  Seat relocation_chooser(const AttemptFrame& f) const;
  // The same for `card`, acting on an Away Team of `affected`'s (Alien Groupie, played on one).
  Seat relocation_chooser(CardId card, Seat affected) const;
  void stop_group(AttemptFrame& f);
  void finish_dilemma(AttemptFrame& f, ev::Outcome outcome);
  void replace_dilemma(AttemptFrame& f, ev::Outcome outcome);
  void attach_dilemma(AttemptFrame& f, ev::Outcome outcome);
  std::vector<CardId> cure_group(CardId dilemma) const;
  void check_cures();
  // A dilemma that needs a crew to act (keyword "Needs crew": Conundrum, Cytherians), met by an
  // empty ship or facility, waits on it (kWaitsForCrew); once personnel are aboard they meet it.
  void wait_for_crew(AttemptFrame& f);
  void check_waiting_dilemmas();
  // --- Holograms (holograms.cpp; CRD IV.10.A items 4, 8) ---
  // A "killed" hologram is deactivated instead, stored under the ship it is projected from;
  // false when it has no such ship in play (it then dies as anyone).
  bool deactivate_killed_hologram(CardId personnel);
  // State check: each hologram's ship is tracked; one not at its ship's location is deactivated,
  // and one whose ship left play is killed for good.
  void check_holograms();
  // Start of the active player's turn: their deactivated holograms come back aboard their ships.
  void reactivate_holograms();

 private:
  // find_effect's walk of the effects, once the kind may be among them.
  const Effect* first_effect(EffectKind kind, CardId card) const;

  State s_;
};

}  // namespace spacedock::stccg
