// libFuzzer target: LackeyCCG deck lists as a player might paste them. Whatever the text, the
// importer answers with a deck or a list of line errors, and a deck it accepts validates and
// exports back to text that imports to the same cards.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/stccg/cards/deck.h"

using namespace spacedock::stccg;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const CardDb& db = CardDb::standard();
  const DeckImport imported = import_deck_text(text, db, "fuzz");
  if (!imported.ok()) return 0;
  validate_deck(imported.deck, db);
  const DeckImport again = import_deck_text(export_deck_text(imported.deck, db), db, "fuzz");
  if (!again.ok() || again.deck.cards.size() != imported.deck.cards.size()) std::abort();
  return 0;
}
