// A proof of loss for positions where cards that cannot go up compete for too few places to
// lie (seeds/solver.md, "Crowded holders"). Klondike #12: in t6 the QH lies on the QD, which
// lies on the KS, the AD and the 5H. Neither Queen can go up before the card under the QD has,
// and neither goes into an empty pile, so each must leave onto a black King; the KS is under
// them, and the KC cannot hold both. The QD never leaves, and the game is lost.
#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }

// Kuhn's augmenting path: whether `x` (an index into `holders_of`) can be given a holder of
// its own, moving earlier ones to other holders of theirs.
bool give_holder(int x, const std::uint64_t* holders_of, int* owner, std::uint64_t& tried) {
  for (std::uint64_t hs = holders_of[x] & ~tried; hs; hs &= hs - 1) {
    const int h = ctz64(hs);
    tried |= bit(h);
    if (owner[h] < 0 || give_holder(owner[h], holders_of, owner, tried)) {
      owner[h] = x;
      return true;
    }
  }
  return false;
}

}  // namespace

bool State::crowded_loss() const { return find_crowded_loss(nullptr, nullptr, nullptr, nullptr); }

bool State::crowded_reason(int& pile, int& index, std::uint64_t& cards, std::uint64_t& holders) const {
  if (!r_->pins_prove_losses) return false;
  return find_crowded_loss(&pile, &index, &cards, &holders);
}

// Pile q's share of the test, which changes only with its cards (refresh_pins).
void State::refresh_crowds(int q) const {
  const Rules& R = *r_;
  pile_faces_[q] = on_parent_[q] = 0;
  first_crowd_[q] = kNoPin;
  crowd_piles_ &= ~bit(q);
  std::uint64_t waiting = 0;
  for (int i = 0; i < size_[q]; ++i) {
    const int f = face(cards_[q][i]);
    pile_faces_[q] |= bit(f);
    face_pile_[f] = static_cast<std::uint8_t>(q);
    if (!i) continue;
    const int u = face(cards_[q][i - 1]);
    if (R.parents_of[f] >> u & 1) on_parent_[q] |= bit(f);
    waiting |= R.home_above[u];
    if (first_crowd_[q] == kNoPin && R.gives[q] && waiting >> f & 1 && !(R.laid_in_empty >> f & 1) &&
        starts_unit(q, i)) {
      first_crowd_[q] = static_cast<std::uint8_t>(i);
      crowd_piles_ |= bit(q);
    }
  }
}

bool State::find_crowded_loss(int* pile, int* index, std::uint64_t* cards, std::uint64_t* holders) const {
  const Rules& R = *r_;
  refresh_pins();
  if (!crowd_piles_) return false;
  // The cards lying right on a card they could be laid on: they only ever leave it for
  // another such card, or for their foundation.
  std::uint64_t on_parent = 0;
  for (int p = 0; p < R.piles; ++p) on_parent |= on_parent_[p];
  // Where cards crowd by class, only a class that has lost a holder (to the pile, or up for
  // good) or has more cards than holders can be crowded.
  std::uint64_t lost_holders = R.overfull;
  for (std::uint64_t us = up_for_good_; us; us &= us - 1) lost_holders |= R.built_on[ctz64(us)];
  for (std::uint64_t qs = crowd_piles_; qs; qs &= qs - 1) {
    const int q = ctz64(qs);
    std::uint64_t under = 0, waiting = 0, crowdable = lost_holders;
    for (int j = 1; j < size_[q]; ++j) {
      const int u = face(cards_[q][j - 1]);
      under |= bit(u);
      waiting |= R.home_above[u];
      crowdable |= R.built_on[u];
      const int b = face(cards_[q][j]);
      if (j < first_crowd_[q] || !(waiting >> b & 1) || R.laid_in_empty >> b & 1 || !starts_unit(q, j)) continue;
      // Card j cannot go up while it lies here, so it must leave onto a card it can be laid
      // on. At that moment none of the cards waiting for one under it is up, and each of those
      // above it or now on such a card lies right on one of its own: all on different cards,
      // none under it.
      const std::uint64_t members = (bit(b) | (waiting & (pile_faces_[q] | on_parent) & ~R.laid_in_empty)) & ~under;
      const std::uint64_t cut = under | up_for_good_;
      bool crowded = false;
      std::uint64_t crowd = 0, few = 0;
      if (R.crowds_by_class) {
        for (std::uint64_t xs = members & crowdable; xs && !crowded; xs &= xs - 1) {
          const int x = ctz64(xs);
          crowd = members & R.same_parents[x];
          few = R.parents_of[x] & ~cut;
          crowded = popcount64(crowd) > popcount64(few);
        }
      } else {
        crowded = unmatched(members, cut, crowd, few);
      }
      if (crowded) {
        if (pile) *pile = q;
        if (index) *index = j;
        if (cards) *cards = crowd;
        if (holders) *holders = few;
        return true;
      }
    }
  }
  return false;
}

// Whether the members cannot each be given a holder of their own (Kuhn's augmenting paths);
// if so, a set of them with fewer holders than cards, and those holders.
bool State::unmatched(std::uint64_t members, std::uint64_t cut, std::uint64_t& crowd, std::uint64_t& few) const {
  const Rules& R = *r_;
  std::uint64_t holders_of[64];
  int face_of[64], owner[64], n = 0;
  for (std::uint64_t ms = members; ms; ms &= ms - 1) {
    face_of[n] = ctz64(ms);
    holders_of[n] = R.parents_of[face_of[n]] & ~cut;
    for (std::uint64_t hs = holders_of[n]; hs; hs &= hs - 1) owner[ctz64(hs)] = -1;
    ++n;
  }
  for (int x = 0; x < n; ++x) {
    std::uint64_t tried = 0;
    if (give_holder(x, holders_of, owner, tried)) continue;
    // The cards it reached, x and the owners of the holders it tried, are one more than
    // those holders: Hall's condition fails for them.
    crowd = bit(face_of[x]);
    for (std::uint64_t hs = tried; hs; hs &= hs - 1) crowd |= bit(face_of[owner[ctz64(hs)]]);
    few = tried;
    return true;
  }
  return false;
}

}  // namespace sol
