// Move generation: a lookup per giver in the taker sets that make/unmake keep current.
#include "state.hpp"

namespace sol {

void State::generate(MoveList& out) const {
  const Rules& R = *r_;
  int size = 0;
  Move* moves = out.moves;
  static_assert(kMaxPiles <= 64, "pile sets are 64-bit masks");

  for (int s : R.givers) {
    const int n = size_[s];
    if (n == 0) continue;
    const int f = face(cards_[s][n - 1]);
    for (std::uint64_t m = takers_of_[f] & ~(std::uint64_t{1} << s); m; m &= m - 1)
      moves[size++] = Move{static_cast<std::uint8_t>(s),
                           static_cast<std::uint8_t>(__builtin_ctzll(m)), 1, 0};
    if (!R.runs[s]) continue;
    // Longer runs: each face-up card that carries the run above it may lead a move.
    const auto& link = R.on_top[R.group[s]];
    for (int k = 2; k <= n; ++k) {
      const Card below = cards_[s][n - k], above = cards_[s][n - k + 1];
      if (is_face_down(below) || !(link[face(below)] >> face(above) & 1)) break;
      for (std::uint64_t m = takers_of_[face(below)] & ~(std::uint64_t{1} << s); m; m &= m - 1) {
        const int t = __builtin_ctzll(m);
        if (R.runs[t] && size_[t] + k <= R.max_cards[t])
          moves[size++] = Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t),
                               static_cast<std::uint8_t>(k), 0};
      }
    }
  }

  if (R.stock >= 0) {
    const int st = size_[R.stock];
    if (st) {
      moves[size++] = Move{static_cast<std::uint8_t>(R.stock), static_cast<std::uint8_t>(R.waste),
                           static_cast<std::uint8_t>(st < R.spec.deal_count ? st : R.spec.deal_count), 0};
    } else if (size_[R.waste] && redeals_left_ != 0) {
      moves[size++] = Move{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(R.stock),
                           static_cast<std::uint8_t>(size_[R.waste]), 0};
    }
  }
  out.size = size;
}

SOL_POPCNT_CLONES bool State::pick_move(std::uint32_t u, Move& out) const {
  const Rules& R = *r_;
  if (R.any_runs) {  // run moves are rarer and irregular: list them all
    MoveList list;
    generate(list);
    if (list.size == 0) return false;
    out = list.moves[static_cast<std::uint64_t>(u) * static_cast<std::uint32_t>(list.size) >> 32];
    return true;
  }
  // Single-card games: count first (no branches on the data), then walk to the chosen one.
  const int ng = static_cast<int>(R.givers.size());
  std::uint64_t mask[kMaxPiles];
  std::uint32_t total = 0;
  for (int i = 0; i < ng; ++i) {
    const int s = R.givers[i];
    const int n = size_[s];
    const std::uint64_t m = takers_of_[face(cards_[s][n - (n > 0)])] & ~(std::uint64_t{1} << s);
    mask[i] = n > 0 ? m : 0;
    total += static_cast<std::uint32_t>(popcount64(mask[i]));
  }
  Move stock_move{};
  if (R.stock >= 0) {
    const int st = size_[R.stock];
    if (st) {
      stock_move = Move{static_cast<std::uint8_t>(R.stock), static_cast<std::uint8_t>(R.waste),
                        static_cast<std::uint8_t>(st < R.spec.deal_count ? st : R.spec.deal_count), 0};
      ++total;
    } else if (size_[R.waste] && redeals_left_ != 0) {
      stock_move = Move{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(R.stock),
                        static_cast<std::uint8_t>(size_[R.waste]), 0};
      ++total;
    }
  }
  if (total == 0) return false;
  std::uint32_t k = static_cast<std::uint32_t>(static_cast<std::uint64_t>(u) * total >> 32);
  for (int i = 0; i < ng; ++i) {
    const std::uint32_t c = static_cast<std::uint32_t>(popcount64(mask[i]));
    if (k < c) {
      std::uint64_t m = mask[i];
      for (; k; --k) m &= m - 1;
      out = Move{static_cast<std::uint8_t>(R.givers[i]), static_cast<std::uint8_t>(__builtin_ctzll(m)), 1, 0};
      return true;
    }
    k -= c;
  }
  out = stock_move;
  return true;
}

}  // namespace sol
