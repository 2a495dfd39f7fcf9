#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "beam.hpp"
#include "best_first.hpp"
#include "ghost_checks.hpp"
#include "ghost_relaxation.hpp"
#include "open_positions.hpp"
#include "position_set.hpp"
#include "rng.hpp"
#include "refill_search.hpp"
#include "shorten.hpp"
#include "single_deals.hpp"
#include "stock_beam.hpp"
#include "streamline.hpp"

namespace sol {

namespace {

// A move order: the moves most likely to lead to a win first. By default cards going up to
// the foundations, then cards leaving the reserves and waste, then rearranging, dealing,
// and last taking cards back off the foundations. Three choices in it decide a great deal
// and none is best for every deal, so solve() runs a small portfolio of orders in turn.
struct Order {
  bool waste_first;        // waste before reserves (else reserves before waste)
  bool deal_early;         // deal before rearranging the tableau
  bool transfers_early;    // foundation-to-foundation moves right after moves up
  // A streamliner (after Solvitaire): no card leaves a foundation, and where a card can go
  // up, only such moves are tried. It searches a far smaller space, so it often finds a win
  // fast; but it can miss wins, so running out of positions proves nothing.
  bool streamlined = false;
  // Restarts: the search starts again from scratch, with fresh random choices among moves of
  // equal rank and a fresh order, after 1, 1, 2, 1, 1, 2, 4, ... (Luby's sequence) times
  // kRestartUnit positions. Where wins are plentiful but an early mistake can trap a
  // depth-first search for millions of positions, many short tries beat one long one.
  bool restarts = false;
};

constexpr std::uint64_t kRestartUnit = 1 << 12;

// Luby's sequence, 1-based: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
std::uint64_t luby(std::uint64_t i) {
  for (std::uint64_t k = 1;; ++k) {
    const std::uint64_t full = (std::uint64_t{1} << k) - 1;
    if (i == full) return std::uint64_t{1} << (k - 1);
    if (i < full) return luby(i - (full >> 1));
  }
}

int move_rank(const Rules& R, Move m, const Order& o) {
  if (m.dst == R.stock) return 60;  // redeal
  if (m.src == R.stock) return o.deal_early ? 15 : 40;
  const Kind from = R.kind[m.src], to = R.kind[m.dst];
  if (from == Kind::Foundation) return o.transfers_early && to == Kind::Foundation ? 5 : 50;
  int source = 0;  // tableau
  if (from == Kind::Waste) source = o.waste_first ? 1 : 2;
  if (from == Kind::Reserve) source = o.waste_first ? 2 : 1;
  if (to == Kind::Foundation || to == Kind::Waste) return source;  // Golf's waste builds
  if (from == Kind::Reserve || from == Kind::Waste) return 10 + source;
  return m.count > 1 ? 20 : 30;
}

// The orders worth trying for these rules: variants that cannot differ are left out.
std::vector<Order> portfolio(const Rules& R) {
  bool reserves = false, transfers = false;
  int foundations = 0;
  for (int p = 0; p < R.piles; ++p) {
    reserves |= R.kind[p] == Kind::Reserve && R.gives[p];
    if (R.kind[p] == Kind::Foundation) {
      ++foundations;
      transfers |= R.gives[p];
    }
  }
  const bool takeback = transfers;  // some foundation gives cards back
  transfers &= foundations > 1;
  std::vector<Order> out;
  // The streamlined search, where it leaves something out: cards taken back down, or moves
  // off the foundations' way while a card can go up. It goes first: its first slice often
  // ends the solve at once, and when it fails, it fails fast.
  bool builds = false;
  for (int p = 0; p < R.piles; ++p)
    builds |= R.takes[p] && (R.kind[p] == Kind::Tableau || R.kind[p] == Kind::Reserve);
  if (foundations > 0 && (takeback || builds)) out.push_back({true, false, false, true});
  out.push_back({true, false, false});
  if (reserves && R.waste >= 0) out.push_back({false, false, false});
  // Restarts, where there is a stock: they try dealing early too, among other orders, and
  // took the place of a fixed deal-early order that seldom won (seeds/solver.md).
  if (R.stock >= 0) out.push_back({true, false, false, false, true});
  if (reserves && R.waste >= 0 && R.stock >= 0 && transfers) out.push_back({false, true, true});
  return out;
}


struct Frame {
  std::uint32_t begin, end, next;  // this position's moves in the arena; the next to try
  Move played;                     // the move being explored from here
  Undo undo;
  // Tarjan's bookkeeping: when the position was entered, the earliest open position known
  // to be reachable from it, and where it sits on the stack of open positions.
  std::uint64_t order, low;
  std::size_t open_at;
};

// One depth-first search under one move order. It can be paused after any number of
// expanded positions and resumed, so solve() can give the orders of its portfolio turns.
//
// A search of the whole game finds strongly connected components as it goes (Tarjan's
// algorithm): when one closes without a win, everything reachable from it has been seen,
// so all its positions are lost, whichever search gets there next. They go into `lost`, the
// table every search shares; what the search still works on is in its own OpenPositions. So
// each search builds on what the others proved, and a restart keeps what earlier tries
// proved. A streamlined search cannot prove a loss: it keeps its own table of positions seen.
class Search final : public SearchTask {
 public:
  // `checks`, where given, asks smaller games about the positions a card turned up leads to.
  Search(const State& start, const Order& order, MemoryBudget& budget, PositionSet& lost,
         GhostChecks* checks = nullptr)
      : start_(waiting_for_use(start, !order.streamlined)), s_(start_), order_(order), seen_(budget), open_(budget),
        lost_(lost), checks_(order.streamlined ? nullptr : checks) {
    begin();
  }

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    if (status_ != Status::Paused) return status_;
    while (!frames_.empty()) {
      if ((++ticks_ & 0x3FFF) == 0) {
        if (stop && stop()) throw Interrupted{};
        if (time_up()) return status_;
      }
      if (positions_ >= until) return status_;
      if (order_.restarts && expanded_ >= restart_at_) {
        restart();
        if (status_ != Status::Paused) return status_;
        continue;
      }
      Frame& f = frames_.back();
      if (f.next == f.end) {  // every move from here explored
        if (!leave()) return out_of_memory();
        continue;
      }
      f.played = arena_[f.next++];
      ++moves_tried_;
      // The move is made only once its position is known to be new, where its key can be
      // worked out without it (most moves lead back to positions already seen); but the
      // streamlined search's few moves mostly reach new positions, so it makes them all.
      std::uint64_t a, b;
      const bool made = order_.streamlined || !s_.predict_key(f.played, a, b);
      if (made) {
        s_.make_macro(f.played, f.undo);
        if (s_.is_won()) {
          for (const Frame& g : frames_) line_.push_back(g.played);
          return status_ = Status::Won;
        }
        s_.solver_key(a, b);
      }
      lost_.prefetch_slot(b);  // a quarter of Aces and Kings' moves lead to lost positions
      if (order_.streamlined) {
        seen_.prefetch(b);
        const auto seen = seen_.insert(a, b);
        if (seen == PositionSet::Insert::Full) return out_of_memory();
        if (seen == PositionSet::Insert::Seen || lost_.contains(a, b)) {
          if (made) s_.unmake_macro(f.played, f.undo);
          continue;
        }
      } else {
        open_.prefetch(b);
        const std::uint64_t order = open_.find(a, b);
        if (order != OpenPositions::kAbsent || lost_.contains(a, b)) {
          f.low = std::min(f.low, order);  // kAbsent: a lost position, which ties to nothing
          if (made) s_.unmake_macro(f.played, f.undo);
          continue;
        }
      }
      if (!made) s_.make_macro(f.played, f.undo);  // predict_key: not a win
      if (checks_ && (f.undo.flipped ? smaller_games_prove_lost() : kept_sets_prove_lost())) {
        if (lost_.insert(a, b) == PositionSet::Insert::Full) return out_of_memory();
        s_.unmake_macro(f.played, f.undo);
        continue;
      }
      if (!expand(a, b)) return out_of_memory();
    }
    // Every reachable position was expanded: a proof of loss, unless moves were left out.
    if (order_.streamlined) {
      seen_.release();
      return status_ = Status::GaveUp;
    }
    return status_ = Status::Exhausted;
  }

 private:
  void begin() {
    if (order_.restarts) restart_at_ = expanded_ + kRestartUnit * luby(++tries_);
    std::uint64_t a, b;
    s_.solver_key(a, b);
    if (order_.streamlined && seen_.insert(a, b) == PositionSet::Insert::Full) {
      out_of_memory();
      return;
    }
    if (lost_.contains(a, b)) {  // another search has proved it
      status_ = order_.streamlined ? Status::GaveUp : Status::Exhausted;
      return;
    }
    if (!expand(a, b)) out_of_memory();
  }

  void restart() {
    seen_.release();
    open_.clear();
    open_stack_.clear();
    frames_.clear();
    arena_.clear();
    s_ = start_;
    const std::uint64_t r = random_.next();
    order_.waste_first = r & 1;
    order_.deal_early = r & 2;
    order_.transfers_early = r & 4;
    begin();
  }

  Status out_of_memory() {
    seen_.release();  // give the memory to the searches still going
    open_.release();
    return status_ = Status::OutOfMemory;
  }

  // Every move from the top frame's position has been tried: back up to its parent. If the
  // position was the first entered of its component, the component is closed and lost.
  // False if the lost table has no room left.
  bool leave() {
    const Frame f = frames_.back();
    if (!order_.streamlined && f.low == f.order) {
      for (std::size_t i = f.open_at; i < open_stack_.size(); ++i) {
        const Key k = open_stack_[i];
        open_.erase(k.a, k.b);
        if (lost_.insert(k.a, k.b) == PositionSet::Insert::Full) return false;
      }
      open_stack_.resize(f.open_at);
    }
    arena_.resize(f.begin);
    frames_.pop_back();
    if (!frames_.empty()) {
      Frame& parent = frames_.back();
      s_.unmake_macro(parent.played, parent.undo);
      parent.low = std::min(parent.low, f.low);
    }
    return true;
  }

  // Enters the current position (key a, b): records its moves, best first. False if there
  // is no room to remember it.
  bool expand(std::uint64_t a, std::uint64_t b) {
    const std::uint64_t order = positions_;
    if (!order_.streamlined) {
      if (!open_.insert(a, b, order)) return false;
      open_stack_.push_back(Key{a, b});
    }
    const Rules& R = s_.rules();
    MoveList list;
    s_.solver_moves(list);
    if (order_.streamlined) streamline(R, list);
    const auto begin = static_cast<std::uint32_t>(arena_.size());
    arena_.resize(begin + list.size);
    // A stable insertion sort on ranks worked out once: lists are short, and std::stable_sort
    // would allocate a buffer for every position.
    int rank[kMaxMoves];
    Move* out = arena_.data() + begin;
    for (int i = 0; i < list.size; ++i) {
      const Move m = list.moves[i];
      int r = move_rank(R, m, order_);
      if (order_.restarts) r = r * 64 + static_cast<int>(random_.next() & 63);  // ties broken at random
      int j = i;
      for (; j > 0 && rank[j - 1] > r; --j) {
        rank[j] = rank[j - 1];
        out[j] = out[j - 1];
      }
      rank[j] = r;
      out[j] = m;
    }
    frames_.push_back(Frame{begin, static_cast<std::uint32_t>(arena_.size()), begin, Move{}, Undo{},
                            order, order, open_stack_.size() - (order_.streamlined ? 0 : 1)});
    ++positions_;
    ++expanded_;
    if (checks_) checks_->expanded();
    return true;
  }

  // Asks the kept sets that proved a loss before about the position just entered, where no
  // card was turned up: most often an answer already known.
  bool kept_sets_prove_lost() {
    const std::uint64_t before = checks_->positions();
    const bool lost = checks_->lost_by_kept_sets(s_);
    positions_ += checks_->positions() - before;
    return lost;
  }

  // Asks the smaller games about the position just entered. Their positions count against
  // this search's slices.
  bool smaller_games_prove_lost() {
    const std::uint64_t before = checks_->positions();
    const bool lost = checks_->lost(s_);
    positions_ += checks_->positions() - before;
    ticks_ |= 0x3FFF;  // a check can take a while: ask about the time next
    return lost;
  }

  struct Key {
    std::uint64_t a, b;
  };

  // The searches of the whole game (not the streamlined one) put a talon card on a
  // foundation only to hold the card that follows it, and take a card back off one only
  // for its use: fewer positions to a proof of loss.
  static State waiting_for_use(const State& start, bool on) {
    State s(start);
    s.set_cards_wait_for_use(on);
    return s;
  }

  const State start_;
  State s_;
  Order order_;
  PositionSet seen_;        // streamlined: every position seen
  OpenPositions open_;      // otherwise: positions entered and not yet proved lost
  std::vector<Key> open_stack_;
  PositionSet& lost_;       // shared by every search of the solve
  GhostChecks* checks_;     // shared too, or none
  std::uint64_t expanded_ = 0;  // positions expanded; positions_ also counts the checks'
  std::uint64_t restart_at_ = 0, tries_ = 0;
  Rng random_{0x5EED - 0x9E3779B97F4A7C15ull};  // a fixed seed: verdicts repeat
  std::vector<Move> arena_;
  std::vector<Frame> frames_;
  std::uint64_t ticks_ = 0;
  Status status_ = Status::Paused;
};

}  // namespace

std::unique_ptr<SearchTask> make_depth_first(const State& start, MemoryBudget& budget, PositionSet& lost,
                                             GhostChecks* checks) {
  return std::make_unique<Search>(start, Order{true, false, false}, budget, lost, checks);
}

SolveResult solve(const State& start, const SolveLimits& limits, const StopPoll& stop) {
  // Every order of the portfolio searches in turn, a slice of positions at a time, until
  // one settles the question (a win found, or every position visited). Equal slices make
  // the verdict independent of the limits: a deal decided within a limit is decided the
  // same way within any larger one.
  using Clock = std::chrono::steady_clock;
  const Clock::time_point t0 = Clock::now();
  const bool timed = limits.seconds > 0;
  const Clock::time_point deadline =
      timed ? t0 + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(std::min(limits.seconds, 1e9)))
            : Clock::time_point::max();
  const SearchTask::TimeUp time_up = [&] { return timed && Clock::now() >= deadline; };

  SolveResult out;
  MemoryBudget budget(limits.memory_bytes);
  auto finish = [&](Verdict v, Limit why) {
    out.verdict = v;
    out.stopped_by = why;
    out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    out.peak_table_bytes = budget.peak();
    return out;
  };
  if (start.is_won()) return finish(Verdict::Solved, Limit::None);
  if (limits.stuck_cards && start.never_won(&out.stuck)) return finish(Verdict::Unsolvable, Limit::None);
  int pile, index, unplaced;
  if (limits.stuck_cards && start.pinned_reason(pile, index, unplaced)) {
    out.pinned = {pile, index, unplaced};
    return finish(Verdict::Unsolvable, Limit::None);
  }
  std::uint64_t crowded, holders;
  if (limits.stuck_cards && start.crowded_reason(pile, index, crowded, holders)) {
    out.crowded = {pile, index};
    for (; crowded; crowded &= crowded - 1) out.crowded.push_back(ctz64(crowded));
    for (; holders; holders &= holders - 1) out.crowded_holders.push_back(ctz64(holders));
    return finish(Verdict::Unsolvable, Limit::None);
  }
  State::PinnedPair pair;
  if (limits.stuck_cards && start.pinned_pair_reason(pair)) {
    for (int k = 0; k < 2; ++k)
      out.pinned_pair.insert(out.pinned_pair.end(), {pair.pile[k], pair.index[k], pair.blocker[k], pair.needed_up[k]});
    return finish(Verdict::Unsolvable, Limit::None);
  }

  constexpr std::uint64_t kSlice = 1 << 15;
  constexpr std::uint64_t kShortenBudget = 10'000'000;  // moves replayed: about a second at most
  constexpr std::uint64_t kShortenFloor = 200'000;
  PositionSet lost(budget);  // positions proved lost, by any search
  // Slices a turn: the best-first searches take three, as their wins tend to come late
  // (Double or Quits); the restarting search six, as it finds most of Aces and Kings' wins,
  // and twelve where the stock deals several cards (Klondike with draw 3: two more wins at
  // the edge of 10 s in each of two runs). Elsewhere neither cost anything measurable
  // (seeds/solver.md).
  std::vector<std::unique_ptr<SearchTask>> searches;
  std::vector<std::uint64_t> slices;
  bool streamlines = false;
  // Where foundations pair up, the searches start from the position with its pairs joined,
  // and a line starts with the moves that joined them.
  State root(start);
  root.set_pins_checked(limits.stuck_cards);
  std::vector<Move> joining;
  root.start_pairing(joining);
  const Rules& R = start.rules();
  const bool several = deals_several(R);
  // Where the stock deals several cards, what costs the deals decided early but proves long
  // losses far sooner waits until the searches have gone this far (Klondike with draw 3).
  constexpr std::uint64_t kLongSearch = 4'000'000;
  // Where pinned cards prove losses, the depth-first searches ask smaller games about the
  // positions a card turned up leads to (seeds/solver.md, "Smaller games along the search").
  // Where the stock deals several cards, only once they have expanded kLongSearch positions:
  // from the start the checks cost a tenth of the speed and lost as many deals of 1-1000 at
  // 10 s as they decided, yet they prove losses that take the searches alone far longer
  // (#674: 8 s this way, over 60 s without).
  GhostChecks checks(several ? kLongSearch : GhostChecks::kDelay);
  GhostChecks* const asks = GhostChecks::apply(R, limits.stuck_cards) ? &checks : nullptr;
  for (const Order& order : portfolio(R)) {
    searches.push_back(std::make_unique<Search>(root, order, budget, lost, asks));
    slices.push_back(order.restarts ? (several ? 12 : 6) : 1);
    streamlines |= order.streamlined;
  }
  searches.push_back(make_best_first(root, budget, lost, false));
  slices.push_back(3);
  if (streamlines) {
    searches.push_back(make_best_first(root, budget, lost, true));
    slices.push_back(3);
  }
  // Beam search, where there is a stock: twelve slices where the waste is never dealt again
  // (Aces and Kings: its wins come late, and no depth-first search there has proved a loss),
  // and six more there for the beam over the stock's deals, which wins deals it does not,
  // unless the stock also refills piles (Aces and Kings with empty_tableau=stock: there its
  // share cost more wins than it found); one slice elsewhere (Klondike: its wins come early,
  // and the proofs of loss need the time). Without a stock (Black Hole) it won nothing and
  // cost three quarters more time.
  if (R.stock >= 0) {
    searches.push_back(make_beam(root, budget, lost));
    if (R.final_waste >= 0) {
      slices.push_back(12);
      if (R.refilled.empty()) {
        searches.push_back(make_stock_beam(root, budget, lost));
        slices.push_back(6);
      }
    } else {
      slices.push_back(1);
    }
  }
  // Where the stock deals several cards, four slices for the proof dealing one at a time:
  // with it Klondike with draw 3 (deals 1-1000 at 10 s) left 30 unknown against 38, and won
  // the same 800; two slices and eight did as well, within a deal (seeds/solver.md). Twelve
  // once the solve has gone kLongSearch positions: the wins the others find come mostly
  // before, and three losses of 1-1000 came within 10 s (#330, #620, #697); twelve from the
  // start cost wins, and twenty-four after 4 M cost #16.
  const SearchTask* single_deals = nullptr;
  constexpr std::uint64_t kSingleDealSlicesLate = 12;
  if (several) {
    searches.push_back(make_single_deal_search(start, limits.stuck_cards, budget));
    single_deals = searches.back().get();
    slices.push_back(4);
  }
  // Where pinned cards prove losses, one slice for smaller games with ghosts: Klondike #54
  // and #101, undecided after 36-45 M positions, are lost in 41 k and 29 k (seeds/solver.md).
  const SearchTask* ghosts = nullptr;
  std::uint64_t ghosts_kept = 0;
  if (limits.stuck_cards && R.pins_prove_losses) {
    searches.push_back(make_ghost_search(start, &ghosts_kept));
    ghosts = searches.back().get();
    slices.push_back(1);
  }
  // Where the stock could refill the spaces, one slice for the plain depth-first search of
  // the game that does (Aces and Kings #972: won there within 500 positions, unknown after
  // 8.7 M here). Last in the round, it costs the deals won early nothing (seeds/solver.md).
  const SearchTask* refills = nullptr;
  if (refills_streamline(R)) {
    searches.push_back(make_refill_search(start, budget));
    refills = searches.back().get();
    slices.push_back(1);
  }
  for (const auto& search : searches) out.positions += search->positions();
  for (;;) {
    bool running = false;
    for (auto& search : searches) {
      if (!search) continue;
      std::uint64_t step = slices[static_cast<std::size_t>(&search - searches.data())] * kSlice;
      if (search.get() == single_deals && out.positions >= kLongSearch) step = kSingleDealSlicesLate * kSlice;
      if (limits.max_positions) {
        if (out.positions >= limits.max_positions) return finish(Verdict::Unknown, Limit::Positions);
        step = std::min(step, limits.max_positions - out.positions);
      }
      const std::uint64_t positions = search->positions(), tried = search->moves_tried();
      const SearchTask::Status status = search->run(positions + step, time_up, stop);
      out.positions += search->positions() - positions;
      out.moves_tried += search->moves_tried() - tried;
      switch (status) {
        case SearchTask::Status::Won: {
          // Shortening may cost about what the search did, and never more than a second or so.
          std::vector<Move> line;
          if (search.get() == refills) {  // already the plain moves from `start`
            line = search->line();
          } else {
            line = joining;
            const std::vector<Move> played = root.expand_macro_line(search->line());
            line.insert(line.end(), played.begin(), played.end());
          }
          line = start.fewest_transfers(line);
          out.line = shorten(start, std::move(line),
                             std::min(kShortenBudget, std::max(kShortenFloor, 2 * out.moves_tried)),
                             time_up, stop);
          return finish(Verdict::Solved, Limit::None);
        }
        case SearchTask::Status::Exhausted:
          out.single_deals = search.get() == single_deals;
          if (search.get() == ghosts)
            for (std::uint64_t m = ghosts_kept; m; m &= m - 1) out.smaller_game.push_back(ctz64(m));
          return finish(Verdict::Unsolvable, Limit::None);
        case SearchTask::Status::OutOfMemory:
        case SearchTask::Status::GaveUp:
          search.reset();
          continue;
        case SearchTask::Status::Paused:
          running = true;
          break;
      }
      if (time_up()) return finish(Verdict::Unknown, Limit::Time);
    }
    if (!running) return finish(Verdict::Unknown, Limit::Memory);
  }
}

}  // namespace sol
