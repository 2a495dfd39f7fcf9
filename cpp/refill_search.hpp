// Wins through a stricter game, for games whose empty tableau piles take any card and whose
// stock deals one card onto the waste (Aces and Kings): the game in which a tableau pile a
// move empties is filled from the stock at once, while the stock lasts (PySolFC's rule for
// Aces and Kings). Each such refill is a deal and a move of the waste's new top card into
// the space here, so every line of that game is a line of this one: a win there is a win
// here, and running dry there proves nothing. Its space is far smaller (seeds/solver.md,
// "Wins through the game that refills from the stock").
#pragma once
#include <memory>

#include "position_set.hpp"
#include "search_task.hpp"

namespace sol {

// True where the refilling game exists and differs from this one.
bool refills_streamline(const Rules& R);

// The plain depth-first search of the refilling game from `start`'s position, with tables of
// its own. Once Won, line() is this game's plain moves from `start` (no macro moves, no
// pairing).
std::unique_ptr<SearchTask> make_refill_search(const State& start, MemoryBudget& budget);

}  // namespace sol
