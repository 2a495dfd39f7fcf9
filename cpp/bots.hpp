// Bots for two-player games: each picks the move of the player to move, seeing only what
// that player may see (the order of a stock not yet turned over is hidden; random and
// greedy never look at it).
#pragma once
#include <cstdint>
#include <vector>

#include "state.hpp"

namespace sol {

// Any legal move, uniformly, from `seed`.
Move random_bot_move(const State& s, std::uint64_t seed);

// The greedy bot's view of a position for `player` (higher is better): 100 per own card on
// the foundations, -3 per own card lying on top of one the foundations want now (in
// tableau and waste), +5 per own empty tableau pile, +2 per own tableau card lying on the
// card it builds on (a run grows: cards can then move on together).
int greedy_evaluation(const State& s, int player);

// The legal move whose result evaluates best for the mover; a move that ends the turn
// when no other move improves the evaluation (ties: the first listed).
Move greedy_bot_move(const State& s);

// The search bot's plan for the rest of its turn. Within a turn nothing hidden is dealt, so
// it first lists, by depth-first search, the positions it can reach before dealing, and keeps
// the best few by greedy_evaluation (and "end the turn now"). Then determinized Monte Carlo
// chooses among them: `playouts` times, deal the unseen stock cards in a random order
// (State::sample_unseen_stocks), follow one plan (chosen by UCB1), and play the whole game
// out with a quick policy (a card home first; else, three times in four, a card onto a pile
// it builds on; else the end of the turn or any move, even odds). A won game scores 1, a
// draw 1/2, a lost one 0, shaded by the difference in cards home. Returns the plan tried
// most, followed by the move that ends the turn where the rules allow it there.
std::vector<Move> search_bot_plan(const State& s, std::uint64_t seed, int playouts);

}  // namespace sol
