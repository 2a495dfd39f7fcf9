// Winning lines worth reading: the depth-first search wanders (a card moved there and later
// back, a move that turned out not to matter), so its lines are long. This first takes any
// one-move shortcut from a position of the line to a later one, then deletes single moves,
// and pairs of a move and its later reverse, as long as what is left still wins.
#pragma once
#include <cstdint>
#include <vector>

#include "search.hpp"
#include "state.hpp"

namespace sol {

// `line` wins from `start`; returns a line no longer that also wins. Spends at most about
// `budget` moves of replaying, and ends early when `enough` says so (the result is simply
// less short then); `stop` throws Interrupted as in every long loop.
std::vector<Move> shorten(const State& start, std::vector<Move> line, std::uint64_t budget,
                          const StopPoll& enough, const StopPoll& stop);

}  // namespace sol
