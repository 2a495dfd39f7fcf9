#include "single_deals.hpp"

namespace sol {

namespace {

class SingleDealSearch final : public SearchTask {
 public:
  SingleDealSearch(const State& start, bool pins_checked, MemoryBudget& budget)
      : rules_(single_deals(start.rules())), lost_(budget) {
    State s(rules_);
    s.set_piles(start.piles(), start.redeals_left());
    s.set_pins_checked(pins_checked);
    // The smaller games play the talon's cards in any order, so they hold in this game as in
    // any; they are off in the game's own searches only for what they cost there.
    search_ = make_depth_first(s, budget, lost_, GhostChecks::apply(*rules_, pins_checked) ? &checks_ : nullptr);
  }

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    const Status st = search_->run(until, time_up, stop);
    positions_ = search_->positions();
    moves_tried_ = search_->moves_tried();
    return st == Status::Won ? Status::GaveUp : st;
  }

 private:
  static std::shared_ptr<const Rules> single_deals(const Rules& R) {
    RuleSpec spec = R.spec;
    spec.deal_count = 1;
    return std::make_shared<const Rules>(spec);
  }

  std::shared_ptr<const Rules> rules_;  // outlives the search's states
  PositionSet lost_;
  GhostChecks checks_;  // outlives the search, which asks it
  std::unique_ptr<SearchTask> search_;
};

}  // namespace

bool deals_several(const Rules& R) { return R.players == 1 && R.waste >= 0 && R.spec.deal_count > 1; }

std::unique_ptr<SearchTask> make_single_deal_search(const State& start, bool pins_checked,
                                                    MemoryBudget& budget) {
  return std::make_unique<SingleDealSearch>(start, pins_checked, budget);
}

}  // namespace sol
