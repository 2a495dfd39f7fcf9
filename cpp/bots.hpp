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

// Determinized Monte Carlo search: `playouts` times, deal the unseen stock cards in a
// random order (State::sample_unseen_stocks), play one of the mover's moves (chosen by
// UCB1 among them) and then the whole game out with a quick policy (cards home first,
// else a random move or the end of the turn, even odds). A won game scores 1, a draw 1/2,
// a lost one 0, shaded by the difference in cards home. Returns the move tried most.
Move search_bot_move(const State& s, std::uint64_t seed, int playouts);

}  // namespace sol
