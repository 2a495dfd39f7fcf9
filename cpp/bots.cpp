#include "bots.hpp"

namespace sol {

namespace {

bool ends_turn(const Rules& R, Move m) {
  return m.src == kPass || R.kind[m.src] == Kind::Stock || R.kind[m.dst] == Kind::Stock;
}

}  // namespace

Move random_bot_move(const State& s, std::uint64_t seed) {
  Move m{};
  s.pick_move(static_cast<std::uint32_t>(mix64(seed) >> 32), m);
  return m;
}

int greedy_evaluation(const State& s, int player) {
  const Rules& R = s.rules();
  // Faces some foundation takes now.
  std::uint64_t wanted = 0;
  for (int f = 0; f < R.piles; ++f)
    if (R.kind[f] == Kind::Foundation && s.size(f) < R.max_cards[f]) {
      if (s.size(f) == 0) wanted |= R.empty_accepts[f];
      else wanted |= R.on_top[R.group[f]][face(s.top(f))];
    }
  int score = 100 * s.home(player);
  for (int p = 0; p < R.piles; ++p) {
    if (R.owner[p] != player || (R.kind[p] != Kind::Tableau && R.kind[p] != Kind::Waste)) continue;
    const int n = s.size(p);
    if (n == 0 && R.kind[p] == Kind::Tableau) score += 5;
    if (R.kind[p] == Kind::Tableau)  // built pairs: runs that can move on as a unit
      for (int i = 1; i < n; ++i)
        if (R.on_top[R.group[p]][face(s.card(p, i - 1))] >> face(s.card(p, i)) & 1) score += 2;
    for (int i = 0; i < n; ++i)
      if (wanted >> face(s.card(p, i)) & 1) {
        score -= 3 * (n - 1 - i);  // the cards above it
        break;
      }
  }
  return score;
}

Move greedy_bot_move(const State& s) {
  MoveList list;
  s.generate(list);
  const Rules& R = s.rules();
  const int me = s.to_move();
  State work = s;
  work.drop_keys();
  const int now = greedy_evaluation(s, me);
  Move best{}, turn_end{};
  bool have_best = false, have_end = false;
  int best_score = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (ends_turn(R, m)) {
      if (!have_end) turn_end = m, have_end = true;
      continue;
    }
    Undo u;
    work.make(m, u);
    const int score = greedy_evaluation(work, me);
    work.unmake(m, u);
    if (!have_best || score > best_score) best = m, best_score = score, have_best = true;
  }
  // Rearranging that gains nothing could go back and forth for ever: end the turn instead.
  if (have_best && (best_score > now || !have_end)) return best;
  return have_end ? turn_end : best;
}

}  // namespace sol
