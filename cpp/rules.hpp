// A game's rule table: what the Python side describes, and the lookup tables the core
// compiles it into. A new variant of the family is new data here, never new code.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "card.hpp"

namespace sol {

enum class Kind : std::uint8_t { Foundation, Tableau, Reserve, Stock, Waste };
enum class SuitRule : std::uint8_t { Any, Same, AlternateColour };
enum class Fill : std::uint8_t { None, Stock, WasteThenStock };
// When a game is won: its foundations hold a number of cards, or (Golf) its tableau is empty.
enum class WinTest : std::uint8_t { FoundationCards, TableauEmpty };

constexpr int kMaxPiles = 40;
constexpr int kMaxPileCards = 160;  // three decks and some room
// Odd, so it has an inverse modulo 2^64: a card leaving the top of the stock is divided out.
constexpr std::uint64_t kTalonMultiplier = 0xD6E8FEB86659FD93ull;
constexpr std::uint64_t inverse_mod_2_64(std::uint64_t x) {
  std::uint64_t y = x;  // Newton's iteration doubles the correct low bits each step
  for (int i = 0; i < 6; ++i) y *= 2 - x * y;
  return y;
}
constexpr std::uint64_t kTalonMultiplierInverse = inverse_mod_2_64(kTalonMultiplier);
static_assert(kTalonMultiplier * kTalonMultiplierInverse == 1, "odd multipliers invert");
constexpr int kMaxMoves = 8192;      // legal moves in one position; Rules refuses more

// A pile's two terms in the solver's key, from its symmetry class and what stands for its
// cards (State::solver_key). A sum of them is blind to their order: piles of one class can
// be swapped.
inline void pile_key_terms(int symmetry_class, std::uint64_t content, std::uint64_t& a, std::uint64_t& b) {
  constexpr std::uint64_t kSaltA = 0x243F6A8885A308D3ull, kSaltB = 0x13198A2E03707344ull;
  const std::uint64_t c = content ^ (0x9E3779B97F4A7C15ull * (symmetry_class + 1));
  a = mix64(c ^ kSaltA);
  b = mix64(c ^ kSaltB);
}

// One group of identical piles, as the Python rule table gives it.
struct GroupSpec {
  Kind kind = Kind::Tableau;
  int count = 1;
  int owner = -1;                      // -1 shared; 0 or 1 in two-player games
  std::array<std::uint16_t, kRanks> build{};  // build[r]: ranks that may go on rank r
  SuitRule suit = SuitRule::Any;
  std::uint16_t empty_ranks = 0;       // ranks an empty pile takes by hand
  std::vector<int> pile_suits;         // per pile: the only suit it takes when empty, -1 any
  int max_cards = 0;                   // 0: no limit
  bool runs = false;                   // built runs move (and are accepted) as a unit
  bool can_leave = true;               // whether the top card may be moved off
                                       // A waste with a build relation (Golf) also takes cards
                                       // by hand; the stock's deals onto it skip that check.
  Fill fill = Fill::None;              // what refills a pile a move has emptied
};

struct RuleSpec {
  std::string name;
  std::vector<GroupSpec> groups;
  int deal_count = 1;                  // cards per stock-to-waste deal
  int redeals = 0;                     // -1 unlimited
  std::array<std::uint8_t, 128> card_counts{};  // copies of each card (face | back) in play
  WinTest win = WinTest::FoundationCards;
  int win_foundation_cards = 0;        // won once the foundations hold this many (or, with
                                       // TableauEmpty, once every tableau pile is empty)...
  bool win_needs_empty_stock = false;  // ...and (Double or Quits) stock and waste are empty
  // Two-player games (piles with owners): dealing is legal only when the player to move has
  // no other move (seed 004's strict reading); else at any time. Either way it ends the turn.
  bool draw_only_when_stuck = false;
};

// Two-player games: a pass ends the turn of a player who cannot deal (Move{kPass, kPass, 1}).
constexpr int kPass = 0xFF;
// A two-player game is blocked once this many moves in a row put no card on a foundation,
// whatever the talons (State::blocked).
constexpr int kQuietPlyLimit = 1000;

// The compiled form the move generator reads: flat per-pile arrays.
struct Rules {
  RuleSpec spec;
  int piles = 0;
  int stock = -1, waste = -1;
  std::array<Kind, kMaxPiles> kind{};
  std::array<std::uint8_t, kMaxPiles> group{};
  std::array<std::uint8_t, kMaxPiles> index_in_kind{};  // f3 -> 2
  std::array<std::uint8_t, kMaxPiles> max_cards{};
  std::array<Fill, kMaxPiles> fill{};
  std::array<bool, kMaxPiles> runs{};
  std::array<bool, kMaxPiles> gives{};    // top card may leave
  std::array<bool, kMaxPiles> takes{};    // may ever accept a card by hand
  std::array<std::uint64_t, kMaxPiles> empty_accepts{};  // faces an empty pile takes
  std::array<std::uint64_t, 64> empty_takers_of{};       // its transpose: piles by face
  // Piles of one class are interchangeable: same group, no pile-specific suit.
  std::array<std::uint8_t, kMaxPiles> symmetry_class{};
  // Two cards the key cannot tell apart exist (two decks, or suits that never matter), so
  // two piles of one class may hold the same cards (State::drop_symmetric_moves).
  bool twins_possible = false;
  // The piles of each class of two piles or more, as masks (State::spare_empty_piles).
  std::vector<std::uint64_t> symmetric_piles;
  // Piles no card ever leaves (by hand, redeal or refill): only their top card and size
  // matter to the play, so the solver's key sees only those (Golf's waste, Black Hole's
  // foundation: the order cards arrived in is no longer part of the position).
  std::array<bool, kMaxPiles> key_top_only{};
  // on_top[g][f]: faces that may be placed on face f in a pile of group g.
  std::vector<std::array<std::uint64_t, 64>> on_top;
  // For the solver's safe moves (State::safe_move, seeds/solver.md):
  bool foundations_give = false;          // some foundation's top card may leave
  bool may_have_safe_moves = false;       // false: no position of this game has one
  bool waste_refills = false;             // some pile is refilled from the waste
  // A waste never dealt again that takes no card by hand (Aces and Kings): every card left
  // on it must still come off it, one at a time. Its index, or -1.
  int final_waste = -1;
  std::uint64_t foundation_mask = 0;      // the foundation piles
  std::array<std::uint64_t, 64> built_on{};  // faces a non-foundation pile holding more
                                          // than one card could ever place on a face
  // Faces that could ever come to lie on a face (or on an empty pile) of this foundation,
  // one card after another: the build relation's closure, blind to pile sizes.
  std::vector<std::array<std::uint64_t, 64>> foundation_reach;  // by group
  std::array<std::uint64_t, kMaxPiles> reach_from_empty{};      // by pile
  std::array<std::uint8_t, 64> face_copies{};                   // cards of each face in play
  // Foundation cards may leave, yet each card has one home: a single foundation could ever
  // take it, only after one card there, and nothing refills a pile. Then a foundation card
  // that only foundation cards could ever be put on is never worth taking back, which lets
  // more cards go up as safe moves (State::safe_move, seeds/solver.md).
  bool fixed_homes = false;
  // The same with several copies of a card, where every foundation builds the same fixed
  // chains: a face has one place on any foundation (at most one face may follow it, and
  // one lie under it), every face of a chain has as many copies, and a tableau could put
  // on a face the face under it there. A card then goes up safely once its other copies
  // are home (Double Trigon solo; State::safe_move, seeds/solver.md).
  bool fixed_places = false;
  bool settles() const { return fixed_homes || fixed_places; }  // settled cards can exist
  // A card that can leave its pile only for its foundation, since every card it could be
  // laid on lies under it, makes some positions lost (cpp/pinned_cards.cpp). This needs one
  // player, one copy of each card, each card on one chain of one foundation with no wrap,
  // every card going up to win, no pile refilled and a waste that takes no card by hand.
  bool pins_prove_losses = false;
  std::array<std::uint64_t, 64> parents_of{};  // faces a face could be laid on, off the foundations
  std::array<std::uint64_t, 64> home_below{}, home_above{};  // faces under and over a face at home
  std::uint64_t laid_in_empty = 0;             // faces some empty pile off the foundations takes
  std::uint64_t pinned_faces = 0;              // the faces in play
  // Crowded holders (cpp/crowded_holders.cpp): where any two faces have the same parents or
  // none in common (crowds_by_class: building by rank and suit or colour), the faces with a
  // face's parents, and those with more such faces than parents (Klondike's Kings).
  bool crowds_by_class = false;
  std::array<std::uint64_t, 64> same_parents{};
  std::uint64_t overfull = 0;
  std::vector<int> givers, takers;        // piles worth visiting in move generation
  // Two-player games: piles have owners (-1 shared), each player a stock and a waste, and a
  // player moves cards only from their own piles, to their own or shared ones. One-player
  // games are player 0 of this, with every pile theirs.
  int players = 1;
  std::array<std::int8_t, kMaxPiles> owner{};
  std::array<int, 2> stock_of{{-1, -1}}, waste_of{{-1, -1}};
  std::array<std::vector<int>, 2> givers_of;
  std::array<std::uint64_t, 2> reach_of{{~std::uint64_t{0}, ~std::uint64_t{0}}};
  std::array<int, 2> cards_of{};          // cards of each player's deck (its back)
  std::vector<int> refilled;              // piles the stock or waste refills
  std::vector<int> tableau;               // tableau piles (the TableauEmpty win test)
  std::vector<int> goals;                 // where cards go to win: the foundations, or
                                          // (TableauEmpty) the piles outside the tableau
                                          // that take cards
  bool any_runs = false;                  // some pile moves built runs
  // Unlimited redeals and nothing that looks at the talon but the waste's top card (no
  // refills, no waste taking cards): the talon's splits on the dealing cycle are one
  // position to the solver (State::on_talon_cycle).
  bool cyclic_talon = false;
  // A cyclic talon dealt one card at a time, in a one-deck game won on the foundations:
  // every talon card can be played at any time, and whether one is still in the talon
  // changes no other move, so the solver puts a talon card on the tableau only to hold a
  // card at once (State::owed_pile, seeds/solver.md).
  bool lazy_talon = false;
  // Tableau piles whose runs of any length move as a unit, in a one-player game won on the
  // foundations: a run moved off a face-up card onto another pile of the group need go only
  // just before that card is used (State::owed_pile, seeds/solver.md).
  std::array<bool, kMaxPiles> lazy_runs{};
  // Each card has one home (fixed_homes): a card taken back off its foundation onto a
  // tableau card need come down only just before a card goes on it or the card it left on
  // top there moves (State::owed_pile, seeds/solver.md). Sound wherever each card has one
  // home; measured where the talon cycles (Klondike, either draw). With draw 3 it paid only
  // once a card that could come straight back went up alone (State::reversible_up).
  bool lazy_takeback = false;
  // Where cyclic_talon holds, State keys the talon as one sequence in dealing order, kept up
  // to date card by card (a polynomial in kTalonMultiplier over a value per card), so that
  // dealing, playing from the waste and turning it over each cost constant time. -1 elsewhere.
  int talon_stock = -1, talon_waste = -1;
  std::array<std::uint64_t, 256> talon_value{};  // by card code, suits left out as key_mask says
  std::array<std::uint64_t, kMaxPileCards + 1> talon_power{};  // kTalonMultiplier^i
  // The bits of a card the rules can tell apart: without suit rules, two cards of one rank
  // play the same, so the solver's position key leaves the suit out.
  Card key_mask = 0xFF;
  // Faces the rules cannot tell apart take the same piles: where suits never matter, the
  // suit-0 face (the rank alone) stands for all four, so State keeps a quarter of the work.
  int face_class_mask = 0x3F;                // a face's stand-in: face & face_class_mask
  std::uint64_t face_classes = ~std::uint64_t{0};  // the stand-ins
  int total_cards = 0;
  // Foundations that pair up (cpp/foundation_pairs.cpp): in a one-player game where suits
  // never matter, foundations rising from an Ace and falling from a King, one card at a
  // time with no wrap, whose top cards may leave (Aces and Kings). An Ace pile holding n
  // cards and a King pile holding 13 - n can pass the card where they meet back and forth.
  bool paired_foundations = false;
  std::vector<int> rising, falling;  // the two kinds of foundation, at most four each
  std::uint64_t rising_mask = 0, falling_mask = 0;
  // The content hash (State) of such a pile holding n cards, which are its run's first n
  // ranks, face up, whatever their suits: a pile's cards moved in a block cost no hashing.
  std::array<std::uint64_t, kRanks + 1> rising_hash{}, falling_hash{};
  // The same piles in one list, rising first (a pile's slot in it, or -1), and each one's key
  // terms (pile_key_terms) by size: the solver works out a pair's moves' keys from sizes.
  int pair_piles = 0;
  std::array<std::uint8_t, 8> pair_pile{};
  std::array<std::int8_t, kMaxPiles> pair_slot{};
  std::array<std::array<std::uint64_t, kRanks + 1>, 8> pair_key_a{}, pair_key_b{};

  explicit Rules(const RuleSpec& s);
  std::string pile_name(int p) const;     // "f3", "t1", "s", "w"
  int pile_by_name(const std::string& name) const;  // -1 if none

 private:
  void compile_players(const RuleSpec& s);
  void compile_pairs();
  void compile_pins(bool one_copy);
};

}  // namespace sol
