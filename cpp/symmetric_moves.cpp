// Moves the solver need not try because another move in the list reaches the same position
// up to swapping interchangeable piles (the solver's key ignores their order). Each would
// only be made, hashed, found already seen and unmade.
#include "state.hpp"

namespace sol {

void State::drop_symmetric_moves(MoveList& list) const {
  const Rules& R = *r_;
  if (R.players != 1) return;
  // The first empty pile of each class: a card going to any other empty pile of its class
  // could go there instead.
  int first_empty[2 * kMaxPiles];  // by class: a group, or 64 + a pile with its own suit
  for (int p = R.piles - 1; p >= 0; --p)
    if (size_[p] == 0) first_empty[R.symmetry_class[p]] = p;
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.src < R.piles && m.dst < R.piles && size_[m.dst] == 0) {
      const int cls = R.symmetry_class[m.dst];
      // A whole pile moving to an empty pile of its own class: the same position, renamed
      // (unless the emptied pile is refilled).
      if (R.symmetry_class[m.src] == cls && m.count == size_[m.src] && R.fill[m.src] == Fill::None)
        continue;
      if (first_empty[cls] != m.dst) continue;
    }
    list.moves[kept++] = m;
  }
  list.size = kept;
}

}  // namespace sol
