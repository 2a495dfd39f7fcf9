// Beam search: positions a layer (a move) at a time from the deal, keeping only the best-looking
// `width` of each layer (State::heuristic). It looks at every part of the game tree at each
// depth at once, so it is not led astray for long by one early choice, as a depth-first search
// is, nor held under one false peak, as a best-first one is. When a try runs dry it starts
// again twice as wide; it proves nothing, and gives up once a try has left nothing out or the
// memory runs out.
#pragma once
#include <memory>

#include "position_set.hpp"
#include "search_task.hpp"

namespace sol {

// `lost`: positions proved lost by other searches, never kept.
std::unique_ptr<SearchTask> make_beam(const State& start, MemoryBudget& budget, const PositionSet& lost);

}  // namespace sol
