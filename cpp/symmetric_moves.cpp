// Moves the solver need not try because another move in the list reaches the same position
// up to swapping interchangeable piles (the solver's key ignores their order). Each would
// only be made, hashed, found already seen and unmade.
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

// The moves to empty piles other than the first of their class are not even listed
// (spare_empty_piles, given to generate_macro).
void State::drop_symmetric_moves(MoveList& list) const {
  const Rules& R = *r_;
  if (R.players != 1) return;
  // The first pile of each class holding the same cards as this one (to the key), or -1: a
  // move from or to any other such pile could be made from or to that one instead (unless it
  // is the move's other end). Found by content hash, then checked card by card.
  int twin[kMaxPiles];
  std::fill(twin, twin + R.piles, -1);
  if (R.twins_possible) {  // a small hash table of (class, size, cards): one pass, not a pass a pile
    // Only piles some move reads or fills: a twin of such a pile has the same moves, so is
    // one of them too.
    static_assert(kMaxPiles <= 64, "a pile mask in a word");
    std::uint64_t moved = 0;
    for (int i = 0; i < list.size; ++i) {
      const Move m = list.moves[i];
      if (m.src < R.piles) moved |= std::uint64_t{1} << m.src;
      if (m.dst < R.piles) moved |= std::uint64_t{1} << m.dst;
    }
    constexpr int kSlots = 128;  // under a third full; slot from the top 7 bits
    static_assert(kSlots > 2 * kMaxPiles, "room for every pile");
    std::uint64_t slot_key[kSlots], used[kSlots / 64] = {};
    std::int8_t slot_pile[kSlots];
    for (; moved; moved &= moved - 1) {
      const int p = ctz64(moved);
      if (size_[p] == 0 || p == R.stock || p == R.waste) continue;
      // The content hash is already well mixed: a multiple of an odd constant sets the class
      // and size apart.
      const std::uint64_t k =
          content_hash_[p] + 0x9E3779B97F4A7C15ull * (std::uint64_t{R.symmetry_class[p]} * 256 + size_[p] + 1);
      int s = static_cast<int>(k >> 57);
      while ((used[s >> 6] >> (s & 63) & 1) && slot_key[s] != k) s = (s + 1) & (kSlots - 1);
      if (used[s >> 6] >> (s & 63) & 1) {
        const int q = slot_pile[s];
        bool same = true;
        for (int i = 0; i < size_[p] && same; ++i) same = ((cards_[p][i] ^ cards_[q][i]) & R.key_mask) == 0;
        if (same) twin[p] = q;
      } else {
        used[s >> 6] |= std::uint64_t{1} << (s & 63);
        slot_pile[s] = static_cast<std::int8_t>(p);
        slot_key[s] = k;
      }
    }
  }
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.src < R.piles && twin[m.src] >= 0 && twin[m.src] != m.dst) continue;
    if (m.dst < R.piles && twin[m.dst] >= 0 && twin[m.dst] != m.src) continue;
    // A whole pile moving to an empty pile of its own class: the same position, renamed
    // (unless the emptied pile is refilled).
    if (m.src < R.piles && m.dst < R.piles && size_[m.dst] == 0 &&
        R.symmetry_class[m.src] == R.symmetry_class[m.dst] && m.count == size_[m.src] &&
        R.fill[m.src] == Fill::None)
      continue;
    list.moves[kept++] = m;
  }
  list.size = kept;
}

}  // namespace sol
