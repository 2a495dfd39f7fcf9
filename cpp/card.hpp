// Cards packed in one byte: rank, suit, deck back, face-down flag.
#pragma once
#include <cstdint>
#include <string>
#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>  // __popcnt64, _BitScanForward64, __cpuid
#endif

namespace sol {

using Card = std::uint8_t;

// Bits 0-3 rank (0 = Ace .. 12 = King), bits 4-5 suit in PySolFC order (clubs, spades,
// hearts, diamonds), bit 6 the deck's back (whose card it is in two-player games),
// bit 7 face down. `face(c)` is the part the rules look at: an index into 64-bit masks.
constexpr int kRanks = 13;
constexpr int kSuits = 4;
constexpr Card kFaceDown = 0x80;
constexpr Card kBack = 0x40;

constexpr int rank_of(Card c) { return c & 0x0F; }
constexpr int suit_of(Card c) { return (c >> 4) & 0x03; }
constexpr int colour_of(Card c) { return suit_of(c) >> 1; }  // 0 black (C,S), 1 red (H,D)
constexpr int face(Card c) { return c & 0x3F; }
constexpr int kNoFace = 0x0F;  // rank 15: no card has it, so no pile ever takes it
constexpr bool is_face_down(Card c) { return (c & kFaceDown) != 0; }
constexpr Card make_card(int rank, int suit, int back = 0, bool down = false) {
  return static_cast<Card>(rank | (suit << 4) | (back << 6) | (down ? kFaceDown : 0));
}
constexpr std::uint32_t kRankSet = (1u << kRanks) - 1;  // bit r: rank r exists
constexpr bool valid_card(int code) {
  // A set lookup, not `(code & 0x0F) < kRanks`: clang up to 16 at -O2 (IndVarSimplify's
  // widening) compiles that test, in a loop over codes that can throw (Rules), as
  // `code < kRanks`, refusing every suit but clubs. clang 19 and GCC get it right.
  return code >= 0 && code < 256 && (kRankSet >> (code & 0x0F) & 1) != 0;
}

std::string card_text(Card c);  // "QH", "#QH" when face down

// Bit twiddling on 64-bit masks, portable: GCC and Clang builtins (clang-cl too), MSVC
// intrinsics, or plain C++. Never an instruction some CPU of the target lacks: the GCC
// builtin without -mpopcnt is generic code (the popcnt clones below use the instruction),
// and MSVC's __popcnt64 runs only after the CPU said it has popcnt.
namespace detail {
// Plain C++ (SWAR) count, for compilers and CPUs without a popcount of their own.
inline int popcount64_generic(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}
#if defined(_MSC_VER) && !defined(__clang__) && defined(_M_X64)
inline bool cpu_has_popcnt() {
  static const bool has = [] {
    int info[4];
    __cpuid(info, 1);
    return (info[2] >> 23 & 1) != 0;  // CPUID.1:ECX.POPCNT
  }();
  return has;
}
#endif
}  // namespace detail

// Set bits of a 64-bit mask. Hot loops are built twice (SOL_POPCNT_CLONES) so CPUs with a
// popcnt instruction use it and older ones still run; the loader picks the clone.
inline int popcount64(std::uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_popcountll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
  return detail::cpu_has_popcnt() ? static_cast<int>(__popcnt64(x))
                                  : detail::popcount64_generic(x);
#else
  return detail::popcount64_generic(x);
#endif
}

// Index of the lowest set bit; x must not be 0.
inline int ctz64(std::uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
  unsigned long i;
  _BitScanForward64(&i, x);
  return static_cast<int>(i);
#else
  int n = 0;
  for (; !(x & 1); x >>= 1) ++n;
  return n;
#endif
}

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define SOL_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define SOL_POPCNT_CLONES
#endif

// Zobrist-style key without a table: a strong mix of (pile, depth, card).
inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace sol
