#pragma once

#include <optional>
#include <string>

namespace spacedock::server {

// Prints the STCCG cards built into this binary, readably and from the card data alone: titles
// and figures, never printed game text. `search` keeps the cards CardDb::search finds;
// `unsupported_only` the cards the engine does not play yet, each with the reason. Returns the
// exit status: 1 when a search matches nothing.
int print_cards(std::optional<std::string> search, bool unsupported_only);

}  // namespace spacedock::server
