#include "search.hpp"

#include <vector>

#include "rng.hpp"

namespace sol {

namespace {

constexpr std::uint64_t kPollEvery = 1 << 14;

struct Poller {
  const StopPoll& stop;
  std::uint64_t ticks = 0;
  void tick() {
    if (++ticks % kPollEvery == 0 && stop && stop()) throw Interrupted{};
  }
};

// lists[d]: the move list at depth d, on the heap so deep counts need little stack.
std::uint64_t perft_rec(State& s, int depth, Poller& poll, MoveList* lists) {
  MoveList& list = lists[depth];
  s.generate(list);
  if (depth == 1) return static_cast<std::uint64_t>(list.size);
  std::uint64_t n = 0;
  for (int i = 0; i < list.size; ++i) {
    poll.tick();
    Undo u;
    s.make(list.moves[i], u);
    n += perft_rec(s, depth - 1, poll, lists);
    s.unmake(list.moves[i], u);
  }
  return n;
}

}  // namespace

std::uint64_t perft(State& s, int depth, const StopPoll& stop) {
  if (depth <= 0) return 1;
  Poller poll{stop};
  std::vector<MoveList> lists(static_cast<std::size_t>(depth) + 1);
  return perft_rec(s, depth, poll, lists.data());
}

PlayoutStats random_playouts(const State& start, std::uint64_t playouts, int max_steps,
                             std::uint64_t seed, const StopPoll& stop) {
  PlayoutStats st;
  Poller poll{stop};
  Rng rng{seed};
  State s = start;
  for (std::uint64_t g = 0; g < playouts; ++g) {
    s = start;
    s.drop_keys();
    for (int k = 0; k < max_steps && !s.is_won(); ++k) {
      Move m;
      if (!s.pick_move(static_cast<std::uint32_t>(rng.next() >> 32), m)) break;
      Undo u;
      s.make(m, u);
      ++st.steps;
      poll.tick();
    }
    st.wins += s.is_won();
    ++st.playouts;
    poll.tick();  // also per game: games of no steps must stay interruptible
  }
  return st;
}

std::uint64_t generate_repeatedly(const State& s, std::uint64_t times, const StopPoll& stop) {
  Poller poll{stop};
  MoveList list;
  std::uint64_t total = 0;
  for (std::uint64_t i = 0; i < times; ++i) {
    s.generate(list);
    total += static_cast<std::uint64_t>(list.size);
    poll.tick();
  }
  return total;
}

}  // namespace sol
