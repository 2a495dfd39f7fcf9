// Beam search over the stock's deals, for games whose waste is never dealt again (Aces and
// Kings): the positions with the same number of cards left in the stock form a level, each
// level is searched best-first (State::heuristic) for `width` x 16 positions, and the best
// `width` positions it reaches with fewer cards in the stock seed the levels below. Positions
// are compared only with others as far through the stock, which a beam one move per layer
// (beam.hpp) cannot do: there a position that played a card and one that dealt compete.
// Like that beam it starts again twice as wide when a try runs dry, and proves nothing.
#pragma once
#include <memory>

#include "position_set.hpp"
#include "search_task.hpp"

namespace sol {

// `lost`: positions proved lost by other searches, never kept. The start must have a stock.
std::unique_ptr<SearchTask> make_stock_beam(const State& start, MemoryBudget& budget, const PositionSet& lost);

}  // namespace sol
