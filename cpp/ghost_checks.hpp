// Smaller games asked along the search (seeds/solver.md, "Smaller games along the search"):
// where a move turns a card up, the depth-first searches ask whether a smaller game with
// ghosts proves the new position lost, and if so do not enter it. The same few cards
// decide most positions of a deal's endgame, so the kept sets that proved one position lost
// are tried first on the next, and cost a few dozen positions where fresh tries cost
// tens of thousands.
#pragma once
#include <cstdint>
#include <vector>

namespace sol {

class State;
struct Rules;

class GhostChecks {
 public:
  // No check before the searches have expanded this many positions: most deals are decided
  // sooner (Trigon's in a few dozen), and would pay for checks that decide nothing.
  static constexpr std::uint64_t kDelay = 50'000;

  explicit GhostChecks(std::uint64_t delay = kDelay) : delay_(delay) {}

  // Whether searches of this game may ask: where pinned cards prove losses, and the caller
  // lets the solver reason about stuck cards.
  static bool apply(const Rules& R, bool stuck_cards);

  // True when a smaller game proves `s` lost: one of the kept sets that proved a position
  // lost before, else fresh tries. Once the searches have expanded the delay's positions, the
  // checks that prove nothing may spend kCredit positions plus one for every kShare
  // expanded after that; before, and beyond that, lost() says false at once. A check that
  // proves a loss is not counted: it spares the searches the positions beyond.
  bool lost(const State& s);
  // The same, asked of every other position the searches enter, with the kept sets that
  // proved a loss before and no fresh tries; beyond the allowance, only answers already known.
  bool lost_by_kept_sets(const State& s);
  void expanded() { ++expanded_; }  // the searches count each position they expand

  std::uint64_t positions() const { return positions_; }  // the smaller games', every check together

 private:
  // The answer of the smaller game keeping `kept` in `s` (1 lost, 0 won, -1 too big), from
  // answers_ when it was played before; else, if `play`, played now (its positions in *n),
  // or -2 if not.
  int answer(const State& s, std::uint64_t kept, bool play, std::uint64_t* n);

  std::vector<std::uint64_t> proved_;  // kept sets that proved a position lost, the latest last
  // Smaller games' answers by key (smaller_game_key), one per slot, the latest kept: positions
  // of one endgame differ mostly in the cards a kept set leaves out, so the same smaller
  // games come back again and again.
  struct Answer {
    std::uint64_t a = 0, b = 0;
    int verdict = -2;  // none yet
  };
  std::vector<Answer> answers_;
  std::uint64_t delay_;  // kDelay, or longer where the checks pay only in long searches
  std::uint64_t positions_ = 0, expanded_ = 0;
  std::uint64_t wasted_ = 0;  // positions of the checks that proved nothing
};

}  // namespace sol
