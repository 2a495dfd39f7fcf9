// Best-first search: expands the most promising position seen so far (by State::heuristic),
// but one time in 16 one of a random score, so a win is found even where a depth-first
// search stays stuck below an early mistake, or a greedy one under a false peak. Expanding
// every reachable position proves a loss too.
#pragma once
#include <memory>

#include "position_set.hpp"
#include "search_task.hpp"

namespace sol {

// `lost`: positions proved lost by other searches, never expanded. `streamlined`: only the
// streamliner's moves (streamline.hpp); running dry proves nothing.
std::unique_ptr<SearchTask> make_best_first(const State& start, MemoryBudget& budget,
                                            const PositionSet& lost, bool streamlined);

}  // namespace sol
