// The streamliner's smaller game (seeds/solver.md, "Searches"): no card is taken back off a
// foundation, and where a card can go up, only moves up are tried. A win in it is a win of
// the real game; running out of positions in it proves nothing.
#pragma once
#include "rules.hpp"
#include "state.hpp"

namespace sol {

inline void streamline(const Rules& R, MoveList& list) {
  bool up = false;
  for (int i = 0; i < list.size; ++i)
    up |= R.kind[list.moves[i].dst] == Kind::Foundation && R.kind[list.moves[i].src] != Kind::Foundation;
  int kept = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (R.kind[m.src] == Kind::Foundation) continue;
    if (up && R.kind[m.dst] != Kind::Foundation) continue;
    list.moves[kept++] = m;
  }
  list.size = kept;
}

}  // namespace sol
