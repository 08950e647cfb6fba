#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/card_db.h"

namespace spacedock::stccg {

// A deck as its owner built it, as card definitions of one CardDb; order carries no meaning.
struct Deck {
  std::string name;
  std::vector<DefIndex> cards;  // the game deck: seed cards and draw deck together (60)
  // Cards of `cards` that could be seeded but start in the draw deck, to be played from the hand
  // (listed under Draw:, such as Q's Tent doorways); they count as deck cards, not seed cards
  //
  std::vector<DefIndex> stocked;
  // Side decks, each opened by its doorway in the game deck; they do not count toward the 60.
  std::vector<DefIndex> q_continuum;
  std::vector<DefIndex> q_tent;
  std::vector<DefIndex> battle_bridge;
  // Cards of `cards` that are no seed cards but are listed among the seed cards, to be seeded
  // under a seed card of the deck that holds them (personnel under a Cryosatellite,
  // Handler::holds_seed); they count as seed cards (CRD IV.4).
  std::vector<DefIndex> seeded;
};

// Whether the card is a seed card by its own terms (it seeds, or seeds like a dilemma), not only
// when a deck holds it under another (Deck::seeded).
bool is_seed_card(const CardDef& def);

// ---------------------------------------------------------------------------------------------
// Plain-text deck lists in the LackeyCCG style players exchange: "N<TAB>Title" lines (spaces or
// "Nx Title" also work) under section headers ending in ':' ("Missions:", "Seed:", "Draw:",
// "Deck:" ... make up the game deck; "Q-Continuum:", "Q's Tent:" and "Battle Bridge:" are the
// side decks). A card that could be seeded but is listed under "Draw:" (or another draw-deck
// part) starts in the draw deck: Deck::stocked. Blank lines and lines starting with '#' or "//" are
// ignored.

struct DeckTextError {
  int line = 0;            // 1-based
  std::string_view code;   // "UNREADABLE_LINE", "UNKNOWN_CARD" or "UNKNOWN_SECTION"
  std::string message;     // "line 12: unknown card 'Gowrn'; did you mean 'Gowron'?"
  std::string suggestion;  // UNKNOWN_CARD: the nearest title, if near enough to be a misspelling
};

// Where a deck's cards are: the game deck (seed cards and draw deck) or a side deck.
enum class DeckZone : std::uint8_t { kGameDeck, kQContinuum, kQTent, kBattleBridge };

// A card line that was read: which card, into which zone, from which line.
struct ListedCard {
  DefIndex card;
  DeckZone zone;
  int line;
};

struct DeckImport {
  Deck deck;
  std::vector<DeckTextError> errors;  // every bad line, in order; the deck is incomplete if any
  std::vector<ListedCard> listed;     // every card line read, in order
  bool ok() const { return errors.empty(); }
};

// Titles are matched case-insensitively, with curly quotes and dashes read as straight ones, and
// with or without the double quotes some titles carry ("Crimson Forcefield").
DeckImport import_deck_text(std::string_view text, const CardDb& db, std::string deck_name = {});

// Sections Missions:, Seed: (the other seed cards), Draw:, then the non-empty side decks; each
// card once with its count, by card type then title. import_deck_text reads it back unchanged.
std::string export_deck_text(const Deck& deck, const CardDb& db);

// ---------------------------------------------------------------------------------------------
// Deck construction rules (shared/reference/stccg-rules.md section 1.2).

enum class DeckProblemCode : std::uint8_t {
  kDeckSize,                // the game deck is not exactly 60 cards
  kTooManySeedCards,        // more than 30 seed cards
  kMissionCount,            // not exactly 6 missions
  kDuplicateMission,        // a unique mission more than once
  kMissingOutpost,          // an affiliation is played without its outpost
  kTestCard,                // a rules test fixture
  kWrongSideDeck,           // Q-icon cards and tactics outside their side deck, or intruders in it
  kTentDuplicate,           // the same card twice in Q's Tent
  kTentTooBig,              // more than 13 cards in Q's Tent
  kSideDeckWithoutDoorway,  // a side deck whose doorway is not in the game deck
  kTooManyCopies,           // more copies of a card than its own limit (Space: 4)
};

// The stable name clients see: "DECK_SIZE", "TOO_MANY_SEED_CARDS", ...
std::string_view name(DeckProblemCode code);

struct DeckProblem {
  DeckProblemCode code;
  std::string message;  // names the cards and numbers involved
  // The card it is about, if one card is (a duplicate mission, a card in the wrong side deck).
  std::optional<DefIndex> card;
  DeckZone zone = DeckZone::kGameDeck;
};

// Every problem of the deck; empty when it is legal. `sixty_cards`: exactly 60 cards with at
// most 30 seed cards; otherwise any size with at most 30 seed and at least 30 draw-deck cards
// (the other reading of the "30/30 rule", A-05).
std::vector<DeckProblem> validate_deck(const Deck& deck, const CardDb& db, bool sixty_cards = true);

// ---------------------------------------------------------------------------------------------
// A deck list checked as its author wrote it: the lines that cannot be read, then the deck's
// problems, each with the line it comes from.

struct DeckListProblem {
  std::string_view code;   // DeckTextError::code, or name(DeckProblemCode)
  std::string message;     // from a line: "line 12: ..."
  int line = 0;            // the first line naming the card concerned; 0 for the deck as a whole
  std::string suggestion;  // DeckTextError::suggestion
};

// The title of the card whose title is nearest to `typed` (ignoring case, by edits of one
// letter), if it is near enough to be a misspelling of it: "Gowrn" gives "Gowron".
std::optional<std::string> nearest_title(const CardDb& db, std::string_view typed);

// Every problem of the list; empty when it is a legal deck (`sixty_cards` as validate_deck).
std::vector<DeckListProblem> check_deck_list(std::string_view text, const CardDb& db,
                                             bool sixty_cards = true);

// ---------------------------------------------------------------------------------------------
// The sample decks of shared/reference/stccg-cards.md section 5.9 ("federation", "klingon",
// "romulan"), from engine/stccg/decks/, over CardDb::standard(); loaded once.
const std::vector<Deck>& sample_decks();
std::optional<Deck> sample_deck(std::string_view name);

}  // namespace spacedock::stccg
