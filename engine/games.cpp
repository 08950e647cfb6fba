#include "engine/games.h"

#include <stdexcept>

#include "engine/incursions/bot/policy.h"
#include "engine/incursions/match.h"
#include "engine/incursions/setup.h"
#include "engine/stccg/bot/policy.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/cards/random_deck.h"
#include "engine/stccg/match.h"

namespace spacedock::engine {
namespace {

core::SetupError unsupported() {
  return {"UNSUPPORTED_GAME", "this server does not host that game"};
}

core::SetupError another_game() {
  return {"OPTIONS_FOR_ANOTHER_GAME", "those options are for another game than the match's"};
}

std::optional<core::SetupError> seat_of_another_game(const v1::MatchSetup& setup,
                                                     const v1::SeatSetup& seat) {
  const bool other = (seat.has_incursions() && setup.game() != v1::GAME_INCURSIONS) ||
                     (seat.has_stccg() && setup.game() != v1::GAME_STCCG);
  if (other) return another_game();
  return std::nullopt;
}

// The deck a STCCG seat asked for, or why it cannot have it. The sample deck "random" is a
// random legal deck drawn from `deck_seed`.
std::variant<stccg::Deck, core::SetupError> stccg_deck(const v1::StccgSeatOptions& seat,
                                                       const stccg::Options& rules,
                                                       std::uint64_t deck_seed) {
  const bool sample = !seat.sample_deck().empty();
  const int given = sample + !seat.deck_list().empty() + (seat.deck_id() != 0);
  if (given != 1) {
    return core::SetupError{"DECK_REQUIRED",
                            "give exactly one of a sample deck, a deck list and a stored deck"};
  }
  if (seat.deck_id() != 0) {  // the server puts the stored deck's list in its place
    return core::SetupError{"UNKNOWN_DECK", "a stored deck is known only to its server"};
  }
  if (sample && seat.sample_deck() == stccg::kRandomDeckName)
    return stccg::random_deck(stccg::CardDb::standard(), deck_seed);
  if (sample) {
    if (auto deck = stccg::sample_deck(seat.sample_deck())) return *std::move(deck);
    std::string known;
    for (const stccg::Deck& deck : stccg::sample_decks())
      known += (known.empty() ? "" : ", ") + deck.name;
    return core::SetupError{"UNKNOWN_DECK", "there is no sample deck '" + seat.sample_deck() +
                                                "'; the sample decks are " + known + " and " +
                                                std::string(stccg::kRandomDeckName)};
  }
  const auto& db = stccg::CardDb::standard();
  std::string problems;
  for (const stccg::DeckListProblem& problem :
       stccg::check_deck_list(seat.deck_list(), db, rules.sixty_card_decks))
    problems += (problems.empty() ? "" : "; ") + problem.message;
  if (!problems.empty()) return core::SetupError{"INVALID_DECK", problems};
  return std::move(stccg::import_deck_text(seat.deck_list(), db).deck);
}

std::unique_ptr<core::MatchEngine> start_incursions(const v1::MatchSetup& setup,
                                                    std::uint64_t seed) {
  const auto& content = incursions::Content::standard();
  auto made = incursions::make_setup(content, setup);
  if (auto* e = std::get_if<core::SetupError>(&made)) throw std::invalid_argument(e->message);
  std::vector<std::string> names;
  for (const auto& seat : setup.seats())
    names.push_back(seat.name());
  return std::make_unique<incursions::IncursionsMatch>(
      incursions::Game::create(content, std::get<incursions::Setup>(made), seed),
      incursions::SeatNames(std::move(names)));
}

std::unique_ptr<core::MatchEngine> start_stccg(const v1::MatchSetup& setup, std::uint64_t seed) {
  if (setup.seats_size() != stccg::kPlayers)
    throw std::invalid_argument("a STCCG match has two seats");
  stccg::Setup game;
  game.options = stccg::options_from(setup.stccg());
  std::vector<std::string> names;
  for (int seat = 0; seat < stccg::kPlayers; ++seat) {
    // Each seat's random deck from its own stream of the match's seed.
    const std::uint64_t deck_seed =
        seed ^ (0x9e3779b97f4a7c15 * static_cast<std::uint64_t>(seat + 1));
    auto deck = stccg_deck(setup.seats(seat).stccg(), game.options, deck_seed);
    if (auto* e = std::get_if<core::SetupError>(&deck)) throw std::invalid_argument(e->message);
    game.decks[static_cast<std::size_t>(seat)] = std::get<stccg::Deck>(std::move(deck));
    names.push_back(setup.seats(seat).name());
  }
  return std::make_unique<stccg::StccgMatch>(
      stccg::Game::create(stccg::CardDb::standard(), game, seed),
      stccg::SeatNames(std::move(names)));
}

}  // namespace

std::vector<v1::Game> hosted_games() {
  return {v1::GAME_INCURSIONS, v1::GAME_STCCG};
}

std::uint32_t rules_version(v1::Game game) {
  switch (game) {
    case v1::GAME_INCURSIONS:
      // 2: a concession that ends the game is reported as one (issue 9); 3: the FULL mode, and
      // an open decision drops the options naming a player who leaves (issue 12); 4: the
      // Shuttle craft (armour and escape craft) and the Weapon Prototype in FULL, in the presets;
      // 5: Sabotage, in the standard preset instead of a Pardus Claw; 6: a Shuttle craft
      // launched on its own, time called finishing the resolution under way (A52), a maneuver
      // whose target left during its windows coming to nothing, the kill reward chosen (A23),
      // a defense card answering a hit declared with windows of its own (A28); 7: an object or
      // craft its owner controls attacking a denizen (§11.1), windows on crew tabled from the
      // hand, on Event Block before a hex's roll and on the escape craft (§5.5)
      return 7;
    case v1::GAME_STCCG:
      // 2: interrupts, battles, side decks and captives (issue 7); 3: a card taken from Q's
      // Tent is shown, then hidden again in the hand under a new handle (issue 23); 4: every
      // Q-Continuum and Blaze of Glory card in the data, which renumbers the cards (issue 25); 5:
      // Blaze of Glory's incidents, objectives and site in the data (renumbering again), and the
      // first families of both sets played (issue 25); 6: the rest of both sets' families
      // (captives and Brigs, hidden agendas, infiltration, the AU Door, artifacts, countdowns,
      // missions, personnel choices), a card leaving play taking what is on it, and a beamed
      // captive staying its captor's (issue 25); 7: the last families of both sets (hidden
      // agendas and incidents of Blaze of Glory, solve costs, John Doe's saves, reports where
      // a card says, holograms idle without a Holodeck, Elim's selections), I.P. Scanner in the
      // data (renumbering the Alternate Universe cards after it), limited uses as one effect
      // (issue 25); 8: the last six cards of both sets (plays on hold, a mission inserted
      // mid-game, a chosen relocation, cards from outside the game, battles on relaxed terms,
      // Nebula's encounters), Scan and two fixtures in the data (renumbering) (issue 25); 9:
      // Premiere and Alternate Universe in the data whole (after the other sets: nothing
      // renumbered), their rule options, a report's arrival choice before the crew that follows
      // it, a required attempt giving way to a required move, random legal decks (issue 27);
      // 10: the last 22 cards of both sets played (a window after a random pick, ship control,
      // Rogue Borg crews, dual affiliations, shuttles that land, copies of dilemmas, artifacts
      // played two ways, seeds held by a seed card), Q's rearrangement bounded to n - 1
      // exchanges, a Non-Aligned deck's Neutral Outpost (issue 27); 11: Data's Body and
      // Data's Head joined and parted by orders, Samuel Clemens asked when a Devidian Door is
      // shown, a Q-Net catching a ship Gomtuu throws (issue 27); 12: a ship moves, and a
      // personnel boards, by the crew as the rules count it (no captive, disabled or arrested
      // personnel staffing a ship's move); 13: Temporal Narcosis answers a Revolving Door,
      // Data's Body, listed among the seeds, reports aboard its owner's outpost as it is seeded,
      // a nullifier's title names its colon group (Q2 against Kevin Uxbridge: Convergence), and
      // Countermanda nullifies a Telepathic Alien Kidnappers, Anti-Matter Spread lasts for the
      // battle only, helps a Borg Ship from outside the battle or sets its WEAPONS to 16, and
      // Madred adds his point to an Interrogation; the I.P. Scanner nullifies Phased Matter,
      // Interphasic Plasma Creatures and Brain Drain where it is present, Mortal Q's group
      // discards the Q dilemma, Plexing cures Barclay Transporter Phobia, Heisenberg
      // Compensators nullifies Alien Probe, Berlingoff Rasmussen cancels a Time Travel Pod,
      // Fajo's Gallery draws a card for its controller's Mona Lisa, the Sword of Kahless keeps
      // Kahless alive in personnel battle and makes him STRENGTH +7 more, T'Pau reports at
      // Qualor II, Wrong Door moves a Revolving Door, Jealous Amanda overrides a Parallel Romance
      // (issue 27); 14: the cards acting on the locations a move crosses follow a move round the
      // spaceline's ends (Q-Net, Tetryon Field, Subspace Warp Rift), Res-Q and Palor Toff put a
      // table artifact back in play, a chain of Parallax Arguers scores its last link only,
      // doubling (Howard Heirloom Candle, Brain Drain, Ophidian Cane) and a play's window asking
      // its own player when they hold a card made to answer it, Hail ending a move early, a
      // window after a Horga'hn's double turn or a Worshiper's score (Temporal Narcosis,
      // Isabella), Tasha Yar - Alternate's phaser arming Phaser Burns, The Wake of the Borg
      // sparing the Borg, Borg-use-only tactics, The Naked Truth once per personnel, Amanda
      // Rogers nullifying a Scottish Setter, Yellow Alert putting Red Alert! away, Vorgon
      // Raiders taking an artifact just played, Barclay Transporter Phobia answering an Iconian
      // Gateway, the Captured incident's random pick answerable, one saved not picked again,
      // Investigate Legend's cloak stopping shuttles, Ultimatum and Commandeer Ship seeded on the
      // table, Commandeer Ship's staffing, a commandeered ship staffed by its new affiliation,
      // Katherine Pulaski suspending Doppelganger, Crystalline Entity at a dual mission, Wrong
      // Door redirecting an Iconian Gateway's traveller, Jealous Amanda overriding Alien Groupie,
      // Door-Net nullified by Diplomacy shown, the Zalkonian Storage Capsule's take-back at any
      // time, Dr. Q moving an event only where it could be played, Attack Wing's disabled
      // casualty; 15: Space seeded between two missions, a skill box per affiliation (Major
      // Rakal, Stefan DeSeve), Diplomatic Conference's usual teams attempting on their own, the
      // discard-to-download incidents in any window, Madam Guinan cancelling AU plays and other
      // groups' AU dilemmas, the Alternate Universe Door's uses from hand, Picard Maneuver's
      // damage-marker download, Elim choosing a lost battle's casualty and the Phaser Burns and
      // Hunter Gangs picks, Radioactive Garbage Scow's -10 at the solver's end, holograms
      // deactivated and back at their owner's next turn, Prepare the Prisoner's Brainwash and
      // Rescue Captives, the Brig order, Cardassian Trap's random capture answerable, John
      // Doe's prevention a choice, the Rogue Borg's takeover losing deactivated holograms, a
      // download of any or all of its titles, and Scanner Interference nullifying scans and
      // seeding a card after one, a nullifier answering the earner's play of an artifact of
      // the opponent's seeding, a landed shuttle boarded by no opponent, the Mona Lisa charging
      // the player of a card that destroys it, an imposed affiliation read by formulas (Frame
      // of Mind), two K'chiQs discarded and her skill fixed while her first is lost, the
      // Anti-Matter Pod collected again, the Armbands escaping Firestorm; 16: Q's rearrangement
      // moving Q-Nets and Gaps in Normal Space on their own, infiltrators joining the other
      // player's Away Team on a planet, a download to a specific destination overriding the
      // reporting requirements, Manheim's Dimensional Door holding a collected response
      return 16;
    default:
      return 0;
  }
}

std::variant<int, core::SetupError> check_match(const v1::MatchSetup& setup) {
  switch (setup.game()) {
    case v1::GAME_INCURSIONS: {
      auto options =
          incursions::normalize_options(incursions::Content::standard(), setup.incursions());
      if (auto* e = std::get_if<core::SetupError>(&options)) return *e;
      return std::get<incursions::Options>(options).players;
    }
    case v1::GAME_STCCG:
      return stccg::kPlayers;  // every rule profile is valid
    default:
      return unsupported();
  }
}

std::optional<core::SetupError> other_game_options(const v1::MatchSetup& setup) {
  const bool other = (setup.has_incursions() && setup.game() != v1::GAME_INCURSIONS) ||
                     (setup.has_stccg() && setup.game() != v1::GAME_STCCG);
  if (other) return another_game();
  for (const auto& seat : setup.seats()) {
    if (auto problem = seat_of_another_game(setup, seat)) return problem;
  }
  return std::nullopt;
}

std::optional<core::SetupError> check_seat(const v1::MatchSetup& setup, const v1::SeatSetup& seat) {
  if (auto problem = seat_of_another_game(setup, seat)) return problem;
  switch (setup.game()) {
    case v1::GAME_INCURSIONS: {
      const auto& content = incursions::Content::standard();
      auto options = incursions::normalize_options(content, setup.incursions());
      if (auto* e = std::get_if<core::SetupError>(&options)) return *e;
      auto made =
          incursions::make_seat(content, std::get<incursions::Options>(options), seat.incursions());
      if (auto* e = std::get_if<core::SetupError>(&made)) return *e;
      return std::nullopt;
    }
    case v1::GAME_STCCG: {
      auto deck = stccg_deck(seat.stccg(), stccg::options_from(setup.stccg()), 0);
      if (auto* e = std::get_if<core::SetupError>(&deck)) return *e;
      return std::nullopt;
    }
    default:
      return unsupported();
  }
}

std::unique_ptr<core::MatchEngine> start_match(const v1::MatchSetup& setup, std::uint64_t seed) {
  switch (setup.game()) {
    case v1::GAME_INCURSIONS:
      return start_incursions(setup, seed);
    case v1::GAME_STCCG:
      return start_stccg(setup, seed);
    default:
      throw std::invalid_argument(unsupported().message);
  }
}

v1::SeatSetup bot_seat_setup(v1::Game game, std::uint64_t pick) {
  v1::SeatSetup seat;
  if (game == v1::GAME_STCCG) {
    const auto& decks = stccg::sample_decks();
    seat.mutable_stccg()->set_sample_deck(decks[pick % decks.size()].name);
  }
  return seat;
}

std::unique_ptr<core::BotPolicy> make_bot_policy(v1::Game game) {
  switch (game) {
    case v1::GAME_INCURSIONS:
      return incursions::make_bot_policy();
    case v1::GAME_STCCG:
      return stccg::make_bot_policy();
    default:
      return nullptr;
  }
}

}  // namespace spacedock::engine
