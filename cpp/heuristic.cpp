// How near a win a position looks, for the best-first search. Only an ordering: the
// solver's verdicts never depend on it.
#include "state.hpp"

namespace sol {

namespace {
// Weights chosen by trying eight sets on deals 1-60 of five games at 1 s: a card on its way to a
// foundation is worth most; each card still on top of the next wanted one, each face-down
// card and each empty pile much less. Digging is counted no deeper than 16 cards.
// Each card on a final waste (Rules) costs the caller's weight: it must still come off, one
// at a time from the top, and a growing waste is how those games are lost. So does each
// face-down tableau card: the two best-first searches weigh digging differently.
struct Weights {
  int progress = 32, depth = 4, empty = 8, depth_cap = 16;
};
constexpr Weights kW;
}  // namespace

int State::heuristic(int final_waste_weight, int face_down_weight) const {
  const Rules& R = *r_;
  int progress = foundation_cards_;
  if (R.spec.win == WinTest::TableauEmpty) {
    progress = 0;
    for (int p : R.tableau) progress -= size_[p];
  }
  std::uint64_t wanted = 0;  // faces a goal pile takes now
  for (int g : R.goals) wanted |= accepting(g);
  int ace, king;
  if (pairs_on_ && pair_ends(ace, king)) wanted = ~std::uint64_t{0};  // a joined pair takes any card
  int score = kW.progress * progress;
  for (int p : R.givers) {
    if (R.kind[p] == Kind::Foundation) continue;
    const int n = size_[p];
    if (n == 0) {
      if (R.takes[p]) score += kW.empty;
      continue;
    }
    // Cards above the first one a goal pile wants: the digging still to do here.
    int d = 0;
    while (d < n && d < kW.depth_cap) {
      const Card c = cards_[p][n - 1 - d];
      if (is_face_down(c) || (wanted >> face(c) & 1)) break;
      ++d;
    }
    score -= kW.depth * d;
    if (p == R.final_waste) score -= final_waste_weight * n;
    if (R.kind[p] == Kind::Tableau)
      for (int i = 0; i < n && is_face_down(cards_[p][i]); ++i) score -= face_down_weight;
  }
  return score;
}

}  // namespace sol
