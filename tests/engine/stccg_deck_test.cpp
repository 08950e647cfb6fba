// Tests of STCCG decks: the sample decks, deck-list import and export, and every deck
// construction rule of shared/reference/stccg-rules.md section 1.2, each broken on its own.

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/stccg/cards/card_db.h"
#include "engine/stccg/cards/card_files.h"
#include "engine/stccg/cards/deck.h"
#include "engine/stccg/game.h"

namespace {

using spacedock::stccg::CardDb;
using spacedock::stccg::Deck;
using spacedock::stccg::DeckImport;
using spacedock::stccg::DeckProblem;
using spacedock::stccg::DeckProblemCode;
using spacedock::stccg::DefIndex;
using spacedock::stccg::export_deck_text;
using spacedock::stccg::import_deck_text;
using spacedock::stccg::sample_deck;
using spacedock::stccg::sample_decks;
using spacedock::stccg::validate_deck;

const CardDb& standard() {
  return CardDb::standard();
}

// The standard cards plus made-up ones the pool lacks: a universal half-card mission and
// dual-affiliation personnel.
const CardDb& extended() {
  static const CardDb db = [] {
    std::vector<CardDb::File> files(CardDb::standard_files().begin(),
                                    CardDb::standard_files().end());
    files.push_back({"extra.txtpb", R"(set: "extra"
cards {
  id: "X_SPACE"
  title: "Half Space"
  type: STCCG_CARD_TYPE_MISSION
  universal: true
  half_card: true
  seed_rule: STCCG_SEED_RULE_SEEDS
  mission { placement: STCCG_PLACEMENT_SPACE seeder_end { span: 1 } }
}
cards {
  id: "X_ENVOY"
  title: "Dual Envoy"
  type: STCCG_CARD_TYPE_PERSONNEL
  personnel {
    affiliations: STCCG_AFFILIATION_KLINGON
    affiliations: STCCG_AFFILIATION_ROMULAN
    classification: STCCG_CLASSIFICATION_VIP
  }
}
cards {
  id: "X_DRIFTER"
  title: "Dual Drifter"
  type: STCCG_CARD_TYPE_PERSONNEL
  personnel {
    affiliations: STCCG_AFFILIATION_KLINGON
    affiliations: STCCG_AFFILIATION_NON_ALIGNED
    classification: STCCG_CLASSIFICATION_CIVILIAN
  }
})"});
    return CardDb::load(spacedock::embedded::stccg_skills, files);
  }();
  return db;
}

DefIndex card(std::string_view title, const CardDb& db = standard()) {
  const auto index = db.find_title(title);
  REQUIRE_MESSAGE(index.has_value(), title);
  return *index;
}

Deck sample(std::string_view name) {
  auto deck = sample_deck(name);
  REQUIRE(deck.has_value());
  return *deck;
}

// A sample deck over the extended card database.
Deck extended_sample(std::string_view name) {
  DeckImport imported =
      import_deck_text(export_deck_text(sample(name), standard()), extended(), std::string(name));
  REQUIRE(imported.ok());
  return imported.deck;
}

// Replaces one copy of `from` in `zone` by `to`.
void swap_card(std::vector<DefIndex>& zone, std::string_view from, std::string_view to,
               const CardDb& db = standard()) {
  auto it = std::find(zone.begin(), zone.end(), card(from, db));
  REQUIRE_MESSAGE(it != zone.end(), from);
  *it = card(to, db);
}

void remove_card(std::vector<DefIndex>& zone, std::string_view title) {
  auto it = std::find(zone.begin(), zone.end(), card(title));
  REQUIRE_MESSAGE(it != zone.end(), title);
  zone.erase(it);
}

std::vector<DefIndex> sorted(std::vector<DefIndex> cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

bool contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

std::string describe(const std::vector<DeckProblem>& problems) {
  std::string out;
  for (const auto& p : problems)
    out += std::string(spacedock::stccg::name(p.code)) + ": " + p.message + "\n";
  return out;
}

// The deck's only problem, which must have `code`; its message is returned.
std::string only_problem(const Deck& deck, DeckProblemCode code, const CardDb& db = standard()) {
  const std::vector<DeckProblem> problems = validate_deck(deck, db);
  INFO(describe(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].code == code);
  return problems[0].message;
}

void check_legal(const Deck& deck, const CardDb& db = standard()) {
  const std::vector<DeckProblem> problems = validate_deck(deck, db);
  INFO(describe(problems));
  CHECK(problems.empty());
}

}  // namespace

TEST_CASE("the sample decks are legal") {
  REQUIRE(sample_decks().size() == 10);
  for (const Deck& listed : sample_decks()) {
    const std::string& name = listed.name;
    CAPTURE(name);
    const Deck deck = sample(name);
    CHECK(deck.name == name);
    CHECK(deck.cards.size() == 60);
    CHECK(deck.q_continuum.size() == 9);
    CHECK(deck.q_tent.size() == 13);
    CHECK(deck.battle_bridge.size() == 6);
    check_legal(deck);
  }
  CHECK_FALSE(sample_deck("cardassian").has_value());
}

TEST_CASE("export then import gives back the same cards") {
  for (const Deck& deck : sample_decks()) {
    CAPTURE(deck.name);
    const std::string text = export_deck_text(deck, standard());
    CHECK(text.starts_with("Missions:\n"));
    CHECK(contains(text, "\nSeed:\n"));
    CHECK(contains(text, "\nDraw:\n"));
    CHECK(contains(text, "\nQ-Continuum:\n"));
    CHECK(contains(text, "\nQ's Tent:\n"));
    CHECK(contains(text, "\n2\tQ-Flash\n"));
    const DeckImport back = import_deck_text(text, standard(), deck.name);
    REQUIRE(back.ok());
    CHECK(sorted(back.deck.cards) == sorted(deck.cards));
    CHECK(sorted(back.deck.q_continuum) == sorted(deck.q_continuum));
    CHECK(sorted(back.deck.q_tent) == sorted(deck.q_tent));
    CHECK(sorted(back.deck.battle_bridge) == sorted(deck.battle_bridge));
    CHECK(export_deck_text(back.deck, standard()) == text);
  }
  Deck bare = sample("federation");
  bare.q_tent.clear();
  CHECK_FALSE(contains(export_deck_text(bare, standard()), "Q's Tent:"));  // empty: left out
  Deck tent = sample("federation");
  tent.q_tent = {card("Data"), card("Worf"), card("Worf")};
  const DeckImport back = import_deck_text(export_deck_text(tent, standard()), standard());
  REQUIRE(back.ok());
  CHECK(sorted(back.deck.q_tent) == sorted(tent.q_tent));

  // More copies than a line may hold (99) are written on several lines (found by fuzzing).
  Deck many = sample("federation");
  many.cards.insert(many.cards.end(), 150, card("Worf"));
  const std::string text = export_deck_text(many, standard());
  CHECK(contains(text, "\n99\tWorf\n"));
  const DeckImport again = import_deck_text(text, standard());
  REQUIRE(again.ok());
  CHECK(sorted(again.deck.cards) == sorted(many.cards));
}

TEST_CASE("a LackeyCCG list with tabs, CRLF, headers and typographic quotes imports") {
  // The Klingon sample deck as a player might paste it.
  std::string text =
      "\xEF\xBB\xBF// exported from LackeyCCG\n"
      "Missions:\n1\tFever Emergency\n1\tKrios Suppression\n1\tInvestigate Disturbance\n"
      "1\tInvestigate Alien Probe\n1\tseek life-form\n1\tSecret Salvage\n\n"
      "Seed Deck:\n1\tKlingon Outpost\n1\tWind Dancer\n1\tMatriarchal Society\n"
      "1\tRebel Encounter\n1\tFemale\xE2\x80\x99s Love Interest\n"
      "1\tArmus \xE2\x80\x93 Skin of Evil\n1\tCardassian Trap\n1\tShaka,  When the Walls Fell\n"
      "1\tCrystalline Entity\n1\tBarclay's Protomorphosis Disease\n1\tCosmic String Fragment\n"
      "1\tNanites\n1\tBirth of \xE2\x80\x9CJunior\xE2\x80\x9D\n1\tAncient Computer\n"
      "1\tVaron-T Disruptor\n2x Q-Flash\n1 Q's Tent\n1\tBattle Bridge Door\n\n"
      "# personnel first\n"
      "Draw Deck:\n1\tGowron\n1\tKurn\n1\tK\xE2\x80\x99mpec\n1\tKargan\n1\tKorris\n1\tKurak\n"
      "1\tKoroth\n1\tToq\n1\tLursa\n1\tDuras\n1  Batrell\n1\tB'iJik\n1\tDivok\n1\tGorath\n"
      "1\tJ'Ddan\n1\tKlag\n1\tKle'eg\n1\tKromm\n1\tTorin\n1\tI.K.C. Bortas\n1\tI.K.C. Vor'Cha\n"
      "2\tI.K.C. K'Vort\n2\tKlingon Disruptor\n1\tKlingon PADD\n1\tEngineering Kit\n"
      "1\tBynars Weapon Enhancement\n1\tPlasma Fire\n1\tKivas Fajo - Collector\n"
      "1\tHonor Challenge\n1\tKlingon Right of Vengeance\n1\tKevin Uxbridge\n"
      "2\tQ\xE2\x80\x99s Tent\n\n"
      "Q-Continuum Side Deck:\n1\tLemon-Aid\n1\tSubsection Q, Paragraph 10\n"
      "1\tGo Back Whence Thou Camest\n1\tGuilty - Provisionally\n"
      "1\tThe Higher\xE2\x80\xA6 The Q-er\n1\tPenalty Box\n1\tInto the Breach\n"
      "1\tIncoming Message - The Continuum\n1\tMandarin Bailiff\n\n"
      "Q's Tent:\n1\tBatrell\n1\tDivok\n1\tKromm\n1\tKlingon Disruptor\n1\tKlingon PADD\n"
      "1\tI.K.C. Pagh\n1\tEngineering PADD\n1\tMedical Kit\n"
      "1\tEmergency Transporter Armbands\n1\tAmanda Rogers\n1\tDisruptor Overload\n"
      "1\tEscape Pod\n1\tRogue Borg Mercenaries\n\n"
      "BATTLE BRIDGE:\n2\tPulse Disruptor\n1\tTarget Shields\n1\tEvasive Maneuvers\n"
      "1\tCrimson Forcefield\n1\tTarget These Coordinates\n";
  std::string crlf;
  for (char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const DeckImport imported = import_deck_text(crlf, standard(), "pasted");
  INFO((imported.errors.empty() ? std::string() : imported.errors.front().message));
  REQUIRE(imported.ok());
  const Deck klingon = sample("klingon");
  CHECK(imported.deck.name == "pasted");
  CHECK(sorted(imported.deck.cards) == sorted(klingon.cards));
  CHECK(sorted(imported.deck.q_continuum) == sorted(klingon.q_continuum));
  CHECK(sorted(imported.deck.q_tent) == sorted(klingon.q_tent));
  CHECK(sorted(imported.deck.battle_bridge) == sorted(klingon.battle_bridge));
  CHECK(std::count(imported.deck.battle_bridge.begin(), imported.deck.battle_bridge.end(),
                   card("\"Crimson Forcefield\"")) == 1);
  check_legal(imported.deck);
}

TEST_CASE("import errors name every bad line") {
  const DeckImport imported = import_deck_text(
      "1\tData\n"                    // 1: before any header: the game deck
      "Missions:\n"                  // 2
      "1\tTest Mission\n"            // 3
      "1\tPcard\n"                   // 4
      "\n"                           // 5
      "0\tWorf\n"                    // 6
      "Sideboard:\n"                 // 7
      "1\tSarek\n"                   // 8: under an unknown header, dropped
      "Tasha Yar\n"                  // 9
      "3x\n"                         // 10
      "Q's Tent:\n"                  // 11
      "1 \"Crimson Forcefield\"\n",  // 12: the quotes are optional both ways
      standard());
  REQUIRE(imported.errors.size() == 5);
  CHECK(imported.errors[0].line == 4);
  CHECK(imported.errors[0].message == "line 4: unknown card 'Pcard'");
  CHECK(imported.errors[1].line == 6);
  CHECK(contains(imported.errors[1].message, "between 1 and 99"));
  CHECK(imported.errors[2].line == 7);
  CHECK(contains(imported.errors[2].message, "unknown section 'Sideboard:'"));
  CHECK(imported.errors[3].line == 9);
  CHECK(contains(imported.errors[3].message, "'Tasha Yar'"));
  CHECK(imported.errors[4].line == 10);
  CHECK(contains(imported.errors[4].message, "line 10: expected a count"));
  CHECK(imported.deck.cards == std::vector<DefIndex>{card("Data"), card("Test Mission")});
  CHECK(imported.deck.q_tent == std::vector<DefIndex>{card("\"Crimson Forcefield\"")});
}

TEST_CASE("problem codes have stable, distinct names") {
  CHECK(spacedock::stccg::name(DeckProblemCode::kDeckSize) == "DECK_SIZE");
  CHECK(spacedock::stccg::name(DeckProblemCode::kSideDeckWithoutDoorway) ==
        "SIDE_DECK_WITHOUT_DOORWAY");
  std::set<std::string_view> names;
  CHECK(spacedock::stccg::name(DeckProblemCode::kTooManyCopies) == "TOO_MANY_COPIES");
  for (int c = 0; c <= static_cast<int>(DeckProblemCode::kTooManyCopies); ++c)
    names.insert(spacedock::stccg::name(static_cast<DeckProblemCode>(c)));
  CHECK(names.size() == 11);
  CHECK(names.count("UNKNOWN") == 0);
}

TEST_CASE("deck size: exactly 60") {
  Deck deck = sample("federation");
  remove_card(deck.cards, "Taitt");
  remove_card(deck.cards, "Linda Larson");
  const std::string message = only_problem(deck, DeckProblemCode::kDeckSize);
  CHECK(contains(message, "58 cards"));
  CHECK(contains(message, "exactly 60"));
  deck = sample("federation");
  deck.cards.push_back(card("Taitt"));
  CHECK(contains(only_problem(deck, DeckProblemCode::kDeckSize), "61 cards"));
}

TEST_CASE("seed cards: at most 30") {
  Deck deck = sample("federation");
  for (const char* draw :
       {"Taitt", "Linda Larson", "Sito Jaxa", "Christopher Hobson", "Darian Wallace"})
    swap_card(deck.cards, draw, "Archer");
  check_legal(deck);  // 30 is allowed
  swap_card(deck.cards, "Taurik", "Q-Flash");
  const std::string message = only_problem(deck, DeckProblemCode::kTooManySeedCards);
  CHECK(contains(message, "31 seed cards"));
  CHECK(contains(message, "at most 30"));
}

TEST_CASE("Cryosatellite: up to three [AU] personnel per copy are seeded, as seed cards") {
  // CRD IV.4: personnel listed among the seed cards go under the deck's Cryosatellite.
  Deck deck = sample("federation");
  swap_card(deck.cards, "Taitt", "Cryosatellite");
  for (const char* draw : {"Linda Larson", "Sito Jaxa", "Christopher Hobson"})
    swap_card(deck.cards, draw, "Beverly Picard");
  deck.seeded.assign(3, card("Beverly Picard"));
  check_legal(deck);
  const std::string text = export_deck_text(deck, standard());
  CHECK(text.find("3\tBeverly Picard\n") < text.find("Draw:"));  // under Seed:
  const DeckImport back = import_deck_text(text, standard());
  REQUIRE(back.ok());
  CHECK(back.deck.seeded == deck.seeded);
  // A fourth is more than one Cryosatellite holds (30 seed cards are still allowed).
  swap_card(deck.cards, "Darian Wallace", "Beverly Picard");
  deck.seeded.push_back(card("Beverly Picard"));
  CHECK(contains(only_problem(deck, DeckProblemCode::kTooManySeedCards), "hold 3"));
  // Listed under Seed: beyond what the Cryosatellites hold, or with none, they are drawn.
  std::string four = text;
  four.replace(four.find("3\tBeverly Picard"), 16, "4\tBeverly Picard");
  CHECK(import_deck_text(four, standard()).deck.seeded.size() == 3);
  std::string none = text;
  none.replace(none.find("1\tCryosatellite"), 15, "1\tTaitt");
  CHECK(import_deck_text(none, standard()).deck.seeded.empty());
  CHECK_FALSE(import_deck_text(none, standard()).deck.cards.empty());
}

TEST_CASE("missions: exactly 6") {
  Deck deck = sample("federation");
  swap_card(deck.cards, "Evacuation", "Archer");
  std::string message = only_problem(deck, DeckProblemCode::kMissionCount);
  CHECK(contains(message, "5 missions"));
  CHECK(contains(message, "exactly 6"));
  deck = sample("federation");
  swap_card(deck.cards, "Archer", "Excavation");
  CHECK(contains(only_problem(deck, DeckProblemCode::kMissionCount), "7 missions"));
}

TEST_CASE("unique missions: one copy") {
  Deck deck = sample("federation");
  swap_card(deck.cards, "Evacuation", "Test Mission");
  const std::string message = only_problem(deck, DeckProblemCode::kDuplicateMission);
  CHECK(contains(message, "'Test Mission'"));
  CHECK(contains(message, "2 times"));
}

TEST_CASE("half cards count as half toward the 60, the 30 and the 6 missions") {
  Deck deck = extended_sample("federation");
  const CardDb& db = extended();
  swap_card(deck.cards, "Evacuation", "Half Space", db);
  deck.cards.push_back(card("Half Space", db));  // universal: two copies are fine
  check_legal(deck, db);
  remove_card(deck.cards, "Taitt");
  deck.cards.push_back(card("Half Space", db));  // 59.5 cards, 6.5 missions
  const auto problems = validate_deck(deck, db);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].code == DeckProblemCode::kDeckSize);
  CHECK(contains(problems[0].message, "59.5 cards"));
  CHECK(problems[1].code == DeckProblemCode::kMissionCount);
  CHECK(contains(problems[1].message, "6.5 missions"));
}

TEST_CASE("Space: half a card toward every limit, at most 4 in a deck") {
  Deck deck = sample("federation");
  // Two copies in place of one mission: still 6 missions and 60 cards.
  swap_card(deck.cards, "Evacuation", "Space");
  deck.cards.push_back(card("Space"));
  check_legal(deck);
  // One copy alone is half a mission and half a card short.
  remove_card(deck.cards, "Space");
  {
    const auto problems = validate_deck(deck, standard());
    REQUIRE(problems.size() == 2);
    CHECK(contains(problems[0].message, "59.5 cards"));
    CHECK(contains(problems[1].message, "5.5 missions"));
  }
  deck.cards.push_back(card("Space"));
  // Four copies are allowed.
  swap_card(deck.cards, "First Contact", "Space");
  deck.cards.push_back(card("Space"));
  check_legal(deck);
  // Six are two too many.
  swap_card(deck.cards, "Diplomacy Mission", "Space");
  deck.cards.push_back(card("Space"));
  const std::string message = only_problem(deck, DeckProblemCode::kTooManyCopies);
  CHECK(contains(message, "'Space'"));
  CHECK(contains(message, "6 times; at most 4"));
}

TEST_CASE("outposts: one per affiliation played") {
  SUBCASE("a personnel of another affiliation") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Darian Wallace", "Kurn");
    const std::string message = only_problem(deck, DeckProblemCode::kMissingOutpost);
    CHECK(contains(message, "Klingon ('Kurn')"));
    CHECK(contains(message, "no Klingon outpost"));
  }
  SUBCASE("a ship of another affiliation") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Runabout", "I.K.C. Bortas");
    CHECK(contains(only_problem(deck, DeckProblemCode::kMissingOutpost), "'I.K.C. Bortas'"));
  }
  SUBCASE("the deck's own affiliation") {
    Deck deck = sample("romulan");
    swap_card(deck.cards, "Romulan Outpost", "Archer");
    CHECK(contains(only_problem(deck, DeckProblemCode::kMissingOutpost), "no Romulan outpost"));
  }
  SUBCASE("Non-Aligned needs none") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Darian Wallace", "Roga Danar");
    check_legal(deck);
  }
  SUBCASE("the Neutral Outpost stands in for one affiliation") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Darian Wallace", "Kurn");
    swap_card(deck.cards, "Archer", "Neutral Outpost");
    check_legal(deck);
    swap_card(deck.cards, "Taurik", "Sela");
    const std::string message = only_problem(deck, DeckProblemCode::kMissingOutpost);
    CHECK(contains(message, "no Romulan outpost"));
    CHECK(contains(message, "stands in for Klingon"));
  }
  SUBCASE("a dual-affiliation personnel needs one of its outposts") {
    const CardDb& db = extended();
    Deck klingon = extended_sample("klingon");
    swap_card(klingon.cards, "Koroth", "Dual Envoy", db);
    check_legal(klingon, db);
    Deck federation = extended_sample("federation");
    swap_card(federation.cards, "Darian Wallace", "Dual Envoy", db);
    const std::string message = only_problem(federation, DeckProblemCode::kMissingOutpost, db);
    CHECK(contains(message, "'Dual Envoy'"));
    swap_card(federation.cards, "Archer", "Romulan Outpost", db);
    check_legal(federation, db);
    swap_card(federation.cards, "Taurik", "Dual Drifter", db);  // may be read as Non-Aligned
    check_legal(federation, db);
  }
}

TEST_CASE("test fixtures are refused") {
  Deck deck = sample("klingon");
  swap_card(deck.cards, "Koroth", "Test Half Leader");
  CHECK(contains(only_problem(deck, DeckProblemCode::kTestCard), "'Test Half Leader'"));
}

TEST_CASE("Q-icon cards and tactics only in their side decks") {
  SUBCASE("a Q-icon card in the game deck") {
    Deck deck = sample("federation");
    remove_card(deck.q_continuum, "Lemon-Aid");
    swap_card(deck.cards, "Darian Wallace", "Lemon-Aid");
    const std::string message = only_problem(deck, DeckProblemCode::kWrongSideDeck);
    CHECK(contains(message, "'Lemon-Aid' has the Q icon"));
    CHECK(contains(message, "Q-Continuum"));
  }
  SUBCASE("a tactic in the game deck") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Darian Wallace", "Target Shields");
    CHECK(contains(only_problem(deck, DeckProblemCode::kWrongSideDeck),
                   "'Target Shields' is a tactic"));
  }
  SUBCASE("other cards in the Q-Continuum") {
    Deck deck = sample("federation");
    deck.q_continuum.push_back(card("Data"));
    CHECK(contains(only_problem(deck, DeckProblemCode::kWrongSideDeck), "'Data' has no Q icon"));
  }
  SUBCASE("other cards in the Battle Bridge") {
    Deck deck = sample("federation");
    deck.battle_bridge.push_back(card("Lemon-Aid"));
    CHECK(contains(only_problem(deck, DeckProblemCode::kWrongSideDeck),
                   "'Lemon-Aid' is not a tactic"));
  }
  SUBCASE("a Q-icon card in Q's Tent") {
    Deck deck = sample("federation");
    deck.q_tent = {card("Data"), card("Penalty Box")};
    CHECK(contains(only_problem(deck, DeckProblemCode::kWrongSideDeck),
                   "'Penalty Box' has the Q icon; it may not be in Q's Tent"));
  }
  SUBCASE("Q's Planet, the one Q-icon card Q's Tent may hold (card data: allowed_in_q_tent)") {
    Deck deck = sample("federation");
    deck.q_tent = {card("Data"), card("Q's Planet")};
    check_legal(deck);
    // Dealt into the Tent, where its player put it, not into the Q-Continuum.
    spacedock::stccg::Setup setup;
    setup.decks[0] = deck;
    setup.decks[1] = sample("klingon");
    const auto game = spacedock::stccg::Game::create(standard(), setup, 3);
    const auto& player = game.state().players[0];
    const auto in = [&](spacedock::stccg::SideDeckKind kind) {
      for (auto c : player.side_deck(kind).cards) {
        if (game.state().def(c).title() == "Q's Planet") return true;
      }
      return false;
    };
    CHECK(in(spacedock::stccg::SideDeckKind::kQTent));
    CHECK_FALSE(in(spacedock::stccg::SideDeckKind::kQContinuum));
    CHECK(game.state().check().empty());
  }
}

TEST_CASE("Q's Tent: at most 13 different cards") {
  Deck deck = sample("federation");
  deck.q_tent.clear();
  for (const char* title :
       {"Data", "Worf", "Sarek", "Taitt", "Tricorder", "Medical Kit", "Archer", "Runabout",
        "Spacedock", "Red Alert!", "Escape Pod", "Amanda Rogers", "Kurn"})
    deck.q_tent.push_back(card(title));
  check_legal(deck);  // 13 is allowed, and the Tent's personnel play no affiliation
  SUBCASE("too big") {
    deck.q_tent.push_back(card("Gowron"));
    const std::string message = only_problem(deck, DeckProblemCode::kTentTooBig);
    CHECK(contains(message, "14 cards"));
    CHECK(contains(message, "at most 13"));
  }
  SUBCASE("a duplicate") {
    deck.q_tent.back() = card("Data");
    const std::string message = only_problem(deck, DeckProblemCode::kTentDuplicate);
    CHECK(contains(message, "'Data' is in Q's Tent 2 times"));
  }
}

TEST_CASE("side decks need their doorway in the game deck") {
  SUBCASE("Q-Continuum without Q-Flash") {
    Deck deck = sample("federation");
    swap_card(deck.cards, "Q-Flash", "Taitt");
    swap_card(deck.cards, "Q-Flash", "Taitt");
    const std::string message = only_problem(deck, DeckProblemCode::kSideDeckWithoutDoorway);
    CHECK(contains(message, "Q-Continuum side deck of 9 cards"));
    CHECK(contains(message, "'Q-Flash'"));
  }
  SUBCASE("Battle Bridge without its door") {
    Deck deck = sample("klingon");
    swap_card(deck.cards, "Battle Bridge Door", "Kromm");
    CHECK(contains(only_problem(deck, DeckProblemCode::kSideDeckWithoutDoorway),
                   "'Battle Bridge Door'"));
  }
  SUBCASE("Q's Tent without its doorway") {
    Deck deck = sample("romulan");
    for (int i = 0; i < 3; ++i)
      swap_card(deck.cards, "Q's Tent", "Tarus");
    deck.q_tent = {card("Tomalak")};
    CHECK(contains(only_problem(deck, DeckProblemCode::kSideDeckWithoutDoorway),
                   "Q's Tent side deck of 1 card "));
  }
  SUBCASE("no side decks, no doorways needed") {
    Deck deck = sample("romulan");
    deck.q_continuum.clear();
    deck.q_tent.clear();
    deck.battle_bridge.clear();
    swap_card(deck.cards, "Q-Flash", "Tarus");
    swap_card(deck.cards, "Q-Flash", "Tarus");
    swap_card(deck.cards, "Battle Bridge Door", "Tarus");
    check_legal(deck);
  }
}

TEST_CASE("a deck list's problems name the line they come from") {
  using spacedock::stccg::check_deck_list;
  const std::string list =
      "Missions:\n"             // 1
      "2\tFever Emergency\n"    // 2: a unique mission twice
      "1\tKrios Suppression\n"  // 3
      "1\tPcard\n"              // 4: unknown
      "Seed:\n"                 // 5
      "1\tKlingon Outpost\n"    // 6
      "Draw:\n"                 // 7
      "3\tWorf\n"               // 8
      "1\tLemon-Aid\n"          // 9: a Q-icon card in the game deck
      "Q's Tent:\n"             // 10
      "2\tBatrell\n"            // 11: twice in the Tent, which has no doorway
      "Battle Bridge:\n"        // 12
      "1\tPulse Disruptor\n"    // 13
      "1\tData\n";              // 14: not a tactic
  const auto problems = check_deck_list(list, standard());
  const auto line_of = [&](std::string_view code) {
    const auto found = std::find_if(problems.begin(), problems.end(),
                                    [&](const auto& p) { return p.code == code; });
    REQUIRE(found != problems.end());
    return found->line;
  };
  CHECK(problems.front().code == "UNKNOWN_CARD");  // unreadable lines first
  CHECK(line_of("UNKNOWN_CARD") == 4);
  CHECK(line_of("DECK_SIZE") == 0);  // the deck as a whole
  CHECK(line_of("MISSION_COUNT") == 0);
  CHECK(line_of("DUPLICATE_MISSION") == 2);
  CHECK(line_of("TENT_DUPLICATE") == 11);
  CHECK(line_of("SIDE_DECK_WITHOUT_DOORWAY") == 0);
  std::vector<int> wrong_side_deck;
  for (const auto& p : problems) {
    if (p.code == "WRONG_SIDE_DECK") wrong_side_deck.push_back(p.line);
  }
  CHECK(wrong_side_deck == std::vector<int>{9, 14});
  // The sample decks, as shipped, have none.
  for (const Deck& deck : sample_decks()) {
    CAPTURE(deck.name);
    CHECK(check_deck_list(export_deck_text(deck, standard()), standard()).empty());
  }
}
