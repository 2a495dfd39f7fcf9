// A proof of loss by a smaller game (seeds/solver.md, "A smaller game with ghosts"): keep a
// few cards, let every other card be a ghost that is always up, never in the way and always
// free to hold a card, and search that game to the end. Every line of the real game is a
// line of the smaller one, so where the smaller one cannot be won, neither can the real one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>

#include "search_task.hpp"

namespace sol {

class State;

struct GhostProof {
  std::uint64_t kept = 0;       // the faces kept; the rest were ghosts
  std::uint64_t positions = 0;  // the smaller games' positions, all tries together
};

// True when some smaller game proves `s` lost. Applies where pinned cards do
// (Rules::pins_prove_losses). Each try keeps the cards of one pile, then adds the ghosts a
// win of the smaller game leaned on, until it is lost, grows past max_kept cards or takes
// more than try_positions positions; budget bounds all tries together.
bool ghost_relaxation_loss(const State& s, GhostProof* proof, int max_kept = 30,
                           std::uint64_t try_positions = 5'000, std::uint64_t budget = 400'000);

// One smaller game, keeping the faces of `kept`: 1 lost, 0 won, -1 more than `cap` positions.
int smaller_game_lost(const State& s, std::uint64_t kept, std::uint64_t cap, std::uint64_t* positions);

// A 128-bit key of the smaller game that keeps the faces of `kept` in `s`: of everything it is
// played from (the kept cards' places, which of them are up or in the talon). Positions with
// equal keys give the same smaller game, so one answer serves both.
void smaller_game_key(const State& s, std::uint64_t kept, std::uint64_t& a, std::uint64_t& b);

// The same tries as one search of the solver's portfolio, taking turns with the others:
// Exhausted when a smaller game is lost (a proof of loss), GaveUp when every try has failed.
// Its positions are the smaller games'; on a proof, the faces kept go into *kept.
std::unique_ptr<SearchTask> make_ghost_search(const State& start, std::uint64_t* kept);

}  // namespace sol
