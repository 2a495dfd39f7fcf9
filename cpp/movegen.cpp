// Move generation: a lookup per giver in the taker sets that make/unmake keep current.
// Order of the list: single cards (by giver, then taker), then runs, then the stock move.
#include "state.hpp"

namespace sol {

namespace {
inline Move make_move(int s, int t, int n) {
  return Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t),
              static_cast<std::uint8_t>(n), 0};
}
}  // namespace

int State::add_runs(Move* moves, const std::vector<int>& givers, std::uint64_t targets) const {
  const Rules& R = *r_;
  int size = 0;
  for (int s : givers) {
    if (!R.runs[s]) continue;
    const int n = size_[s];
    // Each face-up card that carries a built run above it may lead a move of that run.
    const auto& link = R.on_top[R.group[s]];
    for (int k = 2; k <= n; ++k) {
      const Card below = cards_[s][n - k], above = cards_[s][n - k + 1];
      if (is_face_down(below) || !(link[face(below)] >> face(above) & 1)) break;
      for (std::uint64_t m = takers(face(below)) & targets & ~(std::uint64_t{1} << s); m; m &= m - 1) {
        const int t = ctz64(m);
        if (R.runs[t] && size_[t] + k <= R.max_cards[t]) moves[size++] = make_move(s, t, k);
      }
    }
  }
  return size;
}

bool State::stock_move(Move& out) const {
  const Rules& R = *r_;
  const int stock = to_move_ ? R.stock_of[1] : R.stock, waste = to_move_ ? R.waste_of[1] : R.waste;
  if (stock < 0) return false;
  const int st = size_[stock];
  if (st) {
    out = make_move(stock, waste, st < R.spec.deal_count ? st : R.spec.deal_count);
    return true;
  }
  if (size_[waste] && redeals_left_ != 0) {
    out = make_move(waste, stock, size_[waste]);
    return true;
  }
  return false;
}

void State::generate(MoveList& out, std::uint64_t skip) const {
  const Rules& R = *r_;
  int size = 0;
  Move* moves = out.moves;
  static_assert(kMaxPiles <= 64, "pile sets are 64-bit masks");
  if (R.players == 2) return generate_turn(out);
  for (int s : R.givers)
    for (std::uint64_t m = takers(top_face_[s]) & ~(std::uint64_t{1} << s | skip); m; m &= m - 1)
      moves[size++] = make_move(s, ctz64(m), 1);
  if (R.any_runs) size += add_runs(moves + size, R.givers, ~skip);
  if (stock_move(moves[size])) ++size;
  out.size = size;
}

SOL_POPCNT_CLONES bool State::pick_move(std::uint32_t u, Move& out) const {
  const Rules& R = *r_;
  if (R.players == 2) return pick_turn_move(u, out);
  // Count the single-card moves without listing them (no branches on the data)...
  const int ng = static_cast<int>(R.givers.size());
  std::uint64_t mask[kMaxPiles];
  std::uint32_t singles = 0;
  for (int i = 0; i < ng; ++i) {
    const int s = R.givers[i];
    mask[i] = takers(top_face_[s]) & ~(std::uint64_t{1} << s);
    singles += static_cast<std::uint32_t>(popcount64(mask[i]));
  }
  // ...list the rarer, irregular ones...
  MoveList rest;
  int n_rest = R.any_runs ? add_runs(rest.moves, R.givers, ~std::uint64_t{0}) : 0;
  if (stock_move(rest.moves[n_rest])) ++n_rest;
  const std::uint32_t total = singles + static_cast<std::uint32_t>(n_rest);
  if (total == 0) return false;
  // ...and walk to the chosen one.
  std::uint32_t k = static_cast<std::uint32_t>(static_cast<std::uint64_t>(u) * total >> 32);
  if (k >= singles) {
    out = rest.moves[k - singles];
    return true;
  }
  for (int i = 0;; ++i) {
    const std::uint32_t c = static_cast<std::uint32_t>(popcount64(mask[i]));
    if (k < c) {
      std::uint64_t m = mask[i];
      for (; k; --k) m &= m - 1;
      out = make_move(R.givers[i], ctz64(m), 1);
      return true;
    }
    k -= c;
  }
}

}  // namespace sol
