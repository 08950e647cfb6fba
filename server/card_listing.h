#pragma once

#include <optional>
#include <string>

namespace spacedock::server {

// Prints the STCCG cards built into this binary, readably and from the card data alone: titles
// and figures, never printed game text. `search` keeps the cards CardDb::search finds. Returns
// the exit status: 1 when nothing matches.
int print_cards(std::optional<std::string> search);

}  // namespace spacedock::server
