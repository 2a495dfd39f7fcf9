#include "solver.hpp"

#include <algorithm>

namespace sol {

namespace {

// Open-addressed set of 128-bit keys; grows by doubling, so memory follows the search.
class PositionSet {
 public:
  PositionSet() : slots_(1u << 16) {}
  // Slots never grow past this (16 bytes each: 4 GiB), so no search can exhaust memory.
  static constexpr std::size_t kMaxSlots = std::size_t{1} << 28;

  // True when the key was new.
  bool insert(std::uint64_t a, std::uint64_t b) {
    a |= 1;  // 0 marks an empty slot
    if ((count_ + 1) * 2 > slots_.size() && slots_.size() < kMaxSlots) grow();
    return place(slots_, a, b);
  }
  bool full() const { return slots_.size() >= kMaxSlots && (count_ + 1) * 2 > slots_.size(); }
  std::uint64_t size() const { return count_; }

 private:
  struct Slot {
    std::uint64_t a = 0, b = 0;
  };
  bool place(std::vector<Slot>& table, std::uint64_t a, std::uint64_t b) {
    const std::size_t mask = table.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(b) & mask;; i = (i + 1) & mask) {
      if (table[i].a == 0) {
        table[i] = Slot{a, b};
        if (&table == &slots_) ++count_;
        return true;
      }
      if (table[i].a == a && table[i].b == b) return false;
    }
  }
  void grow() {
    std::vector<Slot> bigger(slots_.size() * 2);
    for (const Slot& s : slots_)
      if (s.a) place(bigger, s.a, s.b);
    slots_.swap(bigger);
  }
  std::vector<Slot> slots_;
  std::uint64_t count_ = 0;
};

// Try the moves most likely to lead to a win first: cards going up to the foundations,
// then cards leaving the reserves and waste, then rearranging, dealing, and last taking
// cards back off the foundations. Whether the waste or the reserves come first decides a
// great deal, and neither is better for every deal, so solve() tries both in turn.
int move_rank(const Rules& R, Move m, bool waste_first) {
  if (m.dst == R.stock) return 60;  // redeal
  if (m.src == R.stock) return 40;  // deal
  const Kind from = R.kind[m.src], to = R.kind[m.dst];
  if (from == Kind::Foundation) return 50;
  int source = 0;  // tableau
  if (from == Kind::Waste) source = waste_first ? 1 : 2;
  if (from == Kind::Reserve) source = waste_first ? 2 : 1;
  if (to == Kind::Foundation) return source;
  if (from == Kind::Reserve || from == Kind::Waste) return 10 + source;
  return m.count > 1 ? 20 : 30;
}

constexpr std::uint64_t kSaltA = 0x243F6A8885A308D3ull, kSaltB = 0x13198A2E03707344ull;

struct Frame {
  std::uint32_t begin, end, next;  // this position's moves in the arena; the next to try
  Move played;                     // the move being explored from here
  Undo undo;
};

}  // namespace

namespace {

SolveResult search(const State& start, std::uint64_t max_positions, bool waste_first,
                   const StopPoll& stop) {
  SolveResult out;
  State s = start;
  const Rules& R = s.rules();
  if (s.is_won()) {
    out.verdict = Verdict::Solved;
    return out;
  }
  PositionSet seen;
  std::vector<Move> arena;
  std::vector<Frame> frames;
  std::uint64_t ticks = 0;

  // Expands the current position: records it and lists its moves, best first.
  auto expand = [&]() {
    MoveList list;
    s.generate(list);
    const auto begin = static_cast<std::uint32_t>(arena.size());
    arena.insert(arena.end(), list.moves, list.moves + list.size);
    std::stable_sort(arena.begin() + begin, arena.end(), [&](Move x, Move y) {
      return move_rank(R, x, waste_first) < move_rank(R, y, waste_first);
    });
    frames.push_back(Frame{begin, static_cast<std::uint32_t>(arena.size()), begin, Move{}, Undo{}});
    ++out.positions;
  };

  seen.insert(s.symmetric_key(kSaltA), s.symmetric_key(kSaltB));
  expand();
  while (!frames.empty()) {
    if ((++ticks & 0x3FFF) == 0 && stop && stop()) throw Interrupted{};
    Frame& f = frames.back();
    if (f.next == f.end) {  // every move from here explored
      arena.resize(f.begin);
      frames.pop_back();
      if (!frames.empty()) s.unmake(frames.back().played, frames.back().undo);
      continue;
    }
    f.played = arena[f.next++];
    s.make(f.played, f.undo);
    ++out.moves_tried;
    if (s.is_won()) {
      for (const Frame& g : frames) out.line.push_back(g.played);
      out.verdict = Verdict::Solved;
      return out;
    }
    if (!seen.insert(s.symmetric_key(kSaltA), s.symmetric_key(kSaltB))) {
      s.unmake(f.played, f.undo);
      continue;
    }
    if (out.positions >= max_positions || seen.full()) {
      out.verdict = Verdict::Unknown;
      return out;
    }
    expand();
  }
  out.verdict = Verdict::Unsolvable;  // every reachable position was expanded
  return out;
}

}  // namespace

SolveResult solve(const State& start, const SolveLimits& limits, const StopPoll& stop) {
  // Two move orders, half the budget each; either one settles the question. Without both
  // reserves and a waste the two orders are the same: one search, the whole budget.
  const Rules& R = start.rules();
  bool reserves = false;
  for (int p = 0; p < R.piles; ++p) reserves |= R.kind[p] == Kind::Reserve && R.gives[p];
  if (!reserves || R.waste < 0) return search(start, limits.max_positions, true, stop);
  const std::uint64_t half = limits.max_positions / 2 ? limits.max_positions / 2 : 1;
  SolveResult first = search(start, half, true, stop);
  if (first.verdict != Verdict::Unknown || limits.max_positions < 2) return first;
  SolveResult second = search(start, limits.max_positions - half, false, stop);
  second.positions += first.positions;
  second.moves_tried += first.moves_tried;
  return second;
}

}  // namespace sol
