// Safe moves: a card that can go to a foundation now, and could never serve anywhere else,
// goes there without the solver trying the alternatives. The argument for each condition
// is in seeds/solver.md ("Safe moves"); its numbers are quoted below.
#include "state.hpp"

namespace sol {

// Where each card has one home (Rules::fixed_homes): the foundation cards that a winning
// line never needs to take back (condition 7): all of their face's cards are home, and
// every face that could be put on them is one of these too.
std::uint64_t State::settled_faces() const {
  const Rules& R = *r_;
  std::uint64_t settled = 0;
  for (int f = 0; f < 64; ++f)
    if (on_foundations_[f] == R.face_copies[f]) settled |= std::uint64_t{1} << f;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint64_t m = settled; m; m &= m - 1)
      if (R.built_on[ctz64(m)] & ~settled) {
        settled &= ~(std::uint64_t{1} << ctz64(m));
        changed = true;
      }
  }
  return settled;
}

void State::drop_settled_moves(MoveList& list) const {
  const Rules& R = *r_;
  if (!R.foundations_give || !R.settles()) return;
  std::uint64_t settled = 0;
  bool known = false;
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (R.kind[m.src] == Kind::Foundation) {
      if (!known) settled = settled_faces(), known = true;
      if (settled >> top_face_[m.src] & 1) continue;
    }
    list.moves[kept++] = m;
  }
  list.size = kept;
}

bool State::safe_move(Move& out) const {
  const Rules& R = *r_;
  auto all_home = [&](std::uint64_t faces) {
    for (; faces; faces &= faces - 1)
      if (on_foundations_[ctz64(faces)] < R.face_copies[ctz64(faces)]) return false;
    return true;
  };
  if (!R.may_have_safe_moves) return false;  // (1), or (5) in every position
  std::uint64_t settled = 0;  // worked out once, and only if some card gets that far
  bool settled_known = false;
  auto is_settled = [&](std::uint64_t faces) {
    if (!settled_known) settled = settled_faces(), settled_known = true;
    return (faces & ~settled) == 0;
  };
  // Conditions (2)-(5) for face fc going up from pile s (pad: the talon split it is played
  // at, or 0); (6) is the caller's.
  auto goes_up = [&](int s, int fc, int pad) {
    const std::uint64_t bit = std::uint64_t{1} << fc;
    // (2) Nothing may ever be put on this card outside the foundations: no card that could
    // lies anywhere else, or, where foundation cards may come back, no such card exists
    // (or, by (7), only cards that need never come back could be).
    if (R.foundations_give && !R.settles()) {
      if (R.built_on[fc]) return false;
    } else {
      if (!all_home(R.built_on[fc])) return false;  // cheap, and what settles most positions
      if (R.foundations_give && !is_settled(R.built_on[fc])) return false;
    }
    for (std::uint64_t fs = takers(fc) & R.foundation_mask; fs; fs &= fs - 1) {
      const int f = ctz64(fs);
      // (3) The foundation takes no other face now: whatever goes on it next is this card.
      if (accepting(f) != bit) continue;
      // (4) Where foundation cards may leave, the foundation is empty (nothing on it could
      // be wanted back first) and this is the last copy of the card outside the foundations;
      // by (7), its top card may instead be one a winning line need never take back.
      if (R.foundations_give && on_foundations_[fc] + 1 != R.face_copies[fc]) continue;
      if (R.foundations_give && size_[f] != 0) {
        if (!R.settles() || !is_settled(std::uint64_t{1} << top_face_[f])) continue;
      }
      // (5) No other foundation could ever take this face, nor this one again later. With
      // fixed places, others may, but every other copy is home, so which one is no choice (8).
      bool elsewhere = !R.fixed_places && (R.foundation_reach[R.group[f]][fc] & bit) != 0;
      for (std::uint64_t os = R.foundation_mask & ~(std::uint64_t{1} << f); os && !elsewhere && !R.fixed_places;
           os &= os - 1) {
        const int o = ctz64(os);
        const std::uint64_t reach = size_[o] && !R.foundations_give
                                        ? R.foundation_reach[R.group[o]][top_face_[o]]
                                        : R.reach_from_empty[o];
        elsewhere = (reach & bit) != 0;
      }
      if (elsewhere) continue;
      out = Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(f), 1, static_cast<std::uint8_t>(pad)};
      return true;
    }
    return false;
  };
  for (int s : R.givers) {
    if (R.kind[s] == Kind::Foundation || size_[s] == 0) continue;
    // (6) Leaving the source changes nothing but the source: no refill is set off, no refill
    // source is emptied early, and the talon's dealing groups stay as they were.
    if (size_[s] == 1 && !fill_source_empty(s)) continue;
    // From the waste, a card could come back to the stock (a redeal) and from there be dealt
    // or drawn into a refill in the winning line; dealing by threes would regroup.
    if (s == R.waste && redeals_left_ != 0 && (!R.refilled.empty() || R.spec.deal_count > 1)) continue;
    if (s == R.waste && R.waste_refills) continue;
    if (goes_up(s, top_face_[s], 0)) return true;
  }
  // (6) for the talon's other cards: where it deals one card at a time and cycles without
  // end (nothing refilled from it), every card of it can be played at any moment, and one
  // taken out regroups nothing, so any of them goes up as if it were the waste's top.
  if (R.cyclic_talon && R.spec.deal_count == 1) {
    std::uint8_t at[2 * kMaxPileCards];
    const int splits = talon_splits(at);
    for (int i = 0; i < splits; ++i)
      if (goes_up(R.waste, face(talon_card(at[i])), at[i])) return true;
  }
  return false;
}

}  // namespace sol
