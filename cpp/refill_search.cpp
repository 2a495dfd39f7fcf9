#include "refill_search.hpp"

#include <stdexcept>

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
  RefillSearch(const State& start, MemoryBudget& budget) : start_(start), budget_(budget) {}

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    // Built at its first turn, at the end of the first round: the many deals decided sooner
    // never pay for it.
    if (!search_ && !begin()) return Status::GaveUp;
    const Status st = search_->run(until, time_up, stop);
    positions_ = search_->positions();
    moves_tried_ = search_->moves_tried();
    if (st == Status::Won) line_ = translate();
    return st == Status::Exhausted ? Status::GaveUp : st;
  }

 private:
  bool begin() {
    RuleSpec spec = start_.rules().spec;
    for (GroupSpec& g : spec.groups)
      if (refillable(g)) g.fill = Fill::Stock;
    try {  // a custom rule table the refilling game cannot hold: no such search
      rules_ = std::make_shared<const Rules>(spec);
      refill_ = std::make_unique<State>(rules_);
      refill_->set_piles(start_.piles(), start_.redeals_left());
    } catch (const std::invalid_argument&) {
      return false;
    }
    paired_ = std::make_unique<State>(*refill_);
    paired_->start_pairing(joining_);
    lost_ = std::make_unique<PositionSet>(budget_);
    search_ = make_depth_first(*paired_, budget_, *lost_);
    return true;
  }

  // The win as this game's moves: each refill becomes the deal and the move into the space.
  std::vector<Move> translate() const {
    std::vector<Move> there = joining_;
    const std::vector<Move> played = paired_->expand_macro_line(search_->line());
    there.insert(there.end(), played.begin(), played.end());
    const Rules& R = start_.rules();
    State here(start_), refill(*refill_);
    std::vector<Move> line;
    Undo u;
    const auto play = [&](Move m) {
      if (!here.is_legal(m)) throw std::logic_error("the refilling game's win does not replay");
      here.make(m, u);
      line.push_back(m);
    };
    for (const Move m : there) {
      refill.make(m, u);
      play(m);
      for (int p : R.tableau) {
        if (here.size(p) || !refill.size(p)) continue;
        Move deal;
        if (!here.stock_move(deal) || deal.src != R.stock)
          throw std::logic_error("a refill with no deal to stand for it");
        play(deal);
        play(Move{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(p), 1, 0});
      }
    }
    if (!here.is_won()) throw std::logic_error("the refilling game's win does not replay");
    return line;
  }

  const State start_;
  MemoryBudget& budget_;
  std::shared_ptr<const Rules> rules_;  // outlives the search's states
  std::unique_ptr<State> refill_, paired_;
  std::vector<Move> joining_;
  std::unique_ptr<PositionSet> lost_;  // the search's own: this game's losses are not the solve's
  std::unique_ptr<SearchTask> search_;
};

}  // namespace

bool refills_streamline(const Rules& R) {
  if (R.players != 1 || R.stock < 0 || R.waste < 0 || R.spec.deal_count != 1 || !R.gives[R.waste])
    return false;
  for (const GroupSpec& g : R.spec.groups)
    if (refillable(g)) return true;
  return false;
}

std::unique_ptr<SearchTask> make_refill_search(const State& start, MemoryBudget& budget) {
  return std::make_unique<RefillSearch>(start, budget);
}

}  // namespace sol
