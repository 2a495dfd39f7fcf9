// A proof of loss for two cards that pin each other (seeds/solver.md, "Pinned pairs"): each
// card's every resting place off the foundations lies under it or under the other. Klondike
// #450: the TS lies on a face-down JD, the TC on the JH; each black Ten can rest only on a red
// Jack, so whichever leaves its card first must go up. The TC cannot (the AC is under the JD),
// and the TS can only once the 7S is up, which leaves the 6H (off the foundations until the
// 2H, under the JD, is up) nowhere to lie.
#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }

}  // namespace

// Everything under a card that cannot leave with the card under it stays covered until it
// leaves; a card built on the card under it may carry that card off, uncovering the rest.
std::uint64_t State::covered_by(int q, int j, std::uint64_t under) const {
  if (!j) return 0;
  return starts_unit(q, j) ? under : bit(face(cards_[q][j - 1]));
}

namespace {

// Face down, or right on a face-down card. Only pairs with such a card are asked about: most
// others are two cards each on one of its two holders (two black Jacks on the red Queens), which
// cost a test in nearly every position and prove nothing.
bool over_face_down(const State& s, int q, int j) {
  return is_face_down(s.card(q, j)) || (j && is_face_down(s.card(q, j - 1)));
}

}  // namespace

bool State::pinned_pair_loss() const { return find_pinned_pair(nullptr); }

bool State::pinned_pair_reason(PinnedPair& why) const {
  return r_->pins_prove_losses && find_pinned_pair(&why);
}

bool State::find_pinned_pair(PinnedPair* why) const {
  const Rules& R = *r_;
  refresh_pins();  // pile_faces_
  std::uint64_t piles = 0;  // those a pair's cards may lie in: the tableau's
  for (int p = 0; p < R.piles; ++p)
    if (R.kind[p] != Kind::Foundation && p != R.stock && p != R.waste && R.gives[p] && size_[p]) piles |= bit(p);
  for (std::uint64_t ps = piles; ps; ps &= ps - 1) {
    const int q1 = ctz64(ps);
    std::uint64_t under1 = 0;
    for (int j1 = 0; j1 < size_[q1]; ++j1) {
      if (j1) under1 |= bit(face(cards_[q1][j1 - 1]));
      const int c1 = face(cards_[q1][j1]);
      if (!over_face_down(*this, q1, j1)) break;  // face-up from here on
      if (R.laid_in_empty >> c1 & 1) continue;
      const std::uint64_t cov1 = covered_by(q1, j1, under1);
      // The resting places it does not cover itself: all under one card of one other pile.
      const std::uint64_t need = R.parents_of[c1] & ~(cov1 | up_for_good_);
      if (!need) continue;  // pinned alone, or free to go up: pinned_loss()'s case
      const int q2 = face_pile_[ctz64(need)];  // where one of them lies, if they all lie there
      if (q2 == q1 || !(piles >> q2 & 1) || (pile_faces_[q2] & need) != need) continue;
      std::uint64_t under2 = 0;
      for (int j2 = 0; j2 < size_[q2]; ++j2) {
        if (j2) under2 |= bit(face(cards_[q2][j2 - 1]));
        if ((under2 & need) != need) continue;
        const int c2 = face(cards_[q2][j2]);
        const std::uint64_t cov2 = covered_by(q2, j2, under2);
        const std::uint64_t covered = cov1 | cov2;
        if ((cov2 & need) != need || R.laid_in_empty >> c2 & 1 || R.parents_of[c2] & ~(covered | up_for_good_))
          continue;
        if (q2 < q1 && over_face_down(*this, q2, j2) && R.parents_of[c2] & ~(cov2 | up_for_good_))
          continue;  // tried from c2's side
        // Whichever leaves the card under it first can go nowhere but up. Only pairs where one
        // of the two could not go up first, as a card it needs below it on its foundation is
        // covered or waits for one that is, are tested further: the test of where cards rest
        // costs a pass over the piles, and pairs that need it both ways seldom prove anything.
        std::uint64_t waiting = 0;
        for (std::uint64_t m = covered; m; m &= m - 1) waiting |= bit(ctz64(m)) | R.home_above[ctz64(m)];
        // The cards below each on its foundation that cannot be up before it leaves first.
        const std::uint64_t stuck1 = (waiting | bit(c2) | R.home_above[c2]) & R.home_below[c1];
        const std::uint64_t stuck2 = (waiting | bit(c1) | R.home_above[c1]) & R.home_below[c2];
        if (!stuck1 && !stuck2) continue;
        int unplaced1 = stuck1 ? ctz64(stuck1) : -1, unplaced2 = stuck2 ? ctz64(stuck2) : -1;
        if ((stuck1 || pinned_loss_at(q1, j1, covered, bit(c2), &unplaced1)) &&
            (stuck2 || pinned_loss_at(q2, j2, covered, bit(c1), &unplaced2))) {
          if (why)
            *why = {{q1, q2}, {j1, j2}, {unplaced1, unplaced2},
                    {((R.home_below[c1] | bit(c1)) >> unplaced1 & 1) != 0,
                     ((R.home_below[c2] | bit(c2)) >> unplaced2 & 1) != 0}};
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace sol
