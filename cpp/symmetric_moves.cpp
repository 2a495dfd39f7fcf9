// Moves the solver need not try because another move in the list reaches the same position,
// or the move only returns to this one, up to swapping interchangeable piles (the solver's
// key ignores their order). Each would only be made, hashed, found already seen and unmade.
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

// Cards moving between two piles of one class (the caller's test), onto just the cards they
// leave behind (an empty pile, or on Aces and Kings' foundations, where suits do not count,
// any foundation one card lower): the piles trade contents, the same position renamed.
// Unless the emptied pile is refilled; a face-down card left on top (to be turned) never
// matches a face-up one.
bool State::trades_places(Move m) const {
  const Rules& R = *r_;
  const int s = m.src, d = m.dst, n = size_[d];
  if (n + m.count != size_[s]) return false;
  // A move that owes another would lead to these cards with a debt: not the same position.
  return n ? same_cards(s, d, n) && owes(m) == 0 : R.fill[s] == Fill::None;
}

bool State::same_cards(int p, int q, int n) const {
  for (int i = n - 1; i >= 0; --i)  // from the top, where piles differ most
    if ((cards_[p][i] ^ cards_[q][i]) & r_->key_mask) return false;
  return true;
}

// The moves to empty piles other than the first of their class are not even listed
// (spare_empty_piles, given to generate_macro).
void State::drop_symmetric_moves(MoveList& list) const {
  const Rules& R = *r_;
  if (R.players != 1) return;
  // Piles holding the same cards (to the key) as an earlier pile of their class, and that
  // pile: a move from or to one could be made from or to the first instead (unless it is
  // the move's other end). Content hashes are compared, then the cards.
  static_assert(kMaxPiles <= 64, "a pile mask in a word");
  std::uint64_t spare = 0;
  std::int8_t first_twin[kMaxPiles];
  if (R.twins_possible) {
    // Only piles some move reads or fills: a twin of such a pile has the same moves, so is
    // one of them too; and most classes have fewer than two such piles.
    std::uint64_t moved = 0;
    for (int i = 0; i < list.size; ++i) {
      const Move m = list.moves[i];
      if (m.src < R.piles) moved |= std::uint64_t{1} << m.src;
      if (m.dst < R.piles) moved |= std::uint64_t{1} << m.dst;
    }
    for (const std::uint64_t same : R.symmetric_piles) {
      std::uint64_t in_play = same & moved;
      if ((in_play & (in_play - 1)) == 0) continue;
      int kinds[kMaxPiles], n = 0;
      for (; in_play; in_play &= in_play - 1) {
        const int p = ctz64(in_play);
        if (size_[p] == 0 || p == R.stock || p == R.waste) continue;
        int j = 0;
        while (j < n && !(content_hash_[kinds[j]] == content_hash_[p] && size_[kinds[j]] == size_[p] &&
                          same_cards(p, kinds[j], size_[p])))
          ++j;
        if (j == n) {
          kinds[n++] = p;
        } else {
          spare |= std::uint64_t{1} << p;
          first_twin[p] = static_cast<std::int8_t>(kinds[j]);
        }
      }
    }
  }
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.src < R.piles && m.dst < R.piles) {
      if ((spare >> m.src | spare >> m.dst) & 1) {
        if (spare >> m.src & 1 && first_twin[m.src] != m.dst) continue;
        if (spare >> m.dst & 1 && first_twin[m.dst] != m.src) continue;
      }
      if (R.symmetry_class[m.src] == R.symmetry_class[m.dst] && trades_places(m)) continue;
    }
    list.moves[kept++] = m;
  }
  list.size = kept;
}

}  // namespace sol
