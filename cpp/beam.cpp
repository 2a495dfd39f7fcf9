#include "beam.hpp"

#include <algorithm>

#include "rng.hpp"

namespace sol {

namespace {

// A new child: its score, its parent's place in the layer and the move there.
struct Candidate {
  std::int32_t score;
  std::uint32_t parent;
  Move move;
};

// How each position of a layer was reached: its parent's place in the layer before. A
// layer's links are in order of their parents, so its positions lie in the order a
// depth-first walk of the tree of layers meets them.
struct Link {
  std::uint32_t parent;
  Move move;
};

class Beam final : public SearchTask {
 public:
  Beam(const State& start, MemoryBudget& budget, const PositionSet& lost)
      : start_(start), s_(start_), seen_(budget), lost_(lost), budget_(budget) {
    start_.set_cards_wait_for_use(false);  // as in the best-first searches
    begin_try();
  }
  ~Beam() override { release(); }
  Beam(const Beam&) = delete;
  Beam& operator=(const Beam&) = delete;

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    if (status_ != Status::Paused) return status_;
    for (;;) {
      if ((++ticks_ & 0x3FF) == 0) {
        if (stop && stop()) throw Interrupted{};
        if (time_up()) return status_;
      }
      if (positions_ >= until) return status_;
      if (next_ == links_.back().size()) {
        const Layer next = next_layer();
        if (next == Layer::Made) continue;
        if (next == Layer::NoRoom) return out_of_memory();
        // This try ran dry. If it never left a position out, a wider one would see the same:
        // give up. Else again, twice as wide (the noise makes each try differ).
        if (!pruned_ || width_ >= kMaxWidth) {
          release();
          return status_ = Status::GaveUp;
        }
        width_ *= 2;
        if (!begin_try()) return status_;
        continue;
      }
      if (!expand(static_cast<std::uint32_t>(next_++))) return status_;
    }
  }

 private:
  static constexpr std::size_t kFirstWidth = 256, kMaxWidth = std::size_t{1} << 20;
  static constexpr int kNoise = 64;  // two cards' worth: a little shuffle among near ties

  // Scores the new children of the layer's position i. False once the search is over.
  bool expand(std::uint32_t i) {
    walk_to(i);
    ++positions_;
    MoveList list;
    s_.solver_moves(list);
    const int win = key_children(s_, list, children_.get(), seen_, lost_, moves_tried_);
    if (win >= 0) {
      line_ = path_to(i);
      line_.push_back(list.moves[win]);
      status_ = Status::Won;
      return false;
    }
    for (int k = 0; k < list.size; ++k) {
      const Child& c = children_[k];
      const PositionSet::Insert seen = seen_.insert(c.a, c.b);
      if (seen == PositionSet::Insert::Full) {
        out_of_memory();
        return false;
      }
      if (seen != PositionSet::Insert::New || lost_.contains(c.a, c.b)) continue;
      Undo u;
      s_.make_macro(c.move, u);
      const int noise = tries_ > 1 ? random_.below(kNoise) : 0;
      candidates_.push_back(Candidate{heuristic(s_, kWholeGameWeights) + noise, i, c.move});
      s_.unmake_macro(c.move, u);
    }
    if (charge()) return true;
    out_of_memory();
    return false;
  }

  // Starts again from the deal with a fresh table. False if even that has no room.
  bool begin_try() {
    release();
    ++tries_;
    pruned_ = false;
    s_ = start_;
    at_ = 0;
    path_.assign(1, 0);
    undo_.assign(1, Undo{});
    links_.emplace_back(1, Link{0, Move{}});
    links_bytes_ = sizeof(Link);
    std::uint64_t a, b;
    start_.solver_key(a, b);
    if (charge() && seen_.insert(a, b) == PositionSet::Insert::New) return true;
    out_of_memory();
    return false;
  }

  enum class Layer { Made, Dry, NoRoom };
  // The best `width_` children of this layer become the next one.
  Layer next_layer() {
    if (candidates_.empty()) return Layer::Dry;
    if (candidates_.size() > width_) {
      pruned_ = true;
      std::nth_element(candidates_.begin(), candidates_.begin() + static_cast<std::ptrdiff_t>(width_),
                       candidates_.end(),
                       [](const Candidate& x, const Candidate& y) { return x.score > y.score; });
      candidates_.resize(width_);
    }
    // In their parents' order, so that walking from one to the next is short.
    std::sort(candidates_.begin(), candidates_.end(),
              [](const Candidate& x, const Candidate& y) { return x.parent < y.parent; });
    if (candidates_.size() * sizeof(Link) > budget_.available()) return Layer::NoRoom;
    std::vector<Link> links;
    links.reserve(candidates_.size());
    for (const Candidate& c : candidates_) links.push_back(Link{c.parent, c.move});
    links_bytes_ += links.capacity() * sizeof(Link);
    links_.push_back(std::move(links));
    path_.push_back(0);
    undo_.emplace_back();
    candidates_.clear();
    next_ = 0;
    return charge() ? Layer::Made : Layer::NoRoom;
  }

  // Brings s_ to the last layer's position i: back up to the deepest ancestor it shares
  // with the position s_ stands on, then down the moves to i. Neighbours in a layer mostly
  // share a parent, so this is a move or two back and forth, not a copy of the state.
  void walk_to(std::uint32_t i) {
    const std::size_t last = links_.size() - 1;
    chain_.resize(last + 1);
    std::size_t k = last;
    std::uint32_t idx = i;
    while (k > at_ || (k > 0 && idx != path_[k])) {
      chain_[k] = idx;
      idx = links_[k][idx].parent;
      --k;
    }
    for (; at_ > k; --at_) s_.unmake_macro(links_[at_][path_[at_]].move, undo_[at_]);
    for (++k; k <= last; ++k) {
      path_[k] = chain_[k];
      s_.make_macro(links_[k][path_[k]].move, undo_[k]);
    }
    at_ = last;
  }

  // Brings the memory charged up to what the links, the candidates and the walk hold.
  bool charge() {
    std::size_t bytes = candidates_.capacity() * sizeof(Candidate) + links_.capacity() * sizeof(links_[0]) +
                        (path_.capacity() + chain_.capacity()) * sizeof(std::uint32_t) +
                        undo_.capacity() * sizeof(Undo);
    bytes += links_bytes_;
    if (bytes <= charged_) return true;
    if (!budget_.take(bytes - charged_)) return false;
    charged_ = bytes;
    return true;
  }

  std::vector<Move> path_to(std::uint32_t i) const {
    std::vector<Move> path;
    for (std::size_t d = links_.size() - 1; d > 0; --d) {
      path.push_back(links_[d][i].move);
      i = links_[d][i].parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

  void release() {
    seen_.release();
    budget_.give(charged_);
    charged_ = links_bytes_ = 0;
    std::vector<Candidate>().swap(candidates_);
    std::vector<std::vector<Link>>().swap(links_);
    std::vector<std::uint32_t>().swap(path_);
    std::vector<std::uint32_t>().swap(chain_);
    std::vector<Undo>().swap(undo_);
    next_ = 0;
  }

  Status out_of_memory() {
    release();
    return status_ = Status::OutOfMemory;
  }

  State start_;
  State s_;  // the position being expanded, walked to through the tree of layers
  std::size_t at_ = 0;  // s_'s layer
  std::vector<std::uint32_t> path_, chain_;  // s_'s ancestors' places, layer by layer; scratch
  std::vector<Undo> undo_;  // for the moves down path_
  std::size_t width_ = kFirstWidth;
  std::uint64_t tries_ = 0;
  bool pruned_ = false;  // this try has left some position out
  PositionSet seen_;  // this try's positions
  const PositionSet& lost_;
  MemoryBudget& budget_;
  std::size_t charged_ = 0, links_bytes_ = 0;  // links_bytes_: the links' own arrays
  std::size_t next_ = 0;              // the layer's next position to expand
  std::vector<Candidate> candidates_;
  std::vector<std::vector<Link>> links_;  // per layer since the deal
  std::unique_ptr<Child[]> children_{new Child[kMaxMoves]};
  Rng random_{0xBEA11};  // a fixed seed: verdicts repeat
  std::uint64_t ticks_ = 0;
  Status status_ = Status::Paused;
};

}  // namespace

std::unique_ptr<SearchTask> make_beam(const State& start, MemoryBudget& budget, const PositionSet& lost) {
  return std::make_unique<Beam>(start, budget, lost);
}

}  // namespace sol
