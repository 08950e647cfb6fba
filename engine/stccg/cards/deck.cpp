#include "engine/stccg/cards/deck.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <stdexcept>
#include <utility>

#include "engine/core/text.h"
#include "engine/stccg/cards/handlers/handler.h"

namespace spacedock::embedded {
extern const std::string_view stccg_deck_federation;
extern const std::string_view stccg_deck_klingon;
extern const std::string_view stccg_deck_klingon_bog;
extern const std::string_view stccg_deck_federation_qc_bog;
extern const std::string_view stccg_deck_romulan_bog;
extern const std::string_view stccg_deck_romulan;
extern const std::string_view stccg_deck_non_aligned;
extern const std::string_view stccg_deck_federation_au;
extern const std::string_view stccg_deck_klingon_au;
extern const std::string_view stccg_deck_romulan_au;
}  // namespace spacedock::embedded

namespace spacedock::stccg {
namespace {

constexpr int kDeckHalves = 120;  // 60 cards, counted in halves for "counts as 1/2 card"
constexpr int kMaxSeedHalves = 60;
constexpr int kMinDrawHalves = 60;  // the 30/30 reading: at least 30 draw-deck cards
constexpr int kMissionHalves = 12;
constexpr std::size_t kMaxTentCards = 13;
constexpr int kMaxCount = 99;

// kGame, kDraw and kSeed all hold game-deck cards; a seed card listed under kDraw is stocked, a
// card listed under kSeed that a seed card of the deck holds is seeded (Deck::seeded).
enum class Section { kGame, kQContinuum, kQTent, kBattleBridge, kDraw, kSeed };

constexpr std::string_view kSideDeckNames[] = {"", "Q-Continuum", "Q's Tent", "Battle Bridge", "",
                                               ""};

std::string_view side_deck_name(Section s) {
  return kSideDeckNames[static_cast<int>(s)];
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back()))
    s.remove_suffix(1);
  return s;
}

// "Q's Tent side deck:" -> "qstentsidedeck": headers are matched ignoring case and punctuation.
std::string header_key(std::string_view header) {
  std::string key;
  for (char c : header) {
    if (std::isalnum(static_cast<unsigned char>(c))) key += core::lower(c);
  }
  return key;
}

std::optional<Section> section_of(std::string_view header) {
  std::string key = header_key(header);
  constexpr std::string_view kSuffix = "sidedeck";
  if (key.size() > kSuffix.size() && key.ends_with(kSuffix))
    key.resize(key.size() - kSuffix.size());
  if (key == "qcontinuum") return Section::kQContinuum;
  if (key == "qtent" || key == "qstent") return Section::kQTent;
  if (key == "battlebridge") return Section::kBattleBridge;
  // Deck lists split the game deck many ways; every such part lands in the same 60 cards, the
  // draw-deck parts say which seed cards are stocked instead, and the seed parts which other
  // cards are seeded under a seed card that holds them (Cryosatellite).
  static constexpr std::string_view kGameParts[] = {
      "deck",     "gamedeck",  "main",     "maindeck",   "mission", "missions",
      "dilemmas", "artifacts", "outposts", "facilities", "doorways"};
  static constexpr std::string_view kSeedParts[] = {"seed", "seeds", "seedcards", "seeddeck"};
  static constexpr std::string_view kDrawParts[] = {
      "draw", "drawdeck", "drawcards", "personnel", "ships", "equipment", "events", "interrupts"};
  for (std::string_view part : kGameParts) {
    if (key == part) return Section::kGame;
  }
  for (std::string_view part : kDrawParts) {
    if (key == part) return Section::kDraw;
  }
  for (std::string_view part : kSeedParts) {
    if (key == part) return Section::kSeed;
  }
  return std::nullopt;
}

// Deck lists copied from web pages carry typographic quotes and dashes; card titles do not.
std::string plain_title(std::string_view raw) {
  static constexpr std::pair<std::string_view, std::string_view> kTypographic[] = {
      {"\xE2\x80\x9C", "\""},  {"\xE2\x80\x9D", "\""}, {"\xE2\x80\x98", "'"}, {"\xE2\x80\x99", "'"},
      {"\xE2\x80\xA6", "..."}, {"\xE2\x80\x93", "-"},  {"\xE2\x80\x94", "-"}};
  std::string out;
  while (!raw.empty()) {
    bool replaced = false;
    for (const auto& [from, to] : kTypographic) {
      if (raw.starts_with(from)) {
        out += to;
        raw.remove_prefix(from.size());
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    if (is_blank(raw.front())) {
      // Runs of blanks inside a title are one space.
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += raw.front();
    }
    raw.remove_prefix(1);
  }
  return out;
}

std::optional<DefIndex> find_card(const CardDb& db, std::string_view raw) {
  const std::string title = plain_title(raw);
  if (auto found = db.find_title(title)) return found;
  if (title.size() >= 2 && title.front() == '"' && title.back() == '"')
    return db.find_title(std::string_view(title).substr(1, title.size() - 2));
  return db.find_title("\"" + title + "\"");
}

// Edits (insert, delete, replace one letter) from a to b, ignoring case; stops counting past
// `limit`, returning limit + 1.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit) {
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return limit + 1;
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    std::size_t best = row[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (core::lower(a[i - 1]) == core::lower(b[j - 1]) ? 0 : 1)});
      diagonal = above;
      best = std::min(best, row[j]);
    }
    if (best > limit) return limit + 1;
  }
  return row[b.size()];
}

// Parses "N<blanks>Title" or "Nx Title"; nullopt when the line does not start with a digit.
struct CardLine {
  int count = 0;
  std::string_view title;
  std::string error;
};

std::optional<CardLine> parse_card_line(std::string_view line) {
  std::size_t digits = 0;
  while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits])))
    ++digits;
  if (digits == 0) return std::nullopt;
  CardLine out;
  const auto [end, ec] = std::from_chars(line.data(), line.data() + digits, out.count);
  if (ec != std::errc() || out.count < 1 || out.count > kMaxCount) {
    out.error = "the count must be between 1 and " + std::to_string(kMaxCount) + ", not '" +
                std::string(line.substr(0, digits)) + "'";
    return out;
  }
  std::string_view rest = line.substr(digits);
  if (!rest.empty() && (rest.front() == 'x' || rest.front() == 'X')) rest.remove_prefix(1);
  if (rest.empty() || !is_blank(rest.front())) {
    out.error = "expected a count, a tab or spaces, then a card title: '" + std::string(line) + "'";
    return out;
  }
  out.title = trim(rest);
  return out;
}

int halves(const CardDef& def) {
  return def.card.half_card() ? 1 : 2;
}

std::string cards_text(int halves_count, std::string_view noun) {
  std::string out = std::to_string(halves_count / 2);
  if (halves_count % 2 != 0) out += ".5";
  out += " ";
  out += noun;
  if (halves_count != 2) out += "s";
  return out;
}

std::string count_text(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string quoted(const CardDef& def) {
  return "'" + def.title() + "'";
}

// How many copies of `card`, no seed card itself, the seed cards of `cards` may hold
// (Handler::holds_seed: three [AU] personnel under each Cryosatellite).
int seed_room(const std::vector<DefIndex>& cards, const CardDb& db, const CardDef& card) {
  int room = 0;
  for (DefIndex i : cards) {
    const Handler* holder = db.def(i).handler;
    if (holder && holder->holds_seed && holder->holds_seed(card)) room += holder->seeds_held;
  }
  return room;
}

bool has_q_icon(const CardDef& def) {
  return (def.icons & (1u << v1::STCCG_ICON_Q)) != 0;
}

bool is_tactic(const CardDef& def) {
  return def.type() == v1::STCCG_CARD_TYPE_TACTIC;
}

// Each card once, in order of first appearance, with its number of copies.
std::vector<std::pair<DefIndex, int>> tally(const std::vector<DefIndex>& cards) {
  std::vector<std::pair<DefIndex, int>> out;
  for (DefIndex i : cards) {
    auto it = std::find_if(out.begin(), out.end(), [i](const auto& e) { return e.first == i; });
    if (it == out.end()) {
      out.emplace_back(i, 1);
    } else {
      ++it->second;
    }
  }
  return out;
}

std::string_view affiliation_name(Affiliation a) {
  switch (a) {
    case Affiliation::kFederation:
      return "Federation";
    case Affiliation::kKlingon:
      return "Klingon";
    case Affiliation::kRomulan:
      return "Romulan";
    case Affiliation::kCardassian:
      return "Cardassian";
    case Affiliation::kFerengi:
      return "Ferengi";
    case Affiliation::kBorg:
      return "Borg";
    case Affiliation::kBajoran:
      return "Bajoran";
    case Affiliation::kDominion:
      return "Dominion";
    case Affiliation::kNonAligned:
      return "Non-Aligned";
    case Affiliation::kNeutral:
      return "Neutral";
    case Affiliation::kNone:
      break;
  }
  return "no";
}

class Validator {
 public:
  Validator(const Deck& deck, const CardDb& db, bool sixty_cards)
      : deck_(deck), db_(db), sixty_cards_(sixty_cards) {}

  std::vector<DeckProblem> run() {
    check_counts();
    check_seeded();
    check_missions();
    check_outposts();
    check_test_cards();
    check_side_decks();
    return std::move(problems_);
  }

 private:
  void add(DeckProblemCode code, std::string message, std::optional<DefIndex> card = {},
           DeckZone zone = DeckZone::kGameDeck) {
    problems_.push_back({code, std::move(message), card, zone});
  }

  void check_counts() {
    int total = 0;
    int seeds = 0;
    int missions = 0;
    for (DefIndex i : deck_.cards) {
      const CardDef& def = db_.def(i);
      total += halves(def);
      if (is_seed_card(def)) seeds += halves(def);
      if (def.type() == v1::STCCG_CARD_TYPE_MISSION) missions += halves(def);
    }
    for (DefIndex i : deck_.stocked)
      seeds -= halves(db_.def(i));  // stocked in the draw deck: not seeded
    for (DefIndex i : deck_.seeded)
      seeds += halves(db_.def(i));  // seeded under a seed card (CRD IV.4 Cryosatellite)
    if (sixty_cards_ && total != kDeckHalves) {
      add(DeckProblemCode::kDeckSize,
          "the deck has " + cards_text(total, "card") + "; it needs exactly 60");
    }
    if (!sixty_cards_ && total - seeds < kMinDrawHalves) {
      add(DeckProblemCode::kDeckSize,
          "the draw deck has " + cards_text(total - seeds, "card") + "; it needs at least 30");
    }
    if (seeds > kMaxSeedHalves) {
      add(DeckProblemCode::kTooManySeedCards,
          "the deck has " + cards_text(seeds, "seed card") + "; at most 30 are allowed");
    }
    if (missions != kMissionHalves) {
      add(DeckProblemCode::kMissionCount,
          "the deck has " + cards_text(missions, "mission") + "; it needs exactly 6");
    }
  }

  // Cards listed to be seeded under a seed card: no more than the deck's holders hold.
  void check_seeded() {
    for (const auto& [i, copies] : tally(deck_.seeded)) {
      const CardDef& def = db_.def(i);
      const int room = seed_room(deck_.cards, db_, def);
      if (copies > room) {
        add(DeckProblemCode::kTooManySeedCards,
            quoted(def) + " is listed to be seeded " + std::to_string(copies) +
                " times; the seed cards of the deck hold " + std::to_string(room) + " of it",
            i);
      }
    }
  }

  void check_missions() {
    for (const auto& [i, copies] : tally(deck_.cards)) {
      const CardDef& def = db_.def(i);
      if (def.type() == v1::STCCG_CARD_TYPE_MISSION && def.unique() && copies > 1) {
        add(DeckProblemCode::kDuplicateMission,
            quoted(def) + " is in the deck " + std::to_string(copies) +
                " times; a unique mission may be included only once",
            i);
      }
      const int most = static_cast<int>(def.card.max_copies());
      if (most != 0 && copies > most) {
        add(DeckProblemCode::kTooManyCopies,
            quoted(def) + " is in the deck " + std::to_string(copies) + " times; at most " +
                std::to_string(most) + " are allowed",
            i);
      }
    }
  }

  // One outpost per affiliation played. Non-Aligned needs none, so a card that may be read as
  // Non-Aligned never does; a dual-affiliation card takes whichever of its affiliations is
  // already covered or played, else its first one.
  void check_outposts() {
    AffiliationSet outposts = 0;
    int neutral_outposts = 0;
    std::map<Affiliation, DefIndex> played;  // affiliation -> a card that plays it
    std::vector<std::pair<DefIndex, AffiliationSet>> duals;
    for (DefIndex i : deck_.cards) {
      const CardDef& def = db_.def(i);
      if (def.type() == v1::STCCG_CARD_TYPE_FACILITY) {
        if (def.affiliation == Affiliation::kNeutral) {
          ++neutral_outposts;
        } else {
          outposts |= bit(def.affiliation);
        }
        continue;
      }
      AffiliationSet readings = 0;
      if (def.type() == v1::STCCG_CARD_TYPE_PERSONNEL) readings = def.affiliations;
      if (def.type() == v1::STCCG_CARD_TYPE_SHIP) readings = bit(def.affiliation);
      if (readings == 0 || (readings & bit(Affiliation::kNonAligned)) != 0) continue;
      if ((readings & (readings - 1)) == 0) {
        played.emplace(first_of(readings), i);
      } else {
        duals.emplace_back(i, readings);
      }
    }
    for (const auto& [i, readings] : duals) {
      AffiliationSet covered = outposts;
      for (const auto& entry : played)
        covered |= bit(entry.first);
      if ((readings & covered) == 0) played.emplace(first_of(readings), i);
    }
    std::string stood_in;  // the affiliations the Neutral Outposts stand in for
    for (const auto& [affiliation, example] : played) {
      if ((outposts & bit(affiliation)) != 0) continue;
      if (neutral_outposts > 0) {
        --neutral_outposts;
        stood_in += stood_in.empty() ? "" : ", ";
        stood_in += affiliation_name(affiliation);
        continue;
      }
      std::string message = "the deck plays " + std::string(affiliation_name(affiliation)) + " (" +
                            quoted(db_.def(example)) + ") but has no " +
                            std::string(affiliation_name(affiliation)) + " outpost";
      if (!stood_in.empty()) message += "; its Neutral Outpost already stands in for " + stood_in;
      add(DeckProblemCode::kMissingOutpost, std::move(message), example);
    }
  }

  static Affiliation first_of(AffiliationSet set) {
    for (int a = 0; a < kAffiliationCount; ++a) {
      if ((set & bit(static_cast<Affiliation>(a))) != 0) return static_cast<Affiliation>(a);
    }
    return Affiliation::kNone;
  }

  void check_test_cards() {
    const std::pair<const std::vector<DefIndex>*, DeckZone> zones[] = {
        {&deck_.cards, DeckZone::kGameDeck},
        {&deck_.q_continuum, DeckZone::kQContinuum},
        {&deck_.q_tent, DeckZone::kQTent},
        {&deck_.battle_bridge, DeckZone::kBattleBridge}};
    for (const auto& [cards, zone] : zones) {
      for (const auto& entry : tally(*cards)) {
        const CardDef& def = db_.def(entry.first);
        if (def.card.test_only())
          add(DeckProblemCode::kTestCard,
              quoted(def) + " is a rules test fixture, never legal in a deck", entry.first, zone);
      }
    }
  }

  void check_side_decks() {
    for (const auto& entry : tally(deck_.cards)) {
      const CardDef& def = db_.def(entry.first);
      if (has_q_icon(def)) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " has the Q icon; it may only be in the Q-Continuum side deck",
            entry.first);
      } else if (is_tactic(def)) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " is a tactic; it may only be in the Battle Bridge side deck",
            entry.first);
      }
    }
    for (const auto& entry : tally(deck_.q_continuum)) {
      const CardDef& def = db_.def(entry.first);
      if (!has_q_icon(def)) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " has no Q icon; the Q-Continuum side deck takes only Q-icon cards",
            entry.first, DeckZone::kQContinuum);
      }
    }
    const auto tent = tally(deck_.q_tent);
    for (const auto& [i, copies] : tent) {
      const CardDef& def = db_.def(i);
      if (has_q_icon(def) && !def.card.allowed_in_q_tent()) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " has the Q icon; it may not be in Q's Tent", i, DeckZone::kQTent);
      } else if (is_tactic(def)) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " is a tactic; it may only be in the Battle Bridge side deck", i,
            DeckZone::kQTent);
      }
      if (copies > 1) {
        add(DeckProblemCode::kTentDuplicate,
            quoted(def) + " is in Q's Tent " + std::to_string(copies) +
                " times; the Tent's cards must all be different",
            i, DeckZone::kQTent);
      }
    }
    if (deck_.q_tent.size() > kMaxTentCards) {
      add(DeckProblemCode::kTentTooBig,
          "Q's Tent has " + count_text(deck_.q_tent.size(), "card") + "; it may hold at most 13");
    }
    for (const auto& entry : tally(deck_.battle_bridge)) {
      const CardDef& def = db_.def(entry.first);
      if (!is_tactic(def)) {
        add(DeckProblemCode::kWrongSideDeck,
            quoted(def) + " is not a tactic; the Battle Bridge side deck takes only tactics",
            entry.first, DeckZone::kBattleBridge);
      }
    }
    check_doorway(deck_.q_continuum, Section::kQContinuum, v1::STCCG_SIDE_DECK_Q_CONTINUUM);
    check_doorway(deck_.q_tent, Section::kQTent, v1::STCCG_SIDE_DECK_Q_TENT);
    check_doorway(deck_.battle_bridge, Section::kBattleBridge, v1::STCCG_SIDE_DECK_BATTLE_BRIDGE);
  }

  void check_doorway(const std::vector<DefIndex>& side, Section section, v1::StccgSideDeck opens) {
    if (side.empty()) return;
    auto opens_it = [opens](const CardDef& def) {
      return def.type() == v1::STCCG_CARD_TYPE_DOORWAY && def.card.doorway().opens() == opens;
    };
    for (DefIndex i : deck_.cards) {
      if (opens_it(db_.def(i))) return;
    }
    std::string doorways;
    for (const CardDef& def : db_.defs()) {
      if (!opens_it(def) || def.card.test_only()) continue;
      doorways += doorways.empty() ? "" : " or ";
      doorways += quoted(def);
    }
    add(DeckProblemCode::kSideDeckWithoutDoorway,
        "the deck has a " + std::string(side_deck_name(section)) + " side deck of " +
            count_text(side.size(), "card") + " but no doorway to open it (" + doorways +
            ") in the game deck");
  }

  const Deck& deck_;
  const CardDb& db_;
  bool sixty_cards_;
  std::vector<DeckProblem> problems_;
};

void write_section(std::string& out, std::string_view header, const std::vector<DefIndex>& cards,
                   const CardDb& db) {
  auto counts = tally(cards);
  std::sort(counts.begin(), counts.end(), [&db](const auto& a, const auto& b) {
    const CardDef& x = db.def(a.first);
    const CardDef& y = db.def(b.first);
    if (x.type() != y.type()) return x.type() < y.type();
    const std::string lx = core::lower(x.title());
    const std::string ly = core::lower(y.title());
    if (lx != ly) return lx < ly;
    return a.first < b.first;
  });
  if (!out.empty()) out += '\n';
  out += header;
  out += ":\n";
  for (const auto& [i, copies] : counts) {
    // A line holds at most kMaxCount copies, so that every list exported imports again.
    for (int left = static_cast<int>(copies); left > 0; left -= kMaxCount) {
      out += std::to_string(std::min(left, kMaxCount));
      out += '\t';
      out += db.def(i).title();
      out += '\n';
    }
  }
}

}  // namespace

bool is_seed_card(const CardDef& def) {
  switch (def.card.seed_rule()) {
    case v1::STCCG_SEED_RULE_SEEDS:
    case v1::STCCG_SEED_RULE_SEEDS_OR_PLAYS:
    case v1::STCCG_SEED_RULE_SEEDS_LIKE_DILEMMA:
      return true;
    default:
      return false;
  }
}

DeckImport import_deck_text(std::string_view text, const CardDb& db, std::string deck_name) {
  DeckImport result;
  result.deck.name = std::move(deck_name);
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte-order mark
  std::vector<DefIndex> seed_listed;                            // no seed cards, listed among them
  std::optional<Section> section = Section::kGame;              // cards before any header
  int number = 0;
  auto fail = [&](std::string_view code, std::string message) {
    result.errors.push_back({number, code, "line " + std::to_string(number) + ": " + message, {}});
  };
  while (!text.empty()) {
    const std::size_t newline = text.find('\n');
    const std::string_view line = trim(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    ++number;
    if (line.empty() || line.starts_with('#') || line.starts_with("//")) continue;
    std::optional<CardLine> card_line = parse_card_line(line);
    if (!card_line) {
      if (!line.ends_with(':')) {
        fail("UNREADABLE_LINE", "expected 'COUNT TITLE' or a section header ending in ':', got '" +
                                    std::string(line) + "'");
        continue;
      }
      section = section_of(line.substr(0, line.size() - 1));
      if (!section) {
        fail("UNKNOWN_SECTION",
             "unknown section '" + std::string(line) +
                 "'; expected Missions:, Seed:, Draw:, Deck:, Q-Continuum:, Q's Tent: or "
                 "Battle Bridge:");
      }
      continue;
    }
    if (!card_line->error.empty()) {
      fail("UNREADABLE_LINE", card_line->error);
      continue;
    }
    const std::optional<DefIndex> card = find_card(db, card_line->title);
    if (!card) {
      const auto near = nearest_title(db, plain_title(card_line->title));
      fail("UNKNOWN_CARD", "unknown card '" + std::string(card_line->title) + "'" +
                               (near ? "; did you mean '" + *near + "'?" : ""));
      if (near) result.errors.back().suggestion = *near;
      continue;
    }
    if (!section) continue;  // under an unknown header, already reported
    std::vector<DefIndex>* zone = &result.deck.cards;
    DeckZone listed_in = DeckZone::kGameDeck;
    if (*section == Section::kQContinuum) {
      zone = &result.deck.q_continuum;
      listed_in = DeckZone::kQContinuum;
    } else if (*section == Section::kQTent) {
      zone = &result.deck.q_tent;
      listed_in = DeckZone::kQTent;
    } else if (*section == Section::kBattleBridge) {
      zone = &result.deck.battle_bridge;
      listed_in = DeckZone::kBattleBridge;
    }
    const auto copies = static_cast<std::size_t>(card_line->count);
    zone->insert(zone->end(), copies, *card);
    result.listed.push_back({*card, listed_in, number});
    if (*section == Section::kDraw && is_seed_card(db.def(*card)))
      result.deck.stocked.insert(result.deck.stocked.end(), copies, *card);
    if (*section == Section::kSeed && !is_seed_card(db.def(*card)))
      seed_listed.insert(seed_listed.end(), copies, *card);
  }
  // A card no seed card, listed among the seed cards, is seeded when a seed card of the deck
  // holds it (Cryosatellite); otherwise it is drawn, as before.
  for (DefIndex i : seed_listed) {
    const auto already = std::count(result.deck.seeded.begin(), result.deck.seeded.end(), i);
    if (already < seed_room(result.deck.cards, db, db.def(i))) result.deck.seeded.push_back(i);
  }
  return result;
}

std::string export_deck_text(const Deck& deck, const CardDb& db) {
  std::vector<DefIndex> missions;
  std::vector<DefIndex> seeds;
  std::vector<DefIndex> draw = deck.stocked;
  std::vector<DefIndex> stocked = deck.stocked;  // each stocked copy is written once, under Draw
  std::vector<DefIndex> seeded = deck.seeded;    // each seeded copy once, under Seed
  for (DefIndex i : deck.cards) {
    const CardDef& def = db.def(i);
    if (const auto s = std::find(stocked.begin(), stocked.end(), i); s != stocked.end()) {
      stocked.erase(s);
    } else if (def.type() == v1::STCCG_CARD_TYPE_MISSION) {
      missions.push_back(i);
    } else if (is_seed_card(def) || std::find(seeded.begin(), seeded.end(), i) != seeded.end()) {
      if (!is_seed_card(def)) seeded.erase(std::find(seeded.begin(), seeded.end(), i));
      seeds.push_back(i);
    } else {
      draw.push_back(i);
    }
  }
  std::string out;
  write_section(out, "Missions", missions, db);
  write_section(out, "Seed", seeds, db);
  write_section(out, "Draw", draw, db);
  const std::pair<Section, const std::vector<DefIndex>*> sides[] = {
      {Section::kQContinuum, &deck.q_continuum},
      {Section::kQTent, &deck.q_tent},
      {Section::kBattleBridge, &deck.battle_bridge}};
  for (const auto& [section, cards] : sides) {
    if (!cards->empty()) write_section(out, side_deck_name(section), *cards, db);
  }
  return out;
}

std::string_view name(DeckProblemCode code) {
  switch (code) {
    case DeckProblemCode::kDeckSize:
      return "DECK_SIZE";
    case DeckProblemCode::kTooManySeedCards:
      return "TOO_MANY_SEED_CARDS";
    case DeckProblemCode::kMissionCount:
      return "MISSION_COUNT";
    case DeckProblemCode::kDuplicateMission:
      return "DUPLICATE_MISSION";
    case DeckProblemCode::kMissingOutpost:
      return "MISSING_OUTPOST";
    case DeckProblemCode::kTestCard:
      return "TEST_CARD";
    case DeckProblemCode::kWrongSideDeck:
      return "WRONG_SIDE_DECK";
    case DeckProblemCode::kTentDuplicate:
      return "TENT_DUPLICATE";
    case DeckProblemCode::kTentTooBig:
      return "TENT_TOO_BIG";
    case DeckProblemCode::kSideDeckWithoutDoorway:
      return "SIDE_DECK_WITHOUT_DOORWAY";
    case DeckProblemCode::kTooManyCopies:
      return "TOO_MANY_COPIES";
  }
  return "UNKNOWN";
}

std::vector<DeckProblem> validate_deck(const Deck& deck, const CardDb& db, bool sixty_cards) {
  return Validator(deck, db, sixty_cards).run();
}

std::vector<DeckListProblem> check_deck_list(std::string_view text, const CardDb& db,
                                             bool sixty_cards) {
  DeckImport imported = import_deck_text(text, db);
  std::vector<DeckListProblem> out;
  for (DeckTextError& error : imported.errors)
    out.push_back({error.code, std::move(error.message), error.line, std::move(error.suggestion)});
  for (DeckProblem& problem : validate_deck(imported.deck, db, sixty_cards)) {
    int line = 0;
    if (problem.card) {
      const auto listed = std::find_if(
          imported.listed.begin(), imported.listed.end(),
          [&](const ListedCard& c) { return c.card == *problem.card && c.zone == problem.zone; });
      if (listed != imported.listed.end()) line = listed->line;
    }
    // Like an unreadable line's, the message says where it comes from.
    if (line > 0) problem.message = "line " + std::to_string(line) + ": " + problem.message;
    out.push_back({name(problem.code), std::move(problem.message), line, {}});
  }
  return out;
}

std::optional<std::string> nearest_title(const CardDb& db, std::string_view typed) {
  // A misspelling is a few letters off: one in four of the title, at least one, at most three.
  const std::size_t limit = std::clamp<std::size_t>(typed.size() / 4, 1, 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const CardDef& def : db.defs()) {
    if (def.card.test_only()) continue;
    const std::size_t distance = edit_distance(typed, def.title(), best_distance - 1);
    if (distance < best_distance) {
      best_distance = distance;
      best = def.title();
    }
  }
  return best;
}

const std::vector<Deck>& sample_decks() {
  static const std::vector<Deck> decks = [] {
    const std::pair<const char*, std::string_view> files[] = {
        {"federation", embedded::stccg_deck_federation},
        {"klingon", embedded::stccg_deck_klingon},
        {"romulan", embedded::stccg_deck_romulan},
        {"klingon-bog", embedded::stccg_deck_klingon_bog},
        {"federation-qc-bog", embedded::stccg_deck_federation_qc_bog},
        {"romulan-bog", embedded::stccg_deck_romulan_bog},
        {"non-aligned", embedded::stccg_deck_non_aligned},
        {"federation-au", embedded::stccg_deck_federation_au},
        {"klingon-au", embedded::stccg_deck_klingon_au},
        {"romulan-au", embedded::stccg_deck_romulan_au}};
    std::vector<Deck> out;
    for (const auto& [deck_name, text] : files) {
      DeckImport imported = import_deck_text(text, CardDb::standard(), deck_name);
      // The files are part of the build; a bad one is a programming error caught by the tests.
      if (!imported.ok()) {
        throw std::logic_error(std::string("sample deck ") + deck_name + ": " +
                               imported.errors.front().message);
      }
      out.push_back(std::move(imported.deck));
    }
    return out;
  }();
  return decks;
}

std::optional<Deck> sample_deck(std::string_view deck_name) {
  for (const Deck& deck : sample_decks()) {
    if (deck.name == deck_name) return deck;
  }
  return std::nullopt;
}

}  // namespace spacedock::stccg
