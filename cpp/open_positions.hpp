// The positions a depth-first search has entered but not yet settled (those of its strongly
// connected components still open, in Tarjan's sense), each with the order it was entered
// in. A component that closes without a win is lost: its positions leave this map for the
// shared table of lost positions. So the map only ever holds what the search is still
// working through, and entries are erased as often as they are added.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "position_set.hpp"

namespace sol {

class OpenPositions {
 public:
  static constexpr std::uint64_t kAbsent = ~std::uint64_t{0};

  explicit OpenPositions(MemoryBudget& budget) : budget_(budget) {}
  ~OpenPositions() { release(); }
  OpenPositions(const OpenPositions&) = delete;
  OpenPositions& operator=(const OpenPositions&) = delete;

  // The order the position was entered in, or kAbsent.
  std::uint64_t find(std::uint64_t a, std::uint64_t b) const {
    if (!count_) return kAbsent;
    a |= 1;
    for (std::size_t i = home(b);; i = (i + 1) & mask_) {
      if (table_[i].a == 0) return kAbsent;
      if (table_[i].a == a && table_[i].b == b) return table_[i].order;
    }
  }

  void prefetch(std::uint64_t b) const {
    if (table_) prefetch_line(&table_[home(b)]);
  }

  // False when the budget allows no more room. The key must not be there already.
  bool insert(std::uint64_t a, std::uint64_t b, std::uint64_t order) {
    if ((count_ + 1) * 2 > slots() && !grow()) return false;
    place(Slot{a | 1, b, order});
    ++count_;
    return true;
  }

  // Linear probing's backward-shift deletion: no tombstones, so probes stay short however
  // many positions pass through.
  void erase(std::uint64_t a, std::uint64_t b) {
    a |= 1;
    std::size_t i = home(b);
    while (!(table_[i].a == a && table_[i].b == b)) i = (i + 1) & mask_;
    for (std::size_t j = (i + 1) & mask_; table_[j].a; j = (j + 1) & mask_) {
      const std::size_t h = home(table_[j].b);
      // Entry j may fill the hole at i unless its home lies cyclically in (i, j].
      if (((j - h) & mask_) >= ((j - i) & mask_)) {
        table_[i] = table_[j];
        i = j;
      }
    }
    table_[i] = Slot{};
    --count_;
  }

  void clear() {
    for (std::size_t i = 0; i < slots(); ++i) table_[i] = Slot{};
    count_ = 0;
  }

  void release() {
    if (table_) budget_.give(slots() * sizeof(Slot));
    table_.reset();
    mask_ = ~std::size_t{0};
    count_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t a = 0, b = 0, order = 0;
  };

  std::size_t slots() const { return mask_ + 1; }
  std::size_t home(std::uint64_t b) const { return static_cast<std::size_t>(b) & mask_; }

  void place(const Slot& s) {
    std::size_t i = home(s.b);
    while (table_[i].a) i = (i + 1) & mask_;
    table_[i] = s;
  }

  bool grow() {
    const std::size_t want = table_ ? slots() * 2 : std::size_t{1} << 10;
    Slot* bigger = static_cast<Slot*>(std::calloc(want, sizeof(Slot)));
    if (!bigger || !budget_.take(want * sizeof(Slot))) {
      std::free(bigger);
      return false;
    }
    CallocArray<Slot> old(std::move(table_));
    const std::size_t old_slots = old ? slots() : 0;
    table_.reset(bigger);
    mask_ = want - 1;
    for (std::size_t i = 0; i < old_slots; ++i)
      if (old[i].a) place(old[i]);
    if (old_slots) budget_.give(old_slots * sizeof(Slot));
    return true;
  }

  MemoryBudget& budget_;
  CallocArray<Slot> table_;
  std::size_t mask_ = ~std::size_t{0};  // slots - 1; no slots yet
  std::uint64_t count_ = 0;
};

}  // namespace sol
