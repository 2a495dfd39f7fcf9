#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <vector>

#include "bots.hpp"
#include "rng.hpp"

namespace sol {

namespace {

bool ends_turn(const Rules& R, Move m) {
  return m.src == kPass || R.kind[m.src] == Kind::Stock || R.kind[m.dst] == Kind::Stock;
}

// Ends the mover's turn if the rules allow it now (deal, redeal or pass); says which move.
bool end_turn(State& s, Move* played = nullptr) {
  MoveList list;
  s.generate(list);
  for (int k = 0; k < list.size; ++k)
    if (ends_turn(s.rules(), list.moves[k])) {
      Undo u;
      s.make(list.moves[k], u);
      if (played) *played = list.moves[k];
      return true;
    }
  return false;
}

// The quick policy of the playouts: a card home if one can go; else, mostly, a card onto
// a pile that builds (runs grow, cards under them come free); else the end of the turn.
Move playout_move(const State& s, const MoveList& list, Rng& rng) {
  const Rules& R = s.rules();
  int end = -1, builds[kMaxPiles * 4], n_builds = 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (ends_turn(R, m)) {
      end = i;
      continue;
    }
    if (R.kind[m.dst] == Kind::Foundation) return m;
    if (s.size(m.dst) > 0 && n_builds < kMaxPiles * 4) builds[n_builds++] = i;
  }
  const std::uint64_t r = rng.next();
  if (n_builds && (r & 3) != 0) return list.moves[builds[rng.below(n_builds)]];
  if (end >= 0 && (r & 4)) return list.moves[end];
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

// A plan for the rest of the turn: a sequence of moves that do not end it, leading to one
// of the positions the player can reach before dealing.
struct Plan {
  std::vector<Move> moves;
  int score = 0;  // greedy_evaluation at its end
};

// Every position the mover can reach this turn without dealing (up to `cap` of them, each
// once), breadth first so each is reached by a shortest plan; the plans to the best few by
// the greedy evaluation, the empty plan (end the turn now) always among them. Within a turn
// nothing hidden is dealt, so this needs no sampling.
std::vector<Plan> turn_plans(const State& s, std::size_t cap, std::size_t keep) {
  const Rules& R = s.rules();
  const int me = s.to_move();
  struct Node {
    int parent;
    Move move;
    int score;
  };
  std::vector<Node> nodes{Node{-1, Move{}, greedy_evaluation(s, me)}};
  std::unordered_set<std::uint64_t> seen{s.hash()};
  State work = s;
  work.drop_keys();
  std::vector<Move> path;
  std::vector<Undo> undos;
  MoveList list;
  for (std::size_t i = 0; i < nodes.size() && nodes.size() < cap; ++i) {
    path.clear();  // to node i from the start, then back after listing its children
    for (int k = static_cast<int>(i); k > 0; k = nodes[k].parent) path.push_back(nodes[k].move);
    std::reverse(path.begin(), path.end());
    undos.resize(path.size());
    for (std::size_t k = 0; k < path.size(); ++k) work.make(path[k], undos[k]);
    work.generate(list);
    for (int k = 0; k < list.size && nodes.size() < cap; ++k) {
      const Move m = list.moves[k];
      if (ends_turn(R, m)) continue;
      Undo u;
      work.make(m, u);
      if (work.to_move() == me && seen.insert(work.hash()).second)
        nodes.push_back(Node{static_cast<int>(i), m, greedy_evaluation(work, me)});
      work.unmake(m, u);
    }
    for (std::size_t k = path.size(); k-- > 0;) work.unmake(path[k], undos[k]);
  }
  // The best `keep` (nearest first among equals: breadth-first order), and the empty plan.
  std::vector<int> order(nodes.size() - 1);
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = static_cast<int>(k + 1);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return nodes[a].score > nodes[b].score; });
  if (order.size() > keep) order.resize(keep);
  std::vector<Plan> out{Plan{{}, nodes[0].score}};
  for (int k : order) {
    Plan plan{{}, nodes[k].score};
    for (int j = k; j > 0; j = nodes[j].parent) plan.moves.push_back(nodes[j].move);
    std::reverse(plan.moves.begin(), plan.moves.end());
    out.push_back(std::move(plan));
  }
  return out;
}

}  // namespace

std::vector<Move> search_bot_plan(const State& s, std::uint64_t seed, int playouts) {
  MoveList root;
  s.generate(root);
  if (root.size <= 1) return std::vector<Move>(root.moves, root.moves + root.size);
  const int me = s.to_move();
  const std::vector<Plan> plans = turn_plans(s, 5000, 7);
  const int n = static_cast<int>(plans.size());
  std::vector<double> total(static_cast<std::size_t>(n), 0.0);
  std::vector<int> visits(static_cast<std::size_t>(n), 0);
  Rng rng{seed};
  for (int i = 0; i < playouts && n > 1; ++i) {
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
    work.drop_keys();
    work.sample_unseen_stocks(rng.next());
    for (const Move& m : plans[pick].moves) {
      Undo u;
      work.make(m, u);
    }
    end_turn(work);
    total[pick] += play_out(work, me, rng);
    ++visits[pick];
  }
  int most = 0;
  for (int k = 1; k < n; ++k)
    if (visits[k] > visits[most] || (visits[k] == visits[most] && total[k] > total[most])) most = k;
  std::vector<Move> out = plans[most].moves;
  // The plan, then the end of the turn where the rules allow it (else the next call plans on).
  State end = s;
  for (const Move& m : out) {
    Undo u;
    end.make(m, u);
  }
  Move m;
  if (end_turn(end, &m)) out.push_back(m);
  if (out.empty()) out.push_back(root.moves[0]);  // strict rules, best to stay: play on
  return out;
}

}  // namespace sol
