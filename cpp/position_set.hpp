// The solver's memory of visited positions: an open-addressed set of 128-bit keys whose
// growth is charged to a memory budget, so a search stays within the cap a caller sets.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>

namespace sol {

// A table from calloc (its pages stay out of the RSS until written), freed with free.
struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
template <class T>
using CallocArray = std::unique_ptr<T[], FreeDeleter>;

// Bytes the searches of one solve may hold; several tables draw on one budget.
class MemoryBudget {
 public:
  explicit MemoryBudget(std::size_t cap)
      : cap_(cap ? cap : std::numeric_limits<std::size_t>::max()) {}
  bool take(std::size_t n) {
    if (n > cap_ - used_) return false;
    used_ += n;
    peak_ = std::max(peak_, used_);
    return true;
  }
  void give(std::size_t n) { used_ -= n; }
  std::size_t available() const { return cap_ - used_; }
  std::size_t peak() const { return peak_; }

 private:
  std::size_t cap_, used_ = 0, peak_ = 0;
};

// High 64 bits of a 64x64 product: maps a hash onto [0, n) for any n, so a table can take
// whatever room the budget has left rather than the next power of two.
inline std::uint64_t mul_high(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#else
  const std::uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return a_hi * b_hi + (hi_lo >> 32) + (cross >> 32);
#endif
}

// Asks for the cache line at p ahead of use: a search looks a new key up in two tables, and
// with both lines on their way the second lookup costs no second trip to memory.
inline void prefetch_line(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

// Each slot's key sits in a 16-byte array, and a one-byte tag from the key beside it in a
// second array, 1/16 the size: most lookups end in the tags (an empty slot, or no tag that
// matches), which stay in cache long after the keys have outgrown it.
class PositionSet {
 public:
  enum class Insert { New, Seen, Full };
  // Never more slots than this (17 bytes each: 4.25 GiB), whatever the budget.
  static constexpr std::size_t kMaxSlots = std::size_t{1} << 28;
  static constexpr std::size_t kFirstSlots = std::size_t{1} << 16;
  static constexpr std::size_t kSlotBytes = 16 + 1;

  explicit PositionSet(MemoryBudget& budget) : budget_(budget) {}
  ~PositionSet() { release(); }
  PositionSet(const PositionSet&) = delete;
  PositionSet& operator=(const PositionSet&) = delete;

  Insert insert(std::uint64_t a, std::uint64_t b) {
    // Past 3/4 full the table grows; when the budget says no, it fills on to 7/8 (probes
    // get long beyond that) and then only answers whether a key is known.
    if ((count_ + 1) * 4 > slots_ * 3 && !grow() && (count_ + 1) * 8 > slots_ * 7)
      return contains(a, b) ? Insert::Seen : Insert::Full;
    return place(keys_.get(), tags_.get(), slots_, a, b) ? (++count_, Insert::New) : Insert::Seen;
  }
  std::uint64_t size() const { return count_; }
  bool contains(std::uint64_t a, std::uint64_t b) const {
    if (!slots_) return false;
    const std::uint8_t t = tag(a);
    for (std::size_t i = home(b, slots_);; i = i + 1 == slots_ ? 0 : i + 1) {
      if (tags_[i] == 0) return false;
      if (tags_[i] == t && keys_[i].a == a && keys_[i].b == b) return true;
    }
  }
  void prefetch(std::uint64_t b) const {
    if (slots_) prefetch_line(&tags_[home(b, slots_)]);
  }
  // The key's line too, for a table that holds most of the keys asked for: there a tag
  // that matches is followed by a read of the key.
  void prefetch_slot(std::uint64_t b) const {
    if (!slots_) return;
    const std::size_t i = home(b, slots_);
    prefetch_line(&tags_[i]);
    prefetch_line(&keys_[i]);
  }

  void release() {
    if (keys_) budget_.give(slots_ * kSlotBytes);
    keys_.reset();
    tags_.reset();
    slots_ = count_ = 0;
  }

 private:
  struct Key {
    std::uint64_t a, b;
  };

  static std::size_t home(std::uint64_t b, std::size_t n) { return static_cast<std::size_t>(mul_high(b, n)); }
  // Never 0, which marks an empty slot.
  static std::uint8_t tag(std::uint64_t a) { return static_cast<std::uint8_t>(a >> 56) | 1; }

  static bool place(Key* keys, std::uint8_t* tags, std::size_t n, std::uint64_t a, std::uint64_t b) {
    const std::uint8_t t = tag(a);
    for (std::size_t i = home(b, n);; i = i + 1 == n ? 0 : i + 1) {
      if (tags[i] == 0) {
        tags[i] = t;
        keys[i] = Key{a, b};
        return true;
      }
      if (tags[i] == t && keys[i].a == a && keys[i].b == b) return false;
    }
  }

  // Doubles while the old and new tables both fit; the last step takes what is left.
  bool grow() {
    const std::size_t room = budget_.available() / kSlotBytes;
    std::size_t want = slots_ ? std::min(slots_ * 2, room) : std::min(kFirstSlots, room);
    want = std::min(want, kMaxSlots);
    if (want < slots_ + slots_ / 8 || want < 1024) return false;  // too little to be worth it
    // calloc: the pages stay untouched (and out of RSS) until a key lands on them.
    CallocArray<Key> keys(static_cast<Key*>(std::calloc(want, sizeof(Key))));
    CallocArray<std::uint8_t> tags(static_cast<std::uint8_t*>(std::calloc(want, 1)));
    if (!keys || !tags || !budget_.take(want * kSlotBytes)) return false;
    for (std::size_t i = 0; i < slots_; ++i)
      if (tags_[i]) place(keys.get(), tags.get(), want, keys_[i].a, keys_[i].b);
    if (keys_) budget_.give(slots_ * kSlotBytes);
    keys_ = std::move(keys);
    tags_ = std::move(tags);
    slots_ = want;
    return true;
  }

  MemoryBudget& budget_;
  CallocArray<Key> keys_;
  CallocArray<std::uint8_t> tags_;
  std::size_t slots_ = 0;
  std::uint64_t count_ = 0;
};

}  // namespace sol
