// Bots for two-player games: each picks the move of the player to move, seeing only what
// that player may see (the order of a stock not yet turned over is hidden; random and
// greedy never look at it).
#pragma once
#include <cstdint>

#include "state.hpp"

namespace sol {

// Any legal move, uniformly, from `seed`.
Move random_bot_move(const State& s, std::uint64_t seed);

// The greedy bot's view of a position for `player` (higher is better): 100 per own card on
// the foundations, -3 per own card lying on top of one the foundations want now (in
// tableau and waste), +5 per own empty tableau pile.
int greedy_evaluation(const State& s, int player);

// The legal move whose result evaluates best for the mover; a move that ends the turn
// when no other move improves the evaluation (ties: the first listed).
Move greedy_bot_move(const State& s);

}  // namespace sol
