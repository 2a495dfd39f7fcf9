// Exhaustive depth-first solver: finds a winning line, proves there is none (every reachable
// position visited), or gives up at its limits. Positions are remembered by a 128-bit key
// that ignores the order of interchangeable piles.
#pragma once
#include <cstdint>
#include <vector>

#include "search.hpp"
#include "state.hpp"

namespace sol {

enum class Verdict { Solved, Unsolvable, Unknown };

struct SolveLimits {
  std::uint64_t max_positions = 10'000'000;  // distinct positions expanded
};

struct SolveResult {
  Verdict verdict = Verdict::Unknown;
  std::vector<Move> line;        // the winning moves, from the start, when solved
  std::uint64_t positions = 0;   // distinct positions expanded
  std::uint64_t moves_tried = 0;
};

SolveResult solve(const State& start, const SolveLimits& limits, const StopPoll& stop);

}  // namespace sol
