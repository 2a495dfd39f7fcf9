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
  refresh_pins();
  return find_pinned_loss(nullptr, nullptr, nullptr);
}

bool State::pinned_reason(int& pile, int& index, int& unplaced) const {
  if (!r_->pins_prove_losses) return false;
  refresh_pins();
  return find_pinned_loss(&pile, &index, &unplaced);
}

void State::refresh_pins() const {
  const Rules& R = *r_;
  const std::uint64_t all = (std::uint64_t{1} << R.piles) - 1;  // piles < 64
  std::uint64_t dirty = pin_dirty_ & all;
  pin_dirty_ = 0;
  if (!R.foundations_give && (dirty & R.foundation_mask)) {  // their cards hold nothing
    up_for_good_ = 0;
    for (std::uint64_t fs = R.foundation_mask; fs; fs &= fs - 1)
      for (int i = 0; i < size_[ctz64(fs)]; ++i) up_for_good_ |= bit(face(cards_[ctz64(fs)][i]));
    dirty = all;
  }
  for (dirty &= ~R.foundation_mask; dirty; dirty &= dirty - 1) {
    const int q = ctz64(dirty);
    first_pin_[q] = kNoPin;
    pinned_piles_ &= ~bit(q);
    if (q == R.stock || q == R.waste) continue;
    refresh_crowds(q);
    if (!R.gives[q]) continue;
    std::uint64_t under = 0;
    for (int j = 0; j < size_[q]; ++j) {
      if (j) under |= bit(face(cards_[q][j - 1]));
      if (pinned(q, j, under)) {
        first_pin_[q] = static_cast<std::uint8_t>(j);
        pinned_piles_ |= bit(q);
        break;
      }
    }
  }
}

bool State::find_pinned_loss(int* pile, int* index, int* unplaced) const {
  for (std::uint64_t ps = pinned_piles_; ps; ps &= ps - 1) {
    const int q = ctz64(ps);
    std::uint64_t under = 0;
    for (int j = 0; j < size_[q]; ++j) {
      if (j) under |= bit(face(cards_[q][j - 1]));
      if (j >= first_pin_[q] && pinned(q, j, under) && pinned_loss_at(q, j, under, 0, unplaced)) {
        if (pile) *pile = q;
        if (index) *index = j;
        return true;
      }
    }
  }
  return false;
}

// Every card it could be laid on off the foundations lies under it (or, where foundation
// cards never come down, is up), no empty pile takes it, and it cannot leave with the card
// under it.
bool State::pinned(int q, int j, std::uint64_t under) const {
  const Rules& R = *r_;
  const int c = face(cards_[q][j]);
  return !(R.parents_of[c] & ~(under | up_for_good_)) && !(R.laid_in_empty >> c & 1) && starts_unit(q, j);
}

// Card j of pile q can leave only for its foundation, and `covered` (the cards under it, or
// with a pinned pair those under either card) stay covered till then, as do `others` (the
// pair's other card, which then still lies where it does). At that moment the cards below it on
// its foundation are up, and the covered cards, the others, those waiting for one of them
// there and those waiting for it cannot be. Each of those lying off the foundations and the
// talon, but not covered, must then rest: where it lies, if nothing under it must have gone
// up; in an empty pile that takes it; or on a card that rests and could hold it. The others
// rest where they lie.
bool State::pinned_loss_at(int q, int j, std::uint64_t covered, std::uint64_t others, int* unplaced) const {
  const Rules& R = *r_;
  const int c = face(cards_[q][j]);
  std::uint64_t waiting = R.home_above[c];
  for (std::uint64_t m = covered | others; m; m &= m - 1) waiting |= bit(ctz64(m)) | R.home_above[ctz64(m)];
  const std::uint64_t gone = R.home_below[c] | bit(c);
  if (waiting & gone) {
    if (unplaced) *unplaced = ctz64(waiting & gone);
    return true;
  }
  const std::uint64_t unavailable = gone | covered;
  // A pile's cards rest where they lie up to its first card that must have gone up. Only
  // piles holding such a card are walked; the others are read off their faces (refresh_pins).
  std::uint64_t must_rest = 0, rests = others;
  for (int p = 0; p < R.piles; ++p) {
    if (R.kind[p] == Kind::Foundation || p == R.stock || p == R.waste) continue;
    const std::uint64_t faces = pile_faces_[p];
    must_rest |= faces;
    if (!(faces & gone)) {
      rests |= faces;
      continue;
    }
    for (int i = 0; i < size_[p] && !(gone >> face(cards_[p][i]) & 1); ++i) rests |= bit(face(cards_[p][i]));
  }
  must_rest &= waiting & ~covered;
  rests &= ~unavailable;
  if (!(must_rest & ~rests)) return false;  // each can stay where it lies
  const std::uint64_t available = R.pinned_faces & ~unavailable & ~up_for_good_;
  rests |= R.laid_in_empty & available;
  // A card not resting yet rests if it is free to move and a chain of free cards, each laid on
  // the next, ends on a resting card. Searched from the few such cards up their holders, not
  // from the many resting cards down.
  for (std::uint64_t ys = must_rest & ~rests; ys; ys &= ys - 1) {
    const int y = ctz64(ys);
    std::uint64_t chain = bit(y) & available, seen = chain;
    while (chain) {
      std::uint64_t holders = 0;
      for (std::uint64_t m = chain; m; m &= m - 1) holders |= R.parents_of[ctz64(m)];
      if (holders & rests) break;
      chain = holders & available & ~seen;
      seen |= chain;
    }
    if (!chain) {
      if (unplaced) *unplaced = y;
      return true;
    }
  }
  return false;
}

}  // namespace sol
