#include <cmath>
#include <vector>

#include "bots.hpp"

namespace sol {

namespace {

struct Rng {
  std::uint64_t x;
  std::uint64_t next() { return mix64(x += 0x9E3779B97F4A7C15ull); }
  int below(int n) { return static_cast<int>((next() >> 32) * static_cast<std::uint64_t>(n) >> 32); }
};

bool ends_turn(const Rules& R, Move m) {
  return m.src == kPass || R.kind[m.src] == Kind::Stock || R.kind[m.dst] == Kind::Stock;
}

// The quick policy of the playouts.
Move playout_move(const State& s, const MoveList& list, Rng& rng) {
  const Rules& R = s.rules();
  int end = -1;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m.src != kPass && R.kind[m.dst] == Kind::Foundation) return m;
    if (ends_turn(R, m)) end = i;
  }
  if (end >= 0 && (rng.next() & 1)) return list.moves[end];
  return list.moves[rng.below(list.size)];
}

// The game played out from `s`, scored for `me` in [0, 1].
double play_out(State& s, int me, Rng& rng) {
  MoveList list;
  for (int step = 0; step < 20000; ++step) {
    s.generate(list);
    if (list.size == 0) break;
    Undo u;
    s.make(playout_move(s, list, rng), u);
  }
  const int w = s.winner();
  int outcome2 = 1;  // twice the outcome: 2 win, 1 draw, 0 loss
  const int mine = s.home(me), theirs = s.home(1 - me);
  if (w >= 0) outcome2 = w == me ? 2 : 0;
  else if (mine != theirs) outcome2 = mine > theirs ? 2 : 0;
  const double margin = (mine - theirs) / 104.0;  // -0.5 .. 0.5
  return 0.45 * outcome2 + 0.1 * (0.5 + margin);
}

}  // namespace

Move search_bot_move(const State& s, std::uint64_t seed, int playouts) {
  MoveList root;
  s.generate(root);
  if (root.size <= 1) return root.size ? root.moves[0] : Move{};
  const int me = s.to_move(), n = root.size;
  std::vector<double> total(static_cast<std::size_t>(n), 0.0);
  std::vector<int> visits(static_cast<std::size_t>(n), 0);
  Rng rng{seed};
  for (int i = 0; i < playouts; ++i) {
    int pick = i < n ? i : 0;
    if (i >= n) {  // UCB1: the best mean plus an exploration bonus that shrinks with visits
      double best = -1.0;
      const double log_i = std::log(static_cast<double>(i));
      for (int k = 0; k < n; ++k) {
        const double ucb = total[k] / visits[k] + 0.5 * std::sqrt(log_i / visits[k]);
        if (ucb > best) best = ucb, pick = k;
      }
    }
    State work = s;
    work.sample_unseen_stocks(rng.next());
    Undo u;
    work.make(root.moves[pick], u);
    total[pick] += play_out(work, me, rng);
    ++visits[pick];
  }
  int most = 0;
  for (int k = 1; k < n; ++k)
    if (visits[k] > visits[most] || (visits[k] == visits[most] && total[k] > total[most])) most = k;
  return root.moves[most];
}

}  // namespace sol
