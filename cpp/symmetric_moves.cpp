// Moves the solver need not try because another move in the list, or none, reaches the same
// position up to swapping interchangeable piles (the solver's key ignores their order). Each
// would only be made, hashed, found already seen and unmade.
#include <algorithm>

#include "state.hpp"

namespace sol {

std::uint64_t State::spare_empty_piles() const {
  std::uint64_t spare = 0;
  for (const std::uint64_t same : r_->symmetric_piles) {
    const std::uint64_t empty = open_empty_ & same;
    spare |= empty & (empty - 1);  // all but the first
  }
  return spare;
}

// Cards moving between two piles of one class, onto just the cards they leave behind (an
// empty pile, or on Aces and Kings' foundations, where suits do not count, any foundation one
// card lower): the piles trade contents, the same position renamed. Unless the emptied pile
// is refilled; a face-down card left on top (to be turned) never matches a face-up one.
bool State::trades_places(Move m) const {
  const Rules& R = *r_;
  const int s = m.src, d = m.dst, n = size_[d];
  if (R.symmetry_class[s] != R.symmetry_class[d] || n + m.count != size_[s]) return false;
  // A move that owes another would lead to these cards with a debt: not the same position.
  return n ? same_cards(s, d, n) && owes(m) == 0 : R.fill[s] == Fill::None;
}

bool State::same_cards(int p, int q, int n) const {
  for (int i = n - 1; i >= 0; --i)  // from the top, where piles differ most
    if ((cards_[p][i] ^ cards_[q][i]) & r_->key_mask) return false;
  return true;
}

// Piles of one class holding the same cards: compared pile by pile against the first of each
// kind, by content hash and size, then card by card (a hash collision cannot drop a move).
std::uint64_t State::spare_twin_piles(std::int8_t* first_twin) const {
  const Rules& R = *r_;
  std::uint64_t spare = 0;
  if (!R.twins_possible) return 0;
  static_assert(kMaxPiles <= 64, "a pile mask in a word");
  for (const std::uint64_t same : R.symmetric_piles) {
    int kinds[kMaxPiles], n = 0;
    for (std::uint64_t m = same; m; m &= m - 1) {
      const int p = ctz64(m);
      if (size_[p] == 0 || p == R.stock || p == R.waste) continue;
      int j = 0;
      while (j < n && !(content_hash_[kinds[j]] == content_hash_[p] && size_[kinds[j]] == size_[p] &&
                        same_cards(p, kinds[j])))
        ++j;
      if (j == n) {
        kinds[n++] = p;
      } else {
        spare |= std::uint64_t{1} << p;
        first_twin[p] = static_cast<std::int8_t>(kinds[j]);
      }
    }
  }
  return spare;
}

// Spare piles, empty or twins, are left out of the generator's list altogether: a move from
// or to one could be made from or to the first of its kind instead, to the same key. Between
// a twin and the first of its kind, one direction is kept (from the first: the other reaches
// the same key, the two piles renamed). Then the moves that only make two piles trade places.
void State::generate_distinct(MoveList& out) const {
  const Rules& R = *r_;
  if (R.players != 1) return generate_macro(out);
  std::int8_t first_twin[kMaxPiles];
  const std::uint64_t twins = spare_twin_piles(first_twin);
  generate_macro(out, spare_empty_piles() | twins);
  for (std::uint64_t m = twins; m; m &= m - 1) {
    const int p = ctz64(m), q = first_twin[p];
    if (takers(top_face_[q]) >> p & 1) out.add(q, p, 1);
    if (R.any_runs) out.size += add_runs_from(out.moves + out.size, q, std::uint64_t{1} << p);
  }
  int kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const Move m = out.moves[i];
    if (m.src < R.piles && m.dst < R.piles && R.symmetry_class[m.src] == R.symmetry_class[m.dst] &&
        trades_places(m))
      continue;
    out.moves[kept++] = m;
  }
  out.size = kept;
}

}  // namespace sol
