// Long-running loops: perft, random playouts, move-generation throughput. Each polls
// `stop` now and then so a caller (Python's Ctrl-C) can interrupt it.
#pragma once
#include <cstdint>
#include <functional>

#include "state.hpp"

namespace sol {

// Returns true when the caller wants the loop abandoned; polled every few thousand nodes.
using StopPoll = std::function<bool()>;

struct Interrupted {};  // thrown out of a loop when the poll says stop

// Leaf count of the move tree to `depth` (distinct move sequences of exactly depth moves).
std::uint64_t perft(State& s, int depth, const StopPoll& stop);

struct PlayoutStats {
  std::uint64_t playouts = 0, steps = 0, wins = 0;
};
// `playouts` random games from `start`, each cut off after `max_steps` moves.
PlayoutStats random_playouts(const State& start, std::uint64_t playouts, int max_steps,
                             std::uint64_t seed, const StopPoll& stop);

// Generates the moves of `s` `times` times; returns the moves generated in all.
std::uint64_t generate_repeatedly(const State& s, std::uint64_t times, const StopPoll& stop);

}  // namespace sol
