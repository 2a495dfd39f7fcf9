// One search of the solver's portfolio. Each runs in slices: it can be paused after any
// number of expanded positions and resumed, so the solver can give them turns.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "position_set.hpp"
#include "search.hpp"
#include "state.hpp"

namespace sol {

class GhostChecks;

// Records the position in a search's table of visited positions, by the solver's key.
inline PositionSet::Insert record(PositionSet& seen, const State& s) {
  std::uint64_t a, b;
  s.solver_key(a, b);
  return seen.insert(a, b);
}

// The heuristic's weights (State::heuristic) for a card left on a final waste (a card up
// gains 32) and a face-down tableau card. The best-first searches of the whole game and of
// the streamlined one weigh them differently: each set wins deals the other does not, and
// together they win more than either one for both (Aces and Kings, seeds/solver.md); where
// a win needs digging, the two look in different places. The beams take the first set.
struct HeuristicWeights {
  int final_waste, face_down;
};
constexpr HeuristicWeights kWholeGameWeights{512, 8}, kStreamlinedWeights{128, 32};

inline int heuristic(const State& s, HeuristicWeights w) { return s.heuristic(w.final_waste, w.face_down); }

// A child of a position being expanded, between keying it and looking it up.
struct Child {
  Move move;
  std::uint64_t a, b;
};

// Keys the position that c.move leads to, making and unmaking the move only where
// predict_key cannot work the key out without it (and so no win). True if the move wins:
// the state is then left after it.
inline bool key_child(State& s, Child& c) {
  if (s.predict_key(c.move, c.a, c.b)) return false;
  Undo u;
  s.make_macro(c.move, u);
  if (s.is_won()) return true;
  s.solver_key(c.a, c.b);
  s.unmake_macro(c.move, u);
  return false;
}

// Keys every child of the position s stands on (list's moves, into children) and asks for
// both tables' lines, so that the lookups which follow overlap their cache misses. Returns
// the place of a move that wins (s is then left after it), or -1.
inline int key_children(State& s, const MoveList& list, Child* children, const PositionSet& seen,
                        const PositionSet& lost, std::uint64_t& moves_tried) {
  for (int k = 0; k < list.size; ++k) {
    Child& c = children[k];
    c.move = list.moves[k];
    ++moves_tried;
    if (key_child(s, c)) return k;
    seen.prefetch_slot(c.b);
    lost.prefetch(c.b);
  }
  return -1;
}

class SearchTask {
 public:
  enum class Status { Paused, Won, Exhausted, OutOfMemory, GaveUp };
  using TimeUp = std::function<bool()>;

  virtual ~SearchTask() = default;
  // Goes on until `until` positions have been expanded in all, the search ends, or
  // `time_up` says so (it is asked now and then, as is `stop`, which throws Interrupted).
  // Exhausted means every position reachable from the start was expanded: a proof of loss.
  // GaveUp: a search that leaves moves out ran dry, which proves nothing.
  virtual Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) = 0;

  std::uint64_t positions() const { return positions_; }
  std::uint64_t moves_tried() const { return moves_tried_; }
  const std::vector<Move>& line() const { return line_; }  // the win, once Won

 protected:
  std::uint64_t positions_ = 0, moves_tried_ = 0;
  std::vector<Move> line_;
};

// The solver's plain depth-first search of the whole game (cpp/solver.cpp): waste first,
// no restarts, proved losses into `lost`; `checks`, where given, asks smaller games along it.
std::unique_ptr<SearchTask> make_depth_first(const State& start, MemoryBudget& budget, PositionSet& lost,
                                             GhostChecks* checks = nullptr);

}  // namespace sol
