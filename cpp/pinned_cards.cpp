// A proof of loss for positions with a pinned card (seeds/solver.md, "Pinned cards"): a card
// whose every possible resting place off the foundations lies under it in its own pile. It
// can leave only for its foundation, so at that moment the cards under it are still there,
// and every card that waits for one of them, or for the pinned card, is somewhere off the
// foundations. If one of those can rest nowhere then, the position is lost. Klondike #72:
// the 8C lies on the 2H, KS, 9H and 9D, so the 7H (off the foundations until the 2H is up)
// must then lie on the 8S, which has nowhere to lie itself with both red 9s buried.
#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }

}  // namespace

bool State::pinned_loss() const {
  const Rules& R = *r_;
  for (int q = 0; q < R.piles; ++q) {
    if (R.kind[q] == Kind::Foundation || q == R.stock || q == R.waste || !R.gives[q]) continue;
    std::uint64_t under = 0;
    for (int j = 1; j < size_[q]; ++j) {
      under |= bit(face(cards_[q][j - 1]));
      const int c = face(cards_[q][j]);
      if ((R.parents_of[c] & ~under) || (R.laid_in_empty >> c & 1) || !starts_unit(q, j)) continue;
      if (pinned_loss_at(q, j, under)) return true;
    }
  }
  return false;
}

// Card j of pile q, lying on `under`, can leave only for its foundation. At that moment the
// cards below it on its foundation are up, and the cards under it, those waiting for one of
// them there and those waiting for it cannot be. Each of those lying off the foundations
// and the talon must then rest: where it lies, if nothing under it must have gone up; in an
// empty pile that takes it; or on a card that rests and could hold it.
bool State::pinned_loss_at(int q, int j, std::uint64_t under) const {
  const Rules& R = *r_;
  const int c = face(cards_[q][j]);
  std::uint64_t waiting = R.home_above[c];
  for (std::uint64_t m = under; m; m &= m - 1) waiting |= bit(ctz64(m)) | R.home_above[ctz64(m)];
  const std::uint64_t gone = R.home_below[c] | bit(c);
  if (waiting & gone) return true;
  const std::uint64_t unavailable = gone | under;
  std::uint64_t must_rest = 0, rests = 0;
  for (int p = 0; p < R.piles; ++p) {
    if (R.kind[p] == Kind::Foundation || p == R.stock || p == R.waste) continue;
    bool stays = true;
    for (int i = 0; i < size_[p]; ++i) {
      const int f = face(cards_[p][i]);
      if (p == q && i < j) continue;
      if (waiting >> f & 1) must_rest |= bit(f);
      if (stays && !(unavailable >> f & 1)) rests |= bit(f);
      stays &= !(gone >> f & 1);
    }
  }
  std::uint64_t available = R.pinned_faces & ~unavailable;
  if (!R.foundations_give)  // cards up now stay up: nothing can lie on them
    for (std::uint64_t fs = R.foundation_mask; fs; fs &= fs - 1)
      for (int i = 0; i < size_[ctz64(fs)]; ++i) available &= ~bit(face(cards_[ctz64(fs)][i]));
  rests |= R.laid_in_empty & available;
  for (std::uint64_t grown = rests; grown;) {
    std::uint64_t next = 0;
    for (std::uint64_t m = grown; m; m &= m - 1) next |= R.built_on[ctz64(m)];
    grown = next & available & ~rests;
    rests |= grown;
  }
  return (must_rest & ~rests) != 0;
}

}  // namespace sol
