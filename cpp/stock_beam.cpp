#include "stock_beam.hpp"

#include <algorithm>

#include "node_store.hpp"
#include "rng.hpp"

namespace sol {

namespace {

// A position not yet expanded: its score, its parent node and the move there. Only the
// positions expanded become nodes: most children are never expanded.
struct Candidate {
  std::int32_t score;
  std::uint32_t parent;
  Move move;
};
bool worse(const Candidate& x, const Candidate& y) { return x.score < y.score; }

class StockBeam final : public SearchTask {
 public:
  StockBeam(const State& start, MemoryBudget& budget, const PositionSet& lost)
      : start_(start), s_(start_), seen_(budget), nodes_(budget), lost_(lost), budget_(budget) {
    start_.set_cards_wait_for_use(false);  // as in the best-first searches
    begin_try();
  }
  ~StockBeam() override { release(); }
  StockBeam(const StockBeam&) = delete;
  StockBeam& operator=(const StockBeam&) = delete;

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    if (status_ != Status::Paused) return status_;
    for (;;) {
      if ((++ticks_ & 0x3FF) == 0) {
        if (stop && stop()) throw Interrupted{};
        if (time_up()) return status_;
      }
      if (positions_ >= until) return status_;
      if (queue_.empty() || expanded_here_ >= width_ * kPerLevel) {
        if (!queue_.empty()) pruned_ = true;
        if (next_level()) continue;
        // As in the beam of layers: a try that left nothing out cannot do better wider.
        if (!pruned_ || width_ >= kMaxWidth) {
          release();
          return status_ = Status::GaveUp;
        }
        width_ *= 2;
        if (!begin_try()) return status_;
        continue;
      }
      std::pop_heap(queue_.begin(), queue_.end(), worse);
      const Candidate c = queue_.back();
      queue_.pop_back();
      if (!expand(c)) return status_;
    }
  }

 private:
  // Measured on Aces and Kings' deals unknown at 10 s (seeds/solver.md): 256 and 16 won
  // more of them than 1024 and 4 or 64 and 64; 16 more than 1, 4 or 64.
  static constexpr std::size_t kFirstWidth = 256, kPerLevel = 16, kMaxWidth = std::size_t{1} << 20;
  static constexpr int kNoise = 64;  // as in the beam of layers

  int level() const { return s_.size(s_.rules().stock); }

  // Makes the candidate's position and expands it. False once the search is over.
  bool expand(const Candidate& c) {
    std::uint32_t n = kRoot;
    if (root_expanded_) {
      walk(s_, nodes_, cur_, c.parent, down_);
      Undo u;
      s_.make_macro(c.move, u);
      if (!nodes_.add(c.parent, c.move, u, 0)) return out_of_memory(), false;
      n = cur_ = nodes_.size() - 1;
    }
    root_expanded_ = true;
    ++expanded_here_;
    ++positions_;
    MoveList list;
    s_.solver_moves(list);
    const int win = key_children(s_, list, children_.get(), seen_, lost_, moves_tried_);
    if (win >= 0) {
      line_ = path_to(n);
      line_.push_back(list.moves[win]);
      status_ = Status::Won;
      return false;
    }
    const int here = level();
    for (int k = 0; k < list.size; ++k) {
      const Child& ch = children_[k];
      const PositionSet::Insert seen = seen_.insert(ch.a, ch.b);
      if (seen == PositionSet::Insert::Full) return out_of_memory(), false;
      if (seen != PositionSet::Insert::New || lost_.contains(ch.a, ch.b)) continue;
      Undo u;
      s_.make_macro(ch.move, u);
      const int noise = tries_ > 1 ? random_.below(kNoise) : 0;
      const Candidate child{heuristic(s_, kWholeGameWeights) + noise, n, ch.move};
      const int there = level();
      s_.unmake_macro(ch.move, u);
      if (there == here) {
        queue_.push_back(child);
        std::push_heap(queue_.begin(), queue_.end(), worse);
      } else {
        std::vector<Candidate>& p = pending_[static_cast<std::size_t>(there)];
        held_ -= p.capacity();
        p.push_back(child);
        held_ += p.capacity();
      }
    }
    if (!charge()) return out_of_memory(), false;
    return true;
  }

  // The best `width_` of the next level down that has positions become the queue.
  bool next_level() {
    std::vector<Candidate>().swap(queue_);
    expanded_here_ = 0;
    for (int lv = current_ - 1; lv >= 0; --lv) {
      std::vector<Candidate>& p = pending_[static_cast<std::size_t>(lv)];
      if (p.empty()) continue;
      if (p.size() > width_) {
        pruned_ = true;
        std::nth_element(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(width_), p.end(),
                         [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
        p.resize(width_);
      }
      held_ -= p.capacity();
      queue_.swap(p);
      std::vector<Candidate>().swap(p);
      std::make_heap(queue_.begin(), queue_.end(), worse);
      current_ = lv;
      return true;
    }
    return false;
  }

  // Starts again from the deal with fresh tables. False if even that has no room.
  bool begin_try() {
    release();
    ++tries_;
    pruned_ = root_expanded_ = false;
    s_ = start_;
    cur_ = kRoot;
    current_ = level();
    pending_.resize(static_cast<std::size_t>(current_) + 1);
    expanded_here_ = 0;
    queue_.push_back(Candidate{0, kRoot, Move{}});
    std::uint64_t a, b;
    start_.solver_key(a, b);
    if (charge() && seen_.insert(a, b) == PositionSet::Insert::New) return true;
    out_of_memory();
    return false;
  }

  std::vector<Move> path_to(std::uint32_t n) {
    std::vector<Move> path;
    for (; n != kRoot; n = nodes_[n].parent) path.push_back(nodes_[n].move);
    std::reverse(path.begin(), path.end());
    return path;
  }

  // Brings the memory charged up to what the queue and the levels waiting hold.
  bool charge() {
    const std::size_t bytes = (held_ + queue_.capacity()) * sizeof(Candidate) +
                              pending_.capacity() * sizeof(pending_[0]) + down_.capacity() * sizeof(std::uint32_t);
    if (bytes <= charged_) return true;
    if (!budget_.take(bytes - charged_)) return false;
    charged_ = bytes;
    return true;
  }

  void release() {
    seen_.release();
    nodes_.release();
    std::vector<Candidate>().swap(queue_);
    for (std::vector<Candidate>& p : pending_) std::vector<Candidate>().swap(p);
    held_ = 0;
    budget_.give(charged_);
    charged_ = 0;
    cur_ = kRoot;
  }

  Status out_of_memory() {
    release();
    return status_ = Status::OutOfMemory;
  }

  State start_;
  State s_;  // the position being expanded, walked to through the nodes
  PositionSet seen_;  // this try's positions
  NodeStore nodes_;   // this try's expanded positions
  const PositionSet& lost_;
  MemoryBudget& budget_;
  std::vector<Candidate> queue_;  // the level being searched: a heap, best on top
  std::vector<std::vector<Candidate>> pending_;  // by cards left in the stock
  std::size_t held_ = 0;  // candidates pending_'s vectors have room for
  std::size_t charged_ = 0;
  std::vector<std::uint32_t> down_;
  std::unique_ptr<Child[]> children_{new Child[kMaxMoves]};
  std::size_t width_ = kFirstWidth, expanded_here_ = 0;
  int current_ = 0;  // the level being searched
  std::uint32_t cur_ = kRoot;  // the node s_ is at
  std::uint64_t tries_ = 0;
  bool pruned_ = false;  // this try has left some position out
  bool root_expanded_ = false;
  Rng random_{0x57B3A};  // a fixed seed: verdicts repeat
  std::uint64_t ticks_ = 0;
  Status status_ = Status::Paused;
};

}  // namespace

std::unique_ptr<SearchTask> make_stock_beam(const State& start, MemoryBudget& budget, const PositionSet& lost) {
  return std::make_unique<StockBeam>(start, budget, lost);
}

}  // namespace sol
