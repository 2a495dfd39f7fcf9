// Cards packed in one byte: rank, suit, deck back, face-down flag.
#pragma once
#include <cstdint>
#include <string>

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
constexpr bool valid_card(int code) {
  return code >= 0 && code < 256 && (code & 0x0F) < kRanks;
}

std::string card_text(Card c);

// Set bits of a 64-bit mask. Hot loops are built twice (SOL_POPCNT_CLONES) so CPUs with a
// popcnt instruction use it and older ones still run; the loader picks the clone.
inline int popcount64(std::uint64_t x) { return __builtin_popcountll(x); }

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define SOL_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define SOL_POPCNT_CLONES
#endif  // "QH", "#QH" when face down

}  // namespace sol
