// Proofs of loss through the game that deals one card at a time, for games whose stock deals
// several (Klondike with draw 3). Each deal of k cards is k deals of one, in the same order
// onto the same waste, and a turn of the waste is the same turn in both: every line of the
// game is a line of the single-deal game, so a position lost there is lost here. Its plain
// depth-first search proves many of draw 3's losses sooner than the game's own searches do
// (seeds/solver.md, "Losses proved dealing one card at a time").
#pragma once
#include <memory>

#include "ghost_checks.hpp"
#include "position_set.hpp"
#include "search_task.hpp"

namespace sol {

// True where the rules deal more than one card at a time onto a waste, in a one-player game.
bool deals_several(const Rules& R);

// The plain depth-first search of the single-deal game from `start`'s position, with a lost
// table of its own (that game's losses are not this one's to share). Exhausted proves
// `start` lost; a win there proves nothing, and the search then gives up.
std::unique_ptr<SearchTask> make_single_deal_search(const State& start, bool pins_checked,
                                                    MemoryBudget& budget);

}  // namespace sol
