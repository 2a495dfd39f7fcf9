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

// A move order: the moves most likely to lead to a win first. By default cards going up to
// the foundations, then cards leaving the reserves and waste, then rearranging, dealing,
// and last taking cards back off the foundations. Three choices in it decide a great deal
// and none is best for every deal, so solve() runs a small portfolio of orders in turn.
struct Order {
  bool waste_first;        // waste before reserves (else reserves before waste)
  bool deal_early;         // deal before rearranging the tableau
  bool transfers_early;    // foundation-to-foundation moves right after moves up
};

int move_rank(const Rules& R, Move m, const Order& o) {
  if (m.dst == R.stock) return 60;  // redeal
  if (m.src == R.stock) return o.deal_early ? 15 : 40;
  const Kind from = R.kind[m.src], to = R.kind[m.dst];
  if (from == Kind::Foundation) return o.transfers_early && to == Kind::Foundation ? 5 : 50;
  int source = 0;  // tableau
  if (from == Kind::Waste) source = o.waste_first ? 1 : 2;
  if (from == Kind::Reserve) source = o.waste_first ? 2 : 1;
  if (to == Kind::Foundation) return source;
  if (from == Kind::Reserve || from == Kind::Waste) return 10 + source;
  return m.count > 1 ? 20 : 30;
}

// The orders worth trying for these rules: variants that cannot differ are left out.
std::vector<Order> portfolio(const Rules& R) {
  bool reserves = false, transfers = false;
  int foundations = 0;
  for (int p = 0; p < R.piles; ++p) {
    reserves |= R.kind[p] == Kind::Reserve && R.gives[p];
    if (R.kind[p] == Kind::Foundation) {
      ++foundations;
      transfers |= R.gives[p];
    }
  }
  transfers &= foundations > 1;
  std::vector<Order> out{{true, false, false}};
  if (reserves && R.waste >= 0) out.push_back({false, false, false});
  if (R.stock >= 0) out.push_back({true, true, false});
  if (reserves && R.waste >= 0 && R.stock >= 0 && transfers) out.push_back({false, true, true});
  return out;
}

constexpr std::uint64_t kSaltA = 0x243F6A8885A308D3ull, kSaltB = 0x13198A2E03707344ull;

struct Frame {
  std::uint32_t begin, end, next;  // this position's moves in the arena; the next to try
  Move played;                     // the move being explored from here
  Undo undo;
};

}  // namespace

namespace {

SolveResult search(const State& start, std::uint64_t max_positions, const Order& order,
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
      return move_rank(R, x, order) < move_rank(R, y, order);
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
  // Each order of the portfolio in turn; any of them settles the question (a win found, or
  // every position visited). The first gets half the budget, so proofs that need one long
  // search still fit; the others share the rest.
  const std::vector<Order> orders = portfolio(start.rules());
  const std::uint64_t n = orders.size();
  const std::uint64_t first = n == 1 ? limits.max_positions : std::max<std::uint64_t>(limits.max_positions / 2, 1);
  const std::uint64_t share = n == 1 ? 0 : std::max<std::uint64_t>((limits.max_positions - first) / (n - 1), 1);
  SolveResult total;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t budget = i == 0 ? first : share;
    SolveResult r = search(start, budget, orders[i], stop);
    r.positions += total.positions;
    r.moves_tried += total.moves_tried;
    if (r.verdict != Verdict::Unknown) return r;
    total = r;
  }
  return total;
}

}  // namespace sol
