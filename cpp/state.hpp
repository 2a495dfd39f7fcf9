// A position: every pile's cards, the redeal counter and an incremental hash.
// Moves are made and unmade in place (no copying on the search path).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "card.hpp"
#include "rules.hpp"

namespace sol {

// Trivially constructible on purpose: a MoveList of them must cost nothing to declare.
struct Move {
  std::uint8_t src, dst, count;
  std::uint8_t pad;  // four bytes: one store per move
  // One int for Python and hashing: src | dst << 8 | count << 16.
  std::uint32_t code() const { return src | dst << 8 | std::uint32_t{count} << 16; }
  static Move from_code(std::uint32_t c) {
    return Move{static_cast<std::uint8_t>(c & 0xFF), static_cast<std::uint8_t>(c >> 8 & 0xFF),
                static_cast<std::uint8_t>(c >> 16 & 0xFF), 0};
  }
  bool operator==(const Move& o) const { return code() == o.code(); }
};

// What make() did beyond the move itself, so unmake() can take it back.
struct Undo {
  std::int8_t fill_from = -1;  // pile a refill card came from
  bool flipped = false;        // a face-down card was turned up on the source
  std::uint8_t split = 0;      // solver moves: the waste's size before it (make_macro)
  std::int8_t owed[2] = {-1, -1};  // solver moves: State's owed entries before it
  std::uint8_t owed_kinds = 0;
  Card owed_card[2] = {};
  // Two-player games: the turn and the counters of State::blocked before the move. Solver
  // moves where foundations pair up (one player only, so never both): the pair a move
  // reached into (Ace pile index | King pile index << 2) and each pair joined after it
  // (the same | cards moved << 4; 0 for none): cpp/foundation_pairs.cpp.
  struct Turn {
    std::uint8_t to_move;
    std::uint8_t quiet_turns[2];
    std::uint16_t quiet_plies;
  };
  struct Pairs {
    std::uint8_t ends;
    std::uint8_t joined[2];
  };
  union {
    Turn turn;
    Pairs pairs;
  };
};

// Room for every (giver, taker) pair plus runs.
struct MoveList {
  Move moves[kMaxMoves];
  int size = 0;
  MoveList() {}  // leaves moves[] uninitialised
  void add(int s, int d, int n) {
    moves[size++] = Move{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(d),
                         static_cast<std::uint8_t>(n), 0};
  }
};

class State {
 public:
  explicit State(std::shared_ptr<const Rules> rules);

  // Replaces every pile; checks counts, sizes and the card multiset (std::invalid_argument).
  void set_piles(const std::vector<std::vector<int>>& piles, int redeals_left);
  std::vector<std::vector<int>> piles() const;  // every pile's card codes, bottom first

  const Rules& rules() const { return *rules_; }
  std::shared_ptr<const Rules> rules_ptr() const { return rules_; }
  int size(int p) const { return size_[p]; }
  Card card(int p, int i) const { return cards_[p][i]; }
  Card top(int p) const { return cards_[p][size_[p] - 1]; }
  int redeals_left() const { return redeals_left_; }
  int foundation_cards() const { return foundation_cards_; }
  std::uint64_t hash() const;  // exact: equal positions, equal hashes
  // The solver's 128-bit key: the position up to what cannot change the play (the order of
  // piles of one class, suits where no rule looks at them, the talon's split on a dealing
  // cycle). Kept up to date lazily: push and pop mark their pile, and only marked piles'
  // terms are computed again.
  void solver_key(std::uint64_t& a, std::uint64_t& b) const;
  // The solver_key() that make_macro(m) would lead to, worked out without making m; false
  // where m does more than move cards from one pile to another (a deal, a refill, a card
  // turned up, a move owed or paid, the talon's split) or might win. Most of a search's
  // moves reach positions it has seen: this way those cost no make and unmake.
  bool predict_key(Move m, std::uint64_t& a, std::uint64_t& b) const;
  // `skip`: piles left out as targets (the solver's spare_empty_piles).
  void generate(MoveList& out, std::uint64_t skip = 0) const;
  // The move generate() would list at index floor(u * count / 2^32), without listing them
  // all; false when there is no legal move. Random playouts spend their time here.
  bool pick_move(std::uint32_t u, Move& out) const;
  bool is_legal(Move m) const;
  void make(Move m, Undo& u);
  void unmake(Move m, const Undo& u);
  bool is_won() const;  // two-player games: someone has won

  // Two-player games (Rules::players == 2). The player to move (0 or 1) moves only their own
  // cards; dealing, turning the waste over or passing ends the turn. A player wins at once
  // with their whole deck on the foundations; the game is blocked when no card has reached
  // a foundation for kQuietPlyLimit moves, or while each player ended 2 x (cards in their
  // stock and waste + 1) turns, i.e. went twice through their talon. One-player games are
  // always player 0's turn.
  int to_move() const { return to_move_; }
  int winner() const;          // the player whose deck is home, else -1
  bool blocked() const;
  bool game_over() const { return r_->players == 2 && (winner() >= 0 || blocked()); }
  int home(int player) const { return home_of_[player]; }  // their cards on the foundations
  int quiet_plies() const { return quiet_plies_; }
  int quiet_turns(int player) const { return quiet_turns_[player]; }
  // Times the player has turned their waste over: before the first, their stock's order
  // is still unseen (what bots may not look at).
  int redeals_done(int player) const { return redeals_done_[player]; }
  // Replaces the order of each stock whose order no player has seen (redeals_done 0) by a
  // random one drawn from its cards alone (sorted first), so the result does not depend on
  // the order it replaces: a sample of what the stocks could be, for bots.
  void sample_unseen_stocks(std::uint64_t seed);
  // Sets the turn and its counters (for positions read from a snapshot); invalid_argument
  // if out of range.
  void set_turn(int to_move, int quiet_plies, int quiet_turns_0, int quiet_turns_1,
                int redeals_done_0, int redeals_done_1);
  // The best-first search's guess at how near a win this is: higher is nearer. Each card on
  // a waste that is never dealt again costs final_waste_weight, each face-down tableau card
  // face_down_weight (a card up gains 32).
  int heuristic(int final_waste_weight, int face_down_weight) const;

  std::string move_text(Move m) const;
  bool stock_move(Move& out) const;     // the deal or the redeal, if either is legal

  // The solver's moves. With unlimited redeals, every split of the talon on the dealing
  // cycle reaches every other, so the solver takes them for one position (its key ignores
  // the split: cyclic_talon_hash) whose moves are those of all the splits: a move with
  // `pad` w first deals round to the split where the waste holds w cards, then plays the
  // card. A split off the cycle (a card played mid-pass, dealing by threes) is a position of
  // its own, with the same moves and the rest of its pass's. The solver never deals alone:
  // nothing but the waste's top card sees the talon, so a deal can wait for the play it
  // brings up. Elsewhere pad is 0.
  bool on_talon_cycle() const;
  // The other splits dealing brings the talon to, by the waste's size: the whole cycle, and
  // off it first the rest of this pass, whose end starts the cycle again.
  int talon_splits(std::uint8_t* at) const;
  void generate_macro(MoveList& out, std::uint64_t skip = 0) const;
  void make_macro(Move m, Undo& u);
  // A move the solver may make without trying the others: it loses no win (seeds/solver.md).
  bool safe_move(Move& out) const;
  // In the searches that prove losses where cards taken back wait for their use: a tableau
  // card going up off a face-up card it could come straight back onto. The two positions
  // are won or lost together, so the move is made alone (seeds/solver.md).
  bool reversible_up(Move& out) const;
  // A proof of loss that needs no search (cpp/stuck_cards.cpp): true when fewer cards than a
  // win needs could ever reach the foundations, even in a game relaxed to what covers what.
  // `stuck` then gets each card that can never move, as (pile, index from the bottom).
  bool never_won(std::vector<std::pair<int, int>>* stuck = nullptr) const;
  // A proof of loss for positions where a card can leave its pile only for its foundation
  // (cpp/pinned_cards.cpp, Rules::pins_prove_losses): true when some card that must wait for
  // it could then rest nowhere. The solver asks it in every position it expands, once
  // set_pins_checked(true); its moves are then none.
  bool pinned_loss() const;
  // Two cards in two piles, each of whose resting places off the foundations lies under one
  // of them (cpp/pinned_pairs.cpp; asked with pinned_loss()).
  bool pinned_pair_loss() const;
  // Why pinned_pair_loss() holds: for each card of the pair, its pile and index from the
  // bottom, and the face of a card that stops it leaving first: one that must be up before it
  // and cannot be (`needed_up`), or one that waits and could then rest nowhere.
  struct PinnedPair {
    int pile[2], index[2], blocker[2];
    bool needed_up[2];
  };
  bool pinned_pair_reason(PinnedPair& why) const;
  void set_pins_checked(bool on) { pins_checked_ = on && r_->pins_prove_losses; }
  // Why pinned_loss() holds: the pinned card (pile, index from the bottom) and the face of a
  // card waiting for it that could then rest nowhere. False where it does not hold.
  bool pinned_reason(int& pile, int& index, int& unplaced) const;
  // A proof of loss for positions where cards that cannot go up while one card lies in its
  // pile must each lie on a card they can be laid on when it leaves, and too few such cards
  // are there for them all (cpp/crowded_holders.cpp; asked with pinned_loss()).
  bool crowded_loss() const;
  // Why crowded_loss() holds: the card that can never leave (pile, index from the bottom), the
  // faces that would each need a card to lie on, and the fewer faces that could hold them.
  // False where it does not hold.
  bool crowded_reason(int& pile, int& index, std::uint64_t& cards, std::uint64_t& holders) const;
  std::uint64_t settled_faces() const;
  // Leaves out the moves that take a settled card off its foundation: some win never makes
  // one (seeds/solver.md, "Safe moves", (7) and (8)).
  void drop_settled_moves(MoveList& list) const;
  // What the solver tries in this position: the moves that pay what is owed (below), or
  // the safe move alone if there is one, or every solver move (generate_macro); less any
  // move that would owe what no next move could pay (cpp/solver_moves.cpp).
  void solver_moves(MoveList& out) const;
  // Drops moves that reach the same position as another in the list, up to swapping
  // interchangeable piles.
  void drop_symmetric_moves(MoveList& list) const;
  // Empty piles open to the player that are not the first such pile of their class: a card
  // going to one could go to that first one instead, to the same key.
  std::uint64_t spare_empty_piles() const;
  void unmake_macro(Move m, const Undo& u);
  // Moves the solver owes (seeds/solver.md): a talon card it put on the tableau
  // (Rules::lazy_talon) is owed a card on it; a card it uncovered by moving cards off it to
  // another tableau pile (Rules::lazy_runs) is owed a card on it or a move of it; a card it
  // took back off its foundation (Rules::lazy_takeback, set_cards_wait_for_use) is owed a
  // card on it or a move of the card it left on top there. At most two are owed at once,
  // and the next solver move pays every one; the solver's key tells such a position from
  // the same cards with nothing owed. owed_pile(i) is -1 past the last.
  int owed_pile(int i) const { return owed_[i]; }
  // Where Rules::lazy_talon holds, a talon card put on a foundation is owed the card that
  // follows it there too (where some card could); where Rules::lazy_takeback holds, a card
  // taken back off its foundation is owed its use. Proofs of loss take fewer positions, but
  // the best-first searches find their wins later, so only the depth-first searches of the
  // whole game ask for it (seeds/solver.md).
  void set_cards_wait_for_use(bool on) { cards_wait_for_use_ = on; }
  // For a copy that is only played on and never keyed (random playouts, bots): push and pop
  // then skip the upkeep of the solver's pile hashes and talon terms, a sixth of a Double
  // or Quits playout. There is no way back: solver_key() and the solver's move filters
  // must not be used on it.
  void drop_keys() { keys_kept_ = false; }
  // What entry i is owed for: kHeld (a talon card put down), kUncovered, kTakenBack,
  // kEmptied (a pile a run left).
  int owed_kind(int i) const { return owed_kinds_ >> 3 * i & 7; }
  static constexpr int kHeld = 1, kUncovered = 2, kTakenBack = 3, kEmptied = 4;
  // The plain moves a line of solver moves stands for.
  std::vector<Move> expand_macro_line(const std::vector<Move>& line) const;
  // Where foundations pair up (Rules::paired_foundations), the solver takes every split of
  // a pair's run between its two piles for one position, kept joined on the King pile, and
  // its moves for those of every split (cpp/foundation_pairs.cpp). This turns that on, if
  // every foundation holds a run from its base card, and joins this position's pairs,
  // appending the plain moves that do it; false if it stays off.
  bool start_pairing(std::vector<Move>& moves);
  // A winning line of plain moves from here, with each run of moves between paired
  // foundations cut to the fewest that leave the same sizes up to renaming piles of one
  // class, and the rest of the line renamed to match (cpp/foundation_pairs.cpp).
  std::vector<Move> fewest_transfers(const std::vector<Move>& line) const;

 private:
  // Card j of pile p is the lowest of its unit: the cards from it up may move together,
  // while it cannot move with the card under it (cpp/stuck_cards.cpp).
  bool starts_unit(int p, int j) const;
  // Run moves (two or more cards) from `givers` to `targets`; returns how many.
  int add_runs(Move* moves, const std::vector<int>& givers, std::uint64_t targets) const;
  // Two-player games (cpp/turns.cpp): generate() and pick_move() for the player to move;
  // after `others` moves, the deal or redeal, or a pass, as the turn rules allow; make()'s
  // bookkeeping of the turn.
  void generate_turn(MoveList& out) const;
  bool pick_turn_move(std::uint32_t u, Move& out) const;
  int add_turn_moves(Move* moves, int others) const;
  void note_turn(Move m, Undo& u);
  void make_turn(Move m, Undo& u);       // make() and unmake() of two-player games
  void unmake_turn(Move m, const Undo& u);
  void make_cards(Move m, Undo& u);      // what moves the cards (and refills, turns up)
  int refill_source(int p) const;        // the pile that would refill p now, or -1
  void unmake_cards(Move m, const Undo& u);
  void push(int p, Card c);
  Card pop(int p);
  void key_terms(int p, std::uint64_t talon, std::uint64_t& a, std::uint64_t& b) const;
  // A pile's two key terms from what stands for its cards (key_terms); the content of a
  // pile whose size and top card are all that matter (Rules::key_top_only); the terms of
  // the redeals left.
  void pile_terms(int p, std::uint64_t content, std::uint64_t& a, std::uint64_t& b) const;
  std::uint64_t top_only_content(int size, Card top) const;
  void redeal_terms(std::uint64_t& a, std::uint64_t& b) const;
  void resplit(int waste_size);  // moves talon cards between stock and waste, order kept
  // What a solver move would owe (before it is made): kHeld at its destination, kUncovered
  // at its source, kTakenBack at its destination (and its source foundation), kEmptied at
  // its source, or 0.
  int owes(Move m) const;
  // Whether move m pays owed entry i. Putting back the card that was moved off an uncovered
  // card does not: the two moves together would have been no move at all. A card taken
  // back is paid by a card put on it or by the next card leaving its foundation. A pile
  // emptied is paid by a card into any empty pile of its class, but not by a whole pile of
  // the class, which would only move the gap (trades_places).
  bool pays(Move m, int i) const {
    const int kind = owed_kind(i);
    if (kind == kEmptied)
      return !size_[m.dst] && same_class(m.dst, owed_[i]) && (m.count < size_[m.src] || !same_class(m.src, m.dst));
    if (m.dst == owed_[i]) return kind != kUncovered || base_card(m) != owed_card_[i];
    if (kind == kTakenBack) return m.src == owed_card_[i];
    return kind == kUncovered && m.src == owed_[i];
  }
  // Whether piles p and q are one pile or interchangeable (Rules::symmetric_piles).
  bool same_class(int p, int q) const;
  // Whether a card could fill empty pile p by the next move or the one after a lazy move:
  // a face-up card not at the bottom of its pile (with the run on it), a talon card a move
  // could take, a foundation's top card or the one under it. Never no wrongly.
  bool pile_could_be_filled(int p) const;
  // Whether a talon card a move could take (the waste's top, or with unlimited redeals the
  // top at any split dealing reaches) has a face in `fits`.
  bool talon_could_give(std::uint64_t fits) const;
  // Whether card c could go on card `onto` lying on top of pile p.
  bool fits_on(Card c, int p, Card onto) const { return r_->on_top[r_->group[p]][face(onto)] >> face(c) & 1; }
  // The card a card taken back off foundation f would leave on top there, if any.
  bool under_top(int f, Card& c) const {
    if (size_[f] < 2) return false;
    c = cards_[f][size_[f] - 2];
    return true;
  }
  // Whether card c could be put somewhere by the next move or the one after a lazy move:
  // on a face-up card off the foundations, a talon card a move could take, a foundation's
  // top card other than pile `skip`'s, or into an empty pile that takes it. Never no wrongly.
  bool card_could_land(Card c, int skip) const;
  Card base_card(Move m) const {  // the card a solver move puts down, under any it carries
    return m.pad ? talon_card(m.pad) : cards_[m.src][size_[m.src] - m.count];
  }
  // With one entry owed, whether move m owes a second that some next move could pay
  // together with the first (else nothing could follow it).
  bool joins(Move m) const;
  // Whether a run from pile `from`, its top `skip` cards aside, could go onto card `onto`
  // at the top of pile `to`; or into pile `to` once it is empty.
  bool run_could_go(int from, int skip, int to, Card onto) const;
  bool run_could_fill(int from, int skip, int to) const;
  Card talon_card(int at) const;  // the waste's top card at the talon split `at`
  // Whether some card but `other` could go on `card` once it is put on (or uncovered on)
  // pile p: a test in the position before, that may say yes too often but never no wrongly.
  bool card_could_go_on(Card card, int p, Card other) const;
  // The same for the card move m would uncover: a card could go on it, or it could move.
  bool uncovered_could_be_used(Move m) const;
  // Foundations that pair up (cpp/foundation_pairs.cpp): the first empty Ace pile and the
  // first full King pile, as indices into Rules::rising and falling, if both exist; cards
  // moved one by one; the pairs a move split joined again (Undo::pairs), and parted again
  // by unmake; predict_key() for a move to or from them; the moves of every split.
  bool pair_ends(int& ace, int& king) const;
  void shift(int from, int to, int n);
  void join_pairs(std::uint64_t changed, Undo& u);
  void part_pairs(const Undo& u);
  bool predict_paired(Move m, std::uint64_t& a, std::uint64_t& b) const;
  void add_pair_moves(MoveList& out, std::uint64_t skip) const;
  void make_paired(Move m, Undo& u);
  void unmake_paired(Move m, const Undo& u);
  void append_paired_move(Move m, std::vector<Move>& out);  // makes m, appends its plain moves
  // Whether move m, between two piles of one class, only swaps their contents
  // (drop_symmetric_moves).
  bool trades_places(Move m) const;
  // Whether piles p and q hold the same first n cards, to the key.
  bool same_cards(int p, int q, int n) const;
  // solver_moves() before the look-ahead; false when it is the safe move alone.
  bool list_solver_moves(MoveList& out) const;
  // pinned_loss()'s cache brought up to date with the piles changed since; then the first
  // pinned card that proves the loss, if any (null pointers: only whether there is one).
  void refresh_pins() const;
  bool find_pinned_loss(int* pile, int* index, int* unplaced) const;
  bool find_pinned_pair(PinnedPair* why) const;
  // Whether card j of pile q, lying on the faces `under`, can leave only for its
  // foundation; pinned_loss() for it.
  bool pinned(int q, int j, std::uint64_t under) const;
  // `unplaced`, if given, gets the face of a card that could then rest nowhere. `covered`:
  // the faces that stay covered till then; `others`: a pinned pair's other card. Reads
  // pile_faces_, so only after refresh_pins().
  bool pinned_loss_at(int q, int j, std::uint64_t covered, std::uint64_t others, int* unplaced = nullptr) const;
  // The faces that stay covered while card j of pile q (on the faces `under`) stays on the
  // card under it.
  std::uint64_t covered_by(int q, int j, std::uint64_t under) const;
  bool find_crowded_loss(int* pile, int* index, std::uint64_t* cards, std::uint64_t* holders) const;
  bool unmatched(std::uint64_t members, std::uint64_t cut, std::uint64_t& crowd, std::uint64_t& few) const;
  void refresh_crowds(int q) const;
  // The talon terms (talon_waste_, talon_stock_) as card c goes onto or off the waste at
  // height i, or onto or off the stock's top.
  void waste_term_add(Card c, int i) { talon_waste_ += r_->talon_value[c] * r_->talon_power[i]; }
  void waste_term_remove(Card c, int i) { talon_waste_ -= r_->talon_value[c] * r_->talon_power[i]; }
  void stock_term_push(Card c) {
    talon_stock_ = talon_stock_ * kTalonMultiplier + r_->talon_value[c];
  }
  void stock_term_pop(Card c) {
    talon_stock_ = (talon_stock_ - r_->talon_value[c]) * kTalonMultiplierInverse;
  }
  // With unlimited redeals, every split of the talon on the dealing cycle (the waste a whole
  // number of deals deep, or the stock empty) reaches every other: one position to the
  // solver. Then the talon is keyed as one sequence in dealing order; off the cycle, as the
  // sequence and the split. Only where Rules::cyclic_talon holds.
  std::uint64_t cyclic_talon_hash() const;
  bool fill_source_empty(int p) const {
    const Rules& R = *r_;
    switch (R.fill[p]) {
      case Fill::None: return true;
      case Fill::Stock: return size_[R.stock] == 0;
      case Fill::WasteThenStock: return size_[R.stock] == 0 && size_[R.waste] == 0;
    }
    return true;
  }
  // Faces pile p takes one card of, right now.
  std::uint64_t accepts(int p) const {
    const Rules& R = *r_;
    const int n = size_[p];
    if (n >= R.max_cards[p]) return 0;
    // A pile that refills itself takes nothing by hand while its source still has cards.
    if (n == 0) return fill_source_empty(p) ? R.empty_accepts[p] : 0;
    return R.on_top[R.group[p]][face(cards_[p][n - 1])];
  }
  // An empty pile open to the player takes many faces (any card, in Aces and Kings): it is
  // one bit of open_empty_ rather than a bit in every face's takers_of_, so a pile
  // emptying or filling costs the same as any other move.
  void refresh(int p) {
    const Rules& R = *r_;
    const std::uint64_t bit = std::uint64_t{1} << p;
    const int n = size_[p];
    std::uint64_t now = 0;
    open_empty_ &= ~bit;
    if (R.takes[p] && n < R.max_cards[p]) {
      if (n) now = R.on_top[R.group[p]][top_face_[p]];
      else if (fill_source_empty(p)) open_empty_ |= bit;
    }
    for (std::uint64_t diff = (now ^ acc_[p]) & R.face_classes; diff; diff &= diff - 1)
      takers_of_[ctz64(diff)] ^= bit;
    acc_[p] = now;
  }
  // Piles that take face f right now.
  std::uint64_t takers(int f) const {
    return takers_of_[f & r_->face_class_mask] | (open_empty_ & r_->empty_takers_of[f]);
  }
  // Faces pile p takes right now (accepts(p), from the kept tables).
  std::uint64_t accepting(int p) const {
    return open_empty_ >> p & 1 ? r_->empty_accepts[p] : acc_[p];
  }
  void refresh_after(Move m, bool fill_source_changed);

  std::shared_ptr<const Rules> rules_;
  const Rules* r_;  // rules_.get(), read on every move
  std::uint8_t size_[kMaxPiles] = {};
  Card cards_[kMaxPiles][kMaxPileCards];
  int redeals_left_ = 0;
  int foundation_cards_ = 0;
  // Per pile, of its cards only (as far as the rules tell them apart: Rules::key_mask).
  // Not kept for the stock and waste of a cyclic talon, which are keyed as one sequence:
  // talon_waste_ is the sum of value(card) * m^i over the waste from the bottom (i = 0) up,
  // talon_stock_ the same over the stock from the top down (Rules::talon_value, m =
  // kTalonMultiplier), so the talon in dealing order is talon_waste_ + m^w talon_stock_.
  std::uint64_t content_hash_[kMaxPiles] = {};
  std::uint64_t talon_waste_ = 0, talon_stock_ = 0;
  // Kept up to date by make/unmake, so generating moves is a lookup: accepts(p) for every
  // non-empty pile, and its transpose, the set of piles that take each face (kept for one
  // face of each Rules::face_classes only); the empty piles open to the player.
  std::uint64_t acc_[kMaxPiles] = {};
  std::uint64_t takers_of_[64] = {};
  std::uint64_t open_empty_ = 0;
  std::uint8_t top_face_[kMaxPiles];  // face of each pile's top card, kNoFace when empty
  std::uint8_t on_foundations_[64] = {};  // cards of each face on the foundations
  // solver_key's cache: each pile's two terms, their sums, and the piles changed since.
  mutable std::uint64_t key_term_a_[kMaxPiles] = {}, key_term_b_[kMaxPiles] = {};
  mutable std::uint64_t key_sum_a_ = 0, key_sum_b_ = 0;
  mutable std::uint64_t key_dirty_ = ~std::uint64_t{0};
  // pinned_loss's cache: the piles changed since it last looked, the lowest pinned card of
  // each pile (kNoPin: none) and the piles that have one, the foundation cards that never
  // come down. A pile's pins change only with its cards (and those foundation cards).
  static constexpr std::uint8_t kNoPin = 0xFF;
  mutable std::uint64_t pin_dirty_ = ~std::uint64_t{0};
  mutable std::uint64_t pinned_piles_ = 0;
  mutable std::uint64_t up_for_good_ = 0;
  mutable std::uint8_t first_pin_[kMaxPiles] = {};
  // crowded_loss's share of it: each pile's faces, those lying right on a card they could be
  // laid on, its lowest card that could be kept there by a crowd (kNoPin: none) and the piles
  // that have one.
  mutable std::uint64_t pile_faces_[kMaxPiles] = {}, on_parent_[kMaxPiles] = {};
  // The pile each face was last seen in by refresh_crowds(); it is still there only if that
  // pile's faces say so.
  mutable std::uint8_t face_pile_[64] = {};
  mutable std::uint64_t crowd_piles_ = 0;
  mutable std::uint8_t first_crowd_[kMaxPiles] = {};
  std::int8_t owed_[2] = {-1, -1};  // owed_pile(): the first entry, then the second
  std::uint8_t owed_kinds_ = 0;  // bits 3i to 3i+2: entry i's kind (owed_kind)
  bool cards_wait_for_use_ = false;  // set_cards_wait_for_use()
  bool keys_kept_ = true;  // drop_keys()
  bool pins_checked_ = false;  // set_pins_checked()
  bool pairs_on_ = false;  // start_pairing()
  Card owed_card_[2] = {};  // an uncovered entry's card moved off it; a taken-back one's foundation
  // Two-player games (cpp/turns.cpp); kept apart from the one-player games' hot fields.
  std::uint8_t to_move_ = 0;
  std::uint16_t quiet_plies_ = 0;
  std::uint8_t quiet_turns_[2] = {};
  std::uint8_t home_of_[2] = {};        // cards on the foundations, by the deck they are from
  std::uint16_t redeals_done_[2] = {};
};

}  // namespace sol
