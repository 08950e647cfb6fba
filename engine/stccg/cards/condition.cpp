#include "engine/stccg/cards/condition.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "engine/core/text.h"
#include "spacedock/v1/stccg_cards.pb.h"

namespace spacedock::stccg {

namespace {

using Op = Formula::Op;

// ---------------------------------------------------------------------------------------------
// The compiled form.
//
// A formula compiles to one vector of 8-byte ops in postfix order: atoms push a truth value,
// kAnd/kOr pop `arg` values and push one. The value stack is the bits of one integer, so
// evaluation touches no memory but the ops and the facts. The one exception to postfix is
// kCount: it comes before its filter's ops (`arg` of them), evaluates them once per member and
// skips over them.

enum OpCode : std::uint8_t {
  kSkill,    // arg skill; true if the skill's halves reach `value`
  kClass,    // arg Classification; true if `value` members have it in the classification box
  kAttr,     // arg Attribute; the members' total `compare` `value`
  kVessel,   // arg Attribute; the ship's or facility's value `compare` `value`; false without one
  kPersona,  // arg persona id; true if a member is that persona
  kTrait,    // arg Trait; true if a member has it
  kCount,    // arg span of the filter; the number of members it holds for `compare` `value`
  kAffiliation,  // arg Affiliation; true if a member has it
  kTag,          // arg tag id (a species or keyword); true if a member carries it
  kIcon,         // arg v1::StccgIcon; true if a member bears it
  kEquipment,    // arg tag id (a title or keyword); true if equipment with the group carries it
  kAnd,          // arg arity
  kOr,           // arg arity
};

enum Compare : std::uint8_t { kGreater, kLess, kGreaterEqual, kLessEqual, kEqual };

enum Trait : std::uint8_t {
  kFemale,
  kMale,
  kAndroid,
  kHologram,
  kExocomp,
  kHea,
  kUnique,
  kDisabled
};

// The value stack is the bits of one integer, so kMaxStack values at most; formulas printed on
// cards need four or five.
using Stack = std::uint64_t;
constexpr int kMaxStack = 32;

static_assert(sizeof(Op) == 8);

bool compare(Compare c, int lhs, int rhs) {
  switch (c) {
    case kGreater:
      return lhs > rhs;
    case kLess:
      return lhs < rhs;
    case kGreaterEqual:
      return lhs >= rhs;
    case kLessEqual:
      return lhs <= rhs;
    case kEqual:
      return lhs == rhs;
  }
  return false;
}

bool has_trait(const MemberFacts& m, Trait t) {
  switch (t) {
    case kFemale:
      return m.gender == Gender::kFemale;
    case kMale:
      return m.gender == Gender::kMale;
    case kAndroid:
      return m.kind == PersonnelKind::kAndroid;
    case kHologram:
      return m.kind == PersonnelKind::kHologram;
    case kExocomp:
      return m.kind == PersonnelKind::kExocomp;
    case kHea:
      return m.kind != PersonnelKind::kNormal;
    case kUnique:
      return m.unique;
    case kDisabled:
      return m.disabled;
  }
  return false;
}

int attribute_of(const MemberFacts& m, Attribute a) {
  switch (a) {
    case Attribute::kIntegrity:
      return m.integrity;
    case Attribute::kCunning:
      return m.cunning;
    case Attribute::kStrength:
      return m.strength;
    default:
      return 0;
  }
}

// The personnel a formula is evaluated for, and the ship or facility they are on (null for a
// filter, which is a group of one with no vessel).
struct Members {
  const MemberFacts* first = nullptr;
  std::size_t count = 0;
  const GroupFacts* vessel = nullptr;

  const MemberFacts* begin() const { return first; }
  const MemberFacts* end() const { return first + count; }
};

bool eval(const Op* op, const Op* end, const Members& members);

// A member counting against its group's totals takes away what it has (`against`).
int signed_total(const MemberFacts& m, int value) {
  return m.against ? -value : value;
}

bool skill_reaches(const Members& members, SkillId skill, int halves) {
  // What the group's cards add besides its members (GroupFacts::extra_skills).
  int total = members.vessel ? members.vessel->extra_skills[skill] : 0;
  bool any_against = false;
  for (const auto& m : members) {
    total += signed_total(m, m.skills[skill]);
    any_against = any_against || m.against;
    if (total >= halves && !any_against) return true;  // nothing may take it away
  }
  return total >= halves;
}

bool vessel_test(const Op& op, const GroupFacts* vessel) {
  if (vessel == nullptr || !vessel->has_vessel) return false;
  switch (static_cast<Attribute>(op.arg)) {
    case Attribute::kShields:
      return compare(static_cast<Compare>(op.compare), vessel->shields, op.value);
    case Attribute::kWeapons:
      return compare(static_cast<Compare>(op.compare), vessel->weapons, op.value);
    case Attribute::kRange:
      return compare(static_cast<Compare>(op.compare), vessel->range, op.value);
    default:
      return false;
  }
}

// The value of one atom, or of a count over its filter (the ops after it).
bool atom(const Op& op, const Members& members) {
  int n = 0;
  switch (op.code) {
    case kSkill:
      return skill_reaches(members, static_cast<SkillId>(op.arg), op.value);
    case kClass:
      for (const auto& m : members)
        n += signed_total(m, static_cast<int>(m.classification) == op.arg);
      return n >= op.value;
    case kAttr:
      if (members.vessel) n = members.vessel->extra_attributes[op.arg];
      for (const auto& m : members)
        n += signed_total(m, attribute_of(m, static_cast<Attribute>(op.arg)));
      return compare(static_cast<Compare>(op.compare), n, op.value);
    case kVessel:
      return vessel_test(op, members.vessel);
    case kPersona:
      for (const auto& m : members)
        if (m.persona == op.arg) return true;
      return false;
    case kTrait:
      for (const auto& m : members)
        if (has_trait(m, static_cast<Trait>(op.arg))) return true;
      return false;
    case kAffiliation:
      for (const auto& m : members)
        if (m.affiliations & bit(static_cast<Affiliation>(op.arg))) return true;
      return false;
    case kIcon:
      for (const auto& m : members)
        if (m.icons & (1u << op.arg)) return true;
      return false;
    case kTag:
      for (const auto& m : members)
        if (m.tags && std::binary_search(m.tags->begin(), m.tags->end(), op.arg)) return true;
      return false;
    case kEquipment:
      // A filter has no group, so no equipment: false there, like a ship attribute.
      return members.vessel != nullptr &&
             std::binary_search(members.vessel->equipment.begin(), members.vessel->equipment.end(),
                                op.arg);
    case kCount:
      for (const auto& m : members)
        n += eval(&op + 1, &op + 1 + op.arg, Members{&m, 1, nullptr});
      return compare(static_cast<Compare>(op.compare), n, op.value);
  }
  return false;
}

// Runs ops [op, end) and returns the one value left on the stack.
bool eval(const Op* op, const Op* end, const Members& members) {
  Stack stack = 0;  // bit 0 is the top
  for (; op != end; ++op) {
    bool value = false;
    if (op->code == kAnd || op->code == kOr) {
      const Stack mask = (Stack{1} << op->arg) - 1;
      value = op->code == kAnd ? (stack & mask) == mask : (stack & mask) != 0;
      stack >>= op->arg;
    } else {
      value = atom(*op, members);
      if (op->code == kCount) op += op->arg;  // the filter has run
    }
    stack = (stack << 1) | Stack{value};
  }
  return (stack & 1) != 0;
}

// ---------------------------------------------------------------------------------------------
// The parser: recursive descent over the grammar of CONDITIONS.md, emitting ops as it goes.

constexpr int kMaxNumber = 9999;
// Long chains of "+" or "OR" are combined in parts of this many, since AND and OR are
// associative: only nesting, not length, can then fill the value stack.
constexpr int kMaxArity = kMaxStack / 2;

struct Keyword {
  std::string_view word;
  std::uint16_t arg;
};

constexpr Keyword kAttributes[] = {
    {"INTEGRITY", static_cast<std::uint16_t>(Attribute::kIntegrity)},
    {"CUNNING", static_cast<std::uint16_t>(Attribute::kCunning)},
    {"STRENGTH", static_cast<std::uint16_t>(Attribute::kStrength)},
    {"SHIELDS", static_cast<std::uint16_t>(Attribute::kShields)},
    {"WEAPONS", static_cast<std::uint16_t>(Attribute::kWeapons)},
    {"RANGE", static_cast<std::uint16_t>(Attribute::kRange)},
};

// Matched without regard to case: mission requirements print them capitalised ("Female + Male").
constexpr Keyword kAffiliations[] = {
    {"Federation", static_cast<std::uint16_t>(Affiliation::kFederation)},
    {"Klingon", static_cast<std::uint16_t>(Affiliation::kKlingon)},
    {"Romulan", static_cast<std::uint16_t>(Affiliation::kRomulan)},
    {"Cardassian", static_cast<std::uint16_t>(Affiliation::kCardassian)},
    {"Ferengi", static_cast<std::uint16_t>(Affiliation::kFerengi)},
    {"Borg", static_cast<std::uint16_t>(Affiliation::kBorg)},
    {"Bajoran", static_cast<std::uint16_t>(Affiliation::kBajoran)},
    {"Dominion", static_cast<std::uint16_t>(Affiliation::kDominion)},
    {"Non-Aligned", static_cast<std::uint16_t>(Affiliation::kNonAligned)},
    {"Neutral", static_cast<std::uint16_t>(Affiliation::kNeutral)},
};

// The icons a personnel may bear, as the condition language names them (without regard to case).
constexpr Keyword kIcons[] = {
    {"Command", v1::STCCG_ICON_COMMAND},
    {"Staff", v1::STCCG_ICON_STAFF},
    {"AU", v1::STCCG_ICON_AU},
    {"TOS", v1::STCCG_ICON_TOS},
    {"Gamma Quadrant", v1::STCCG_ICON_GAMMA_QUADRANT},
    {"Delta Quadrant", v1::STCCG_ICON_DELTA_QUADRANT},
    {"Hologram", v1::STCCG_ICON_HOLOGRAM},
    {"Ketracel-White", v1::STCCG_ICON_KETRACEL_WHITE},
    {"Maquis", v1::STCCG_ICON_MAQUIS},
    {"Oath-sworn", v1::STCCG_ICON_BLOOD_OATH_SWORN},
    {"Oath-target", v1::STCCG_ICON_BLOOD_OATH_TARGET},
};

constexpr Keyword kTraits[] = {
    {"female", kFemale},   {"male", kMale}, {"android", kAndroid}, {"hologram", kHologram},
    {"exocomp", kExocomp}, {"hea", kHea},   {"unique", kUnique},   {"disabled", kDisabled},
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
// Characters that end a name: the language's own punctuation.
bool is_punct(char c) {
  return c == '+' || c == '(' || c == ')' || c == '{' || c == '}' || c == '<' || c == '>' ||
         c == '=';
}

class Parser {
 public:
  Parser(std::string_view text, const FormulaNames& names) : text_(text), names_(names) {}

  std::vector<Op> parse() {
    skip_space();
    if (at_end()) return {};  // an empty formula is true
    parse_or();
    skip_space();
    if (!at_end()) fail(pos_, "expected '+', 'OR' or the end of the formula");
    return std::move(ops_);
  }

 private:
  // or := and ( "OR" and )*
  void parse_or() {
    int arity = 1;
    parse_and();
    while (accept_or()) {
      if (arity == kMaxArity) arity = emit_combine(kOr, arity);
      parse_and();
      ++arity;
    }
    if (arity > 1) emit_combine(kOr, arity);
  }

  // and := term ( "+" term )*
  void parse_and() {
    int arity = 1;
    parse_term();
    while (accept('+')) {
      if (arity == kMaxArity) arity = emit_combine(kAnd, arity);
      parse_term();
      ++arity;
    }
    if (arity > 1) emit_combine(kAnd, arity);
  }

  // term := "(" formula ")" | atom
  void parse_term() {
    skip_space();
    if (accept('(')) {
      parse_nested();
    } else {
      parse_atom();
    }
  }

  // The inside of parentheses, up to and including the ')'.
  void parse_nested() {
    const std::size_t open = pos_ - 1;
    parse_or();
    skip_space();
    if (at_end()) fail(pos_, "expected ')' to match the '(' of column " + column_of(open));
    if (!accept(')')) fail(pos_, "expected '+', 'OR' or ')'");
  }

  void parse_atom() {
    if (at_end() || (is_punct(peek()) && peek() != '{') || is_or_at(pos_))
      fail(pos_, "expected a skill, personnel, attribute test, class:, count(, any( or '('");
    if (accept('{')) return parse_braced_title();
    if (accept_call("count")) return parse_count();
    if (accept_call("any")) return parse_any();
    if (accept_class()) return parse_class();
    if (accept_prefix("affiliation")) return parse_affiliation();
    if (accept_prefix("icon")) return parse_icon();
    for (const std::string_view kind : {"species", "keyword"})
      if (accept_prefix(kind)) return parse_tag(kind);
    if (accept_prefix("equipment")) return parse_equipment();
    for (const auto& attribute : kAttributes)
      if (accept_word(attribute.word)) return parse_attribute(attribute);
    parse_name();
  }

  // name := "{" TITLE "}"
  void parse_braced_title() {
    const std::size_t close = text_.find('}', pos_);
    if (close == std::string_view::npos) fail(text_.size(), "expected '}' after the title");
    const std::size_t start = skip_space_from(pos_);
    const std::string_view title = trim_right(text_.substr(start, close - start));
    if (title.empty()) fail(start, "expected a personnel title between '{' and '}'");
    const auto persona = find_persona(title);
    if (!persona) fail(start, "unknown personnel '" + std::string(title) + "'");
    emit_atom(Op{kPersona, 0, *persona, 0});
    pos_ = close + 1;
  }

  // count := "count(" formula ")" OP N
  void parse_count() {
    const std::size_t at = ops_.size();
    emit_atom(Op{kCount, 0, 0, 0});
    parse_filter();
    ops_[at].arg = span_since(at);
    ops_[at].compare = parse_compare("count(...)");
    ops_[at].value = parse_number();
  }

  // any := "any(" formula ")", which is count(formula)>=1.
  void parse_any() {
    const std::size_t at = ops_.size();
    emit_atom(Op{kCount, kGreaterEqual, 0, 1});
    parse_filter();
    ops_[at].arg = span_since(at);
  }

  // The filter of count( or any( and its ')'. It runs on a stack of its own, once per member.
  void parse_filter() {
    const int outer_depth = depth_;
    depth_ = 0;
    parse_nested();
    depth_ = outer_depth;
  }

  // class := "class:" CLASS [ "x" N ]
  void parse_class() {
    skip_space();
    const std::size_t start = pos_;
    const auto skill = match_skill();
    if (!skill || skill->first >= kClassificationCount - 1)
      fail(start,
           "expected a classification (OFFICER, ENGINEER, MEDICAL, SCIENCE, SECURITY, CIVILIAN, "
           "V.I.P. or ANIMAL) after 'class:'");
    pos_ += skill->second;
    const std::size_t multiplier = skip_space_from(pos_);
    const int halves = parse_multiplier();
    if (halves % 2 != 0) fail(multiplier, "expected a whole number of personnel after 'class:'");
    // A classification's skill is SkillId(c) - 1, so its Classification is the skill plus one.
    emit_atom(Op{kClass, 0, static_cast<std::uint16_t>(skill->first + 1), halves / 2});
  }

  // affiliation := "affiliation:" AFFILIATION
  void parse_affiliation() {
    skip_space();
    const std::string_view name = title_phrase();
    for (const auto& affiliation : kAffiliations) {
      if (core::iequals(name, affiliation.word)) {
        emit_atom(Op{kAffiliation, 0, affiliation.arg, 0});
        pos_ += name.size();
        return;
      }
    }
    fail(pos_, "unknown affiliation '" + std::string(name) + "'");
  }

  // icon := "icon:" ICON
  void parse_icon() {
    skip_space();
    const std::string_view name = title_phrase();
    for (const auto& icon : kIcons) {
      if (core::iequals(name, icon.word)) {
        emit_atom(Op{kIcon, 0, icon.arg, 0});
        pos_ += name.size();
        return;
      }
    }
    fail(pos_, "unknown icon '" + std::string(name) + "'");
  }

  // tag := ("species:" | "keyword:") NAME, as the cards' figures spell it
  void parse_tag(std::string_view kind) {
    skip_space();
    const std::string_view name = title_phrase();
    const auto tag =
        names_.tag ? names_.tag(std::string(kind) + ":" + std::string(name)) : std::nullopt;
    if (name.empty() || !tag)
      fail(pos_, "no card has the " + std::string(kind) + " '" + std::string(name) + "'");
    emit_atom(Op{kTag, 0, *tag, 0});
    pos_ += name.size();
  }

  // equipment := "equipment:" NAME, the title of an equipment card or artifact, or else a keyword
  // (case-sensitive: `Bat'leth` is the card, `bat'leth` the keyword any bat'leth carries)
  void parse_equipment() {
    skip_space();
    const std::string_view name = title_phrase();
    std::optional<std::uint16_t> tag;
    if (names_.tag) {
      tag = names_.tag("title:" + std::string(name));
      if (!tag) tag = names_.tag("keyword:" + std::string(name));
    }
    if (name.empty() || !tag)
      fail(pos_, "no equipment or artifact has the title or keyword '" + std::string(name) + "'");
    emit_atom(Op{kEquipment, 0, *tag, 0});
    pos_ += name.size();
  }

  // attribute := ATTR OP N, ship := SHIPATTR OP N
  void parse_attribute(const Keyword& attribute) {
    const auto a = static_cast<Attribute>(attribute.arg);
    const bool vessel =
        a == Attribute::kShields || a == Attribute::kWeapons || a == Attribute::kRange;
    const auto c = parse_compare("'" + std::string(attribute.word) + "'");
    emit_atom(Op{vessel ? kVessel : kAttr, c, attribute.arg, parse_number()});
  }

  // A skill (with its multiplier), a trait or a bare personnel title: the longest name wins,
  // then skills before traits before titles.
  void parse_name() {
    const std::size_t start = pos_;
    const auto skill = match_skill();
    const auto trait = match_trait();
    const std::string_view phrase = title_phrase();
    const std::size_t skill_length = skill ? skill->second : 0;
    const std::size_t trait_length = trait ? trait->word.size() : 0;
    const auto persona =
        phrase.size() > std::max(skill_length, trait_length) ? find_persona(phrase) : std::nullopt;
    if (persona) {
      emit_atom(Op{kPersona, 0, *persona, 0});
      pos_ += phrase.size();
    } else if (skill && skill_length >= trait_length) {
      pos_ += skill_length;
      emit_atom(Op{kSkill, 0, skill->first, parse_multiplier()});
    } else if (trait) {
      emit_atom(Op{kTrait, 0, trait->arg, 0});
      pos_ += trait_length;
    } else {
      fail(start, "unknown skill or personnel '" + std::string(phrase) + "'");
    }
  }

  // [ "x" N ] after a skill, in halves: none is 2, "x3" is 6, "x1/2" is 1.
  int parse_multiplier() {
    const std::size_t x = skip_space_from(pos_);
    if (x >= text_.size() || text_[x] != 'x') return 2;
    pos_ = x + 1;
    skip_space();
    const std::size_t start = pos_;
    const int units = parse_number();
    if (accept('/')) {
      if (units != 1 || parse_number() != 2) fail(start, "expected x1/2, the only fraction");
      return 1;
    }
    if (units < 1) fail(start, "expected a multiplier of at least 1");
    return 2 * units;
  }

  Compare parse_compare(const std::string& after) {
    skip_space();
    if (accept(">=")) return kGreaterEqual;
    if (accept("<=")) return kLessEqual;
    if (accept(">")) return kGreater;
    if (accept("<")) return kLess;
    if (accept("=")) return kEqual;
    fail(pos_, "expected a comparison (>, <, >=, <= or =) after " + after);
  }

  int parse_number() {
    skip_space();
    if (at_end() || !is_digit(peek())) fail(pos_, "expected a number");
    const std::size_t start = pos_;
    int n = 0;
    while (!at_end() && is_digit(peek())) {
      n = 10 * n + (peek() - '0');
      if (n > kMaxNumber) fail(start, "expected a number up to " + std::to_string(kMaxNumber));
      ++pos_;
    }
    return n;
  }

  // --- Names ----------------------------------------------------------------------------------

  // The longest skill name at pos_ that ends where a word ends: (skill, length in bytes).
  std::optional<std::pair<SkillId, std::size_t>> match_skill() const {
    std::optional<std::pair<SkillId, std::size_t>> best;
    const auto consider = [&](std::string_view name, SkillId id) {
      if (name.size() <= (best ? best->second : 0) || !rest().starts_with(name)) return;
      if (ends_word(pos_ + name.size())) best = {id, name.size()};
    };
    for (std::size_t i = 0; i < names_.skills->size(); ++i) {
      const auto id = static_cast<SkillId>(i);
      consider(names_.skills->name(id), id);
    }
    consider("VIP", SkillTable::of(Classification::kVip));
    return best;
  }

  const Keyword* match_trait() const {
    for (const auto& trait : kTraits) {
      const std::string_view word = rest().substr(0, trait.word.size());
      if (core::iequals(word, trait.word) && ends_word(pos_ + word.size())) return &trait;
    }
    return nullptr;
  }

  // The text a bare title could be: up to the language's punctuation or an " OR ".
  std::string_view title_phrase() const {
    std::size_t end = pos_;
    while (end < text_.size() && !is_punct(text_[end]) &&
           !(is_space(text_[end]) && is_or_at(skip_space_from(end))))
      ++end;
    return trim_right(text_.substr(pos_, end - pos_));
  }

  std::optional<std::uint16_t> find_persona(std::string_view title) const {
    if (!names_.persona) return std::nullopt;
    return names_.persona(title);
  }

  // --- Tokens ---------------------------------------------------------------------------------

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  std::string_view rest() const { return text_.substr(pos_); }

  void skip_space() { pos_ = skip_space_from(pos_); }
  std::size_t skip_space_from(std::size_t i) const {
    while (i < text_.size() && is_space(text_[i]))
      ++i;
    return i;
  }
  static std::string_view trim_right(std::string_view s) {
    while (!s.empty() && is_space(s.back()))
      s.remove_suffix(1);
    return s;
  }

  // A word ends at the end of the text, at a space or at the language's punctuation.
  bool ends_word(std::size_t i) const {
    return i >= text_.size() || is_space(text_[i]) || is_punct(text_[i]);
  }

  bool is_or_at(std::size_t i) const {
    return text_.substr(i).starts_with("OR") && ends_word(i + 2);
  }

  // Skips space, then consumes `token` if it is next.
  bool accept(std::string_view token) {
    skip_space();
    if (!rest().starts_with(token)) return false;
    pos_ += token.size();
    return true;
  }
  bool accept(char c) { return accept(std::string_view(&c, 1)); }

  bool accept_or() {
    skip_space();
    if (!is_or_at(pos_)) return false;
    pos_ += 2;
    return true;
  }

  // A keyword that must be a whole word: INTEGRITY but not INTEGRITYX.
  bool accept_word(std::string_view word) {
    if (!rest().starts_with(word) || !ends_word(pos_ + word.size())) return false;
    pos_ += word.size();
    return true;
  }

  // `name` then "(", with space allowed between: count( and any(.
  bool accept_call(std::string_view name) {
    if (!rest().starts_with(name)) return false;
    const std::size_t paren = skip_space_from(pos_ + name.size());
    if (paren >= text_.size() || text_[paren] != '(') return false;
    pos_ = paren + 1;
    return true;
  }

  // `word` then ":", with space allowed between: affiliation:, icon:, species:, keyword:.
  bool accept_prefix(std::string_view word) {
    if (!rest().starts_with(word)) return false;
    const std::size_t colon = skip_space_from(pos_ + word.size());
    if (colon >= text_.size() || text_[colon] != ':') return false;
    pos_ = colon + 1;
    return true;
  }

  bool accept_class() {
    if (!rest().starts_with("class")) return false;
    const std::size_t colon = skip_space_from(pos_ + 5);
    if (colon >= text_.size() || text_[colon] != ':') return false;
    pos_ = colon + 1;
    return true;
  }

  // --- Output ---------------------------------------------------------------------------------

  void emit_atom(Op op) {
    ops_.push_back(op);
    if (++depth_ > kMaxStack)
      fail(pos_, "formula too large: more than " + std::to_string(kMaxStack) + " terms pending");
  }

  // Combines the last `arity` values into one; returns 1, the values now pending.
  int emit_combine(OpCode code, int arity) {
    ops_.push_back(Op{code, 0, static_cast<std::uint16_t>(arity), 0});
    depth_ -= arity - 1;
    return 1;
  }

  // The number of ops after `at`, checked to fit an Op's arg.
  std::uint16_t span_since(std::size_t at) const {
    const std::size_t span = ops_.size() - at - 1;
    if (span > 0xffff) fail(pos_, "formula too large");
    return static_cast<std::uint16_t>(span);
  }

  // --- Errors ---------------------------------------------------------------------------------

  // 1-based, counting characters (UTF-8 sequences) rather than bytes.
  std::string column_of(std::size_t byte) const {
    int column = 1;
    for (std::size_t i = 0; i < byte && i < text_.size(); ++i)
      column += (static_cast<unsigned char>(text_[i]) & 0xc0) != 0x80;
    return std::to_string(column);
  }

  [[noreturn]] void fail(std::size_t byte, const std::string& problem) const {
    throw FormulaError(problem + " at column " + column_of(byte) + " in \"" + std::string(text_) +
                       "\"");
  }

  std::string_view text_;
  const FormulaNames& names_;
  std::size_t pos_ = 0;
  int depth_ = 0;  // values on the stack when the ops so far have run
  std::vector<Op> ops_;
};

}  // namespace

Formula parse_formula(std::string_view text, const FormulaNames& names) {
  if (names.skills == nullptr) throw std::invalid_argument("parse_formula needs a skill table");
  Formula formula;
  formula.text_ = std::string(text);
  formula.ops_ = Parser(text, names).parse();
  formula.ops_.shrink_to_fit();
  return formula;
}

bool Formula::holds_for_group(const GroupFacts& group) const {
  if (ops_.empty()) return true;
  const Members members{group.members.data(), group.members.size(), &group};
  return eval(ops_.data(), ops_.data() + ops_.size(), members);
}

bool Formula::holds_for_member(const MemberFacts& member) const {
  if (ops_.empty()) return true;
  return eval(ops_.data(), ops_.data() + ops_.size(), Members{&member, 1, nullptr});
}

}  // namespace spacedock::stccg
