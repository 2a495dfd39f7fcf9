// Move generation: one pass over the piles that can take a card, one over those that can give.
#include "state.hpp"

namespace sol {

bool State::fill_source_empty(int p) const {
  const Rules& R = *r_;
  switch (R.fill[p]) {
    case Fill::None: return true;
    case Fill::Stock: return size_[R.stock] == 0;
    case Fill::WasteThenStock: return size_[R.stock] == 0 && size_[R.waste] == 0;
  }
  return true;
}

std::uint64_t State::accepts(int p) const {
  const Rules& R = *r_;
  const int n = size_[p];
  if (n >= R.max_cards[p]) return 0;
  // A pile that refills itself takes nothing by hand while its source still has cards.
  if (n == 0) return fill_source_empty(p) ? R.empty_accepts[p] : 0;
  return R.on_top[R.group[p]][face(cards_[p][n - 1])];
}

void State::generate(MoveList& out) const {
  const Rules& R = *r_;
  out.size = 0;
  std::uint64_t acc[kMaxPiles];
  std::uint64_t any = 0;
  for (int t : R.takers) any |= acc[t] = accepts(t);
  for (int s : R.givers) {
    const int n = size_[s];
    if (n == 0) continue;
    const Card c = cards_[s][n - 1];
    const std::uint64_t bit = std::uint64_t{1} << face(c);
    if (any & bit) {
      for (int t : R.takers)
        if (t != s && (acc[t] & bit)) out.add(s, t, 1);
    }
    if (!R.runs[s]) continue;
    const auto& link = R.on_top[R.group[s]];
    for (int k = 2; k <= n; ++k) {
      const Card below = cards_[s][n - k], above = cards_[s][n - k + 1];
      if (is_face_down(below) || !(link[face(below)] >> face(above) & 1)) break;
      const std::uint64_t b = std::uint64_t{1} << face(below);
      if (!(any & b)) continue;
      for (int t : R.takers)
        if (t != s && R.runs[t] && (acc[t] & b) && size_[t] + k <= R.max_cards[t])
          out.add(s, t, k);
    }
  }
  if (R.stock >= 0) {
    const int st = size_[R.stock];
    if (st) out.add(R.stock, R.waste, st < R.spec.deal_count ? st : R.spec.deal_count);
    else if (size_[R.waste] && redeals_left_ != 0) out.add(R.waste, R.stock, size_[R.waste]);
  }
}

}  // namespace sol
