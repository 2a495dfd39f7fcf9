#include "refill_search.hpp"

#include <stdexcept>

#include "single_deals.hpp"

namespace sol {

namespace {

constexpr std::uint16_t kEveryRank = (1u << kRanks) - 1;

// The tableau groups the stock would refill: empty piles that take any card by hand.
bool refillable(const GroupSpec& g) {
  return g.kind == Kind::Tableau && g.fill == Fill::None && g.can_leave && g.empty_ranks == kEveryRank &&
         g.pile_suits.empty();
}

class RefillSearch final : public SearchTask {
 public:
  RefillSearch(const State& start, MemoryBudget& budget)
      : start_(start), rules_(refilling(start.rules())), refill_(rules_), lost_(budget) {
    refill_.set_piles(start.piles(), start.redeals_left());
    paired_ = refill_;
    paired_.start_pairing(joining_);
    search_ = make_depth_first(paired_, budget, lost_);
  }

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    const Status st = search_->run(until, time_up, stop);
    positions_ = search_->positions();
    moves_tried_ = search_->moves_tried();
    if (st == Status::Won) line_ = translate();
    return st == Status::Exhausted ? Status::GaveUp : st;
  }

 private:
  static std::shared_ptr<const Rules> refilling(const Rules& R) {
    RuleSpec spec = R.spec;
    for (GroupSpec& g : spec.groups)
      if (refillable(g)) g.fill = Fill::Stock;
    return std::make_shared<const Rules>(spec);
  }

  // The win as this game's moves: each refill becomes the deal and the move into the space.
  std::vector<Move> translate() {
    std::vector<Move> there = joining_;
    const std::vector<Move> played = paired_.expand_macro_line(search_->line());
    there.insert(there.end(), played.begin(), played.end());
    const Rules& R = start_.rules();
    State here(start_), refill(refill_);
    std::vector<Move> line;
    Undo u;
    for (const Move m : there) {
      refill.make(m, u);
      here.make(m, u);
      line.push_back(m);
      for (int p : R.tableau) {
        if (here.size(p) || !refill.size(p)) continue;
        Move deal;
        if (!here.stock_move(deal) || deal.dst != R.waste || deal.count != 1)
          throw std::logic_error("a refill with no deal to stand for it");
        const Move into{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(p), 1, 0};
        for (const Move n : {deal, into}) {
          here.make(n, u);
          line.push_back(n);
        }
      }
    }
    return line;
  }

  State start_;
  std::shared_ptr<const Rules> rules_;  // outlives the search's states
  State refill_, paired_{rules_};
  std::vector<Move> joining_;
  PositionSet lost_;  // the search's own: this game's losses are not the solve's
  std::unique_ptr<SearchTask> search_;
};

}  // namespace

bool refills_streamline(const Rules& R) {
  if (R.players != 1 || R.stock < 0 || R.waste < 0 || R.spec.deal_count != 1 || !R.gives[R.waste]) return false;
  for (const GroupSpec& g : R.spec.groups)
    if (refillable(g)) return true;
  return false;
}

std::unique_ptr<SearchTask> make_refill_search(const State& start, MemoryBudget& budget) {
  return std::make_unique<RefillSearch>(start, budget);
}

}  // namespace sol
