// Exhaustive depth-first solver: finds a winning line, proves there is none (every reachable
// position visited), or gives up at its limits. Positions are remembered by a 128-bit key
// that ignores the order of interchangeable piles.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "search.hpp"
#include "state.hpp"

namespace sol {

enum class Verdict { Solved, Unsolvable, Unknown };

// What ended an "unknown" search.
enum class Limit { None, Positions, Time, Memory };

struct SolveLimits {
  std::uint64_t max_positions = 0;  // distinct positions expanded; 0: no limit
  double seconds = 0;               // wall-clock time; 0: no limit
  std::size_t memory_bytes = 0;     // the position tables together; 0: no limit
  bool stuck_cards = true;          // try State::never_won first, and State::pinned_loss
                                    // in every position (tests turn both off to check
                                    // them against the search)
};

struct SolveResult {
  Verdict verdict = Verdict::Unknown;
  Limit stopped_by = Limit::None;
  std::vector<Move> line;        // the winning moves, from the start, when solved
  std::uint64_t positions = 0;   // distinct positions expanded, all searches together
  std::uint64_t moves_tried = 0;
  double seconds = 0;
  std::size_t peak_table_bytes = 0;
  // Unsolvable without a search (State::never_won): the cards that can never move, as
  // (pile, index from the bottom).
  std::vector<std::pair<int, int>> stuck;
  // Unsolvable without a search (State::pinned_reason): the pinned card's pile and index,
  // and the face of a card that could then rest nowhere; else empty.
  std::vector<int> pinned;
  // Unsolvable without a search (State::crowded_reason): the pile and index of the card that
  // can never leave, then the faces of the cards that would each need a card to lie on; and
  // the fewer faces that could hold them. Else both empty.
  std::vector<int> crowded, crowded_holders;
  // Unsolvable without a search (State::pinned_pair_reason): for each card of the pair, its pile,
  // its index, the face that stops it leaving first and whether that face must be up before
  // it (1) or could rest nowhere (0). Else empty.
  std::vector<int> pinned_pair;
  // Unsolvable, proved in the game that deals one card at a time, where this one deals
  // several (cpp/single_deals.hpp): every line of this game is a line of that one.
  bool single_deals = false;
  // Unsolvable, proved by a smaller game that cannot be won (cpp/ghost_relaxation.hpp): the
  // faces it kept, every other card a ghost. Else empty.
  std::vector<int> smaller_game;
};

SolveResult solve(const State& start, const SolveLimits& limits, const StopPoll& stop);

}  // namespace sol
