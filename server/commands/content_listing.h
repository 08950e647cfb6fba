#pragma once

namespace spacedock::server {

// Prints the Incursions content (ships, hexes, hexpile presets) in a readable form.
int print_content();

}  // namespace spacedock::server
