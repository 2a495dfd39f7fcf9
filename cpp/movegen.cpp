// Move generation: what the givers offer, which takers want any of it, then the pairs.
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
  int size = 0;
  Move* moves = out.moves;

  // The top cards on offer.
  std::uint8_t giver[kMaxPiles], giver_face[kMaxPiles];
  int n_givers = 0;
  std::uint64_t offered = 0;
  for (int s : R.givers) {
    const int n = size_[s];
    if (n == 0) continue;
    const int f = face(cards_[s][n - 1]);
    giver[n_givers] = static_cast<std::uint8_t>(s);
    giver_face[n_givers++] = static_cast<std::uint8_t>(f);
    offered |= std::uint64_t{1} << f;
  }

  // The takers that want one of them (runs look at every taker, below).
  const std::uint64_t* acc = acc_;  // kept current by make/unmake
  std::uint64_t wanted = 0;
  std::uint8_t open[kMaxPiles];
  int n_open = 0;
  for (int t : R.takers) {
    const std::uint64_t a = acc[t];
    open[n_open] = static_cast<std::uint8_t>(t);
    n_open += (a & offered) != 0;
    wanted |= a;
  }

  for (int g = 0; g < n_givers; ++g) {
    const int s = giver[g], f = giver_face[g];
    if (!(wanted >> f & 1)) continue;
    // Branch-free: write every candidate, advance only past the real ones.
    for (int i = 0; i < n_open; ++i) {
      const int t = open[i];
      moves[size] = Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t), 1};
      size += static_cast<int>(acc[t] >> f & 1) & (t != s);
    }
  }

  for (int g = 0; g < n_givers; ++g) {
    const int s = giver[g];
    if (!R.runs[s]) continue;
    const int n = size_[s];
    const auto& link = R.on_top[R.group[s]];
    for (int k = 2; k <= n; ++k) {
      const Card below = cards_[s][n - k], above = cards_[s][n - k + 1];
      if (is_face_down(below) || !(link[face(below)] >> face(above) & 1)) break;
      const int fb = face(below);
      if (!(wanted >> fb & 1)) continue;
      for (int t : R.takers)
        if (t != s && R.runs[t] && (acc[t] >> fb & 1) && size_[t] + k <= R.max_cards[t])
          moves[size++] = Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(t),
                               static_cast<std::uint8_t>(k)};
    }
  }

  if (R.stock >= 0) {
    const int st = size_[R.stock];
    if (st) {
      moves[size++] = Move{static_cast<std::uint8_t>(R.stock), static_cast<std::uint8_t>(R.waste),
                           static_cast<std::uint8_t>(st < R.spec.deal_count ? st : R.spec.deal_count)};
    } else if (size_[R.waste] && redeals_left_ != 0) {
      moves[size++] = Move{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(R.stock),
                           static_cast<std::uint8_t>(size_[R.waste])};
    }
  }
  out.size = size;
}

}  // namespace sol
