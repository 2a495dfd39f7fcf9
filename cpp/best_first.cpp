#include "best_first.hpp"

#include <algorithm>
#include <limits>
#include <new>
#include <type_traits>

#include "node_store.hpp"
#include "rng.hpp"
#include "streamline.hpp"

namespace sol {

namespace {

constexpr int kMaxDepth = 60000;

class BestFirst final : public SearchTask {
 public:
  BestFirst(const State& start, MemoryBudget& budget, const PositionSet& lost, bool streamlined)
      : s_(start), streamlined_(streamlined), weights_(streamlined ? kStreamlinedWeights : kWholeGameWeights),
        seen_(budget), nodes_(budget), lost_(lost), home_(start) {
    s_.set_cards_wait_for_use(false);  // its wins would come later (State)
    if (record(seen_, s_) != PositionSet::Insert::New ||
        !nodes_.add(kRoot, Move{}, Undo{}, 0)) {
      status_ = Status::OutOfMemory;
      return;
    }
    push(0, heuristic(s_, weights_));
  }

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    if (status_ != Status::Paused) return status_;
    while (top_ >= 0) {
      if ((++ticks_ & 0x3FF) == 0) {
        if (stop && stop()) throw Interrupted{};
        if (time_up()) return status_;
      }
      if (positions_ >= until) return status_;
      const std::uint32_t n = pop();
      go_to(n);
      ++positions_;
      const int depth = nodes_[n].depth + 1;
      MoveList list;
      s_.solver_moves(list);
      if (streamlined_) streamline(s_.rules(), list);
      // Each child is keyed (made and unmade where its key cannot be worked out without
      // that) and its table slots are asked for ahead; only then are the tables looked at,
      // so their cache misses overlap.
      for (int i = list.size - 1; i >= 0; --i) {  // the order of the loop below, for the same win
        Child& c = children_[i];
        c.move = list.moves[i];
        ++moves_tried_;
        if (key_child(s_, c)) {
          line_ = path_to(n);
          line_.push_back(c.move);
          return status_ = Status::Won;
        }
        seen_.prefetch_slot(c.b);  // most children have been seen before
        lost_.prefetch(c.b);
      }
      // Pushed last to first: among equally good children, the generator's first comes out
      // first (the queue is last-in, first-out within a score).
      best_child_ = kNoChild;
      for (int i = list.size - 1; i >= 0; --i) {
        const Child& c = children_[i];
        // Too deep to record: give up rather than leave a position unexplored.
        const PositionSet::Insert seen = depth > kMaxDepth ? PositionSet::Insert::Full : seen_.insert(c.a, c.b);
        if (seen == PositionSet::Insert::Full) return out_of_memory();
        if (seen == PositionSet::Insert::New && !lost_.contains(c.a, c.b)) {  // the depth-first searches' proofs
          Undo u;  // made and scored only when new: most children have been seen before
          s_.make_macro(c.move, u);
          const int score = heuristic(s_, weights_);
          s_.unmake_macro(c.move, u);
          if (!nodes_.add(n, c.move, u, static_cast<std::uint16_t>(depth))) return out_of_memory();
          push(nodes_.size() - 1, score);
          best_child_ = std::max(best_child_, score);
        }
      }
    }
    if (streamlined_) {
      out_of_memory();  // frees the tables
      return status_ = Status::GaveUp;
    }
    return status_ = Status::Exhausted;
  }

 private:
  Status out_of_memory() {
    seen_.release();  // give the memory to the searches still going
    nodes_.release();
    buckets_.clear();
    top_ = -1;
    return status_ = Status::OutOfMemory;
  }

  // A bucket per score; within one, last in first out, which keeps the search going deep.
  // Buckets span only the scores seen so far (a final waste's cards can take scores tens of
  // thousands down, and a search of a few thousand positions should not pay for them all).
  void push(std::uint32_t node, int score) {
    if (buckets_.empty()) lowest_ = score;
    if (score < lowest_) {  // grow downwards, at least doubling, so growing costs O(1) a push
      const int grow = std::max(lowest_ - score, static_cast<int>(buckets_.size()));
      std::vector<std::vector<std::uint32_t>> wider(buckets_.size() + grow);
      std::move(buckets_.begin(), buckets_.end(), wider.begin() + grow);
      buckets_.swap(wider);
      lowest_ -= grow;
      if (top_ >= 0) top_ += grow;
      if (bottom_ != kNoBottom) bottom_ += grow;
    }
    const int b = score - lowest_;
    if (b >= static_cast<int>(buckets_.size())) buckets_.resize(b + 1);
    buckets_[b].push_back(node);
    top_ = std::max(top_, b);
    bottom_ = std::min(bottom_, b);
  }
  std::uint32_t pop() {
    const int b = dive_left_ > 0 && best_child_ != kNoChild ? dive() : choose_bucket();
    const std::uint32_t n = buckets_[b].back();
    buckets_[b].pop_back();
    while (top_ >= 0 && buckets_[top_].empty()) --top_;
    return n;
  }
  // An excursion goes on down: the best child of the position just expanded, the last
  // pushed at its score.
  int dive() {
    --dive_left_;
    return best_child_ - lowest_;
  }
  int choose_bucket() {
    dive_left_ = 0;
    // One pop in kExploreOneIn takes a node from a random score instead of the best (the
    // idea of epsilon-greedy best-first search): a heuristic this rough has wide plateaus
    // and misleading peaks, and a greedy search can spend millions of positions under one.
    // The excursion then dives kDive positions deep, each the best child of the one before:
    // getting there is what costs (a walk of about 150 moves on Aces and Kings, mostly
    // through nodes out of cache), and going on down from there costs one move a pop.
    const bool explore = random_.below(kExploreOneIn) == 0;
    if (explore && !exploring_) {
      // The greedy pops after this excursion go on near here: keep the state to come back
      // to, rather than walk back (on Aces and Kings, about 190 moves each way).
      home_ = s_;
      home_node_ = cur_;
    }
    exploring_ = explore;
    if (!explore) return top_;
    dive_left_ = kDive - 1;
    while (buckets_[bottom_].empty()) ++bottom_;
    int b = bottom_ + random_.below(top_ - bottom_ + 1);
    while (buckets_[b].empty()) ++b;
    return b;
  }

  // Moves the state from the current node to node t: back up to their common ancestor,
  // then down along t's path.
  void go_to(std::uint32_t t) {
    if (!exploring_ && home_node_ != kRoot) {  // back from an excursion
      s_ = home_;
      cur_ = home_node_;
      home_node_ = kRoot;
    }
    walk(s_, nodes_, cur_, t, down_);
    cur_ = t;
  }

  std::vector<Move> path_to(std::uint32_t n) {
    std::vector<Move> path;
    for (; n != 0; n = nodes_[n].parent) path.push_back(nodes_[n].move);
    std::reverse(path.begin(), path.end());
    return path;
  }

  static constexpr int kNoBottom = 1 << 30;

  State s_;
  bool streamlined_;
  HeuristicWeights weights_;
  int lowest_ = 0;  // the score of buckets_[0]
  PositionSet seen_;
  NodeStore nodes_;
  const PositionSet& lost_;  // positions the depth-first searches proved lost
  std::vector<std::vector<std::uint32_t>> buckets_;
  std::vector<std::uint32_t> down_;
  // 192 KiB: not on the stack, and left unwritten until used (most positions have few moves).
  std::unique_ptr<Child[]> children_{new Child[kMaxMoves]};
  int top_ = -1;
  int bottom_ = kNoBottom;  // no bucket below it holds a node (above it, some may be empty)
  static constexpr int kDive = 4;
  static constexpr int kExploreOneIn = 16 * kDive;  // one pop in 16 is still an excursion's
  static constexpr int kNoChild = std::numeric_limits<int>::min();
  int best_child_ = kNoChild;  // the best score among the last expanded node's new children
  int dive_left_ = 0;  // pops of the excursion still to come
  Rng random_{0xB357F125};  // a fixed seed: verdicts repeat
  std::uint32_t cur_ = 0;  // the node s_ is at
  bool exploring_ = false;  // the last pop was a random one
  State home_;  // the state at home_node_, the last greedy pop's node before an excursion
  std::uint32_t home_node_ = kRoot;  // kRoot: no excursion under way
  std::uint64_t ticks_ = 0;
  Status status_ = Status::Paused;
};

}  // namespace

std::unique_ptr<SearchTask> make_best_first(const State& start, MemoryBudget& budget,
                                            const PositionSet& lost, bool streamlined) {
  return std::make_unique<BestFirst>(start, budget, lost, streamlined);
}

}  // namespace sol
