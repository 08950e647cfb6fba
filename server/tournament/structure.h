#pragma once

#include <vector>

namespace spacedock::tournament {

// Swiss rounds for a field of `players` when the organiser leaves it to the server
// (tournaments.md §3): ceil(log2 N) up to 8 players, then the table of the big card games
// (5 up to 32, 6 up to 64, 7 up to 128, 8 up to 226, 9 up to 409, 10 beyond).
int default_swiss_rounds(int players);

// A single-elimination cut of `size` players (a power of two, at least 2): the seeds (1-based)
// in bracket order. Neighbours meet in the first round, winners of neighbouring tables in the
// next, and so on; seeds 1 and 2 can meet only in the final. For 8: 1 8 4 5 2 7 3 6.
std::vector<int> bracket_order(int size);

// How many rounds a cut of `size` players takes (log2 size).
int cut_rounds(int size);

}  // namespace spacedock::tournament
