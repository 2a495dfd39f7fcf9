// The solver's moves over a cycling talon: see State::on_talon_cycle.
#include "state.hpp"

namespace sol {

bool State::on_talon_cycle() const {
  const Rules& R = *r_;
  if (!R.cyclic_talon) return false;
  const int w = size_[R.waste], s = size_[R.stock];
  // From a full stock, deals leave the waste a whole number of deals deep until the stock
  // runs out; a split off that cycle (a waste card played mid-pass) is a position of its own.
  return (w || s) && (s == 0 || w % R.spec.deal_count == 0);
}

Card State::talon_card(int at) const {
  const Rules& R = *r_;
  const int w = size_[R.waste];
  return at <= w ? cards_[R.waste][at - 1] : cards_[R.stock][size_[R.stock] - 1 - (at - 1 - w)];
}

int State::talon_splits(std::uint8_t* at) const {
  const Rules& R = *r_;
  if (!R.cyclic_talon) return 0;
  const int w = size_[R.waste], s = size_[R.stock], n = w + s, k = R.spec.deal_count;
  if (!n) return 0;
  int size = 0;
  // Off the cycle, dealing on first passes the rest of this pass, w + k, w + 2k, ..., until
  // the stock runs out; the redeal then starts the cycle from a full stock.
  if (!on_talon_cycle())
    for (int split = w + k; split < n; split += k) at[size++] = static_cast<std::uint8_t>(split);
  for (int split = k; split < n + k; split += k) {
    const int a = split < n ? split : n;
    if (a != w) at[size++] = static_cast<std::uint8_t>(a);
  }
  return size;
}

void State::generate_macro(MoveList& out, std::uint64_t skip) const {
  generate(out, skip);
  const Rules& R = *r_;
  if (!R.cyclic_talon) return;
  if (out.size && (out.moves[out.size - 1].src == R.stock || out.moves[out.size - 1].dst == R.stock))
    --out.size;  // dealing: a pad move below plays whatever it would bring up
  // The waste's top card at every other split the talon can reach by dealing: the talon's
  // card in dealing order just below the split. Dealing changes no other pile's wishes
  // (cyclic_talon).
  std::uint8_t at[2 * kMaxPileCards];
  const int splits = talon_splits(at);
  const std::uint64_t not_waste = ~(std::uint64_t{1} << R.waste | skip);
  for (int i = 0; i < splits; ++i) {
    const Card c = talon_card(at[i]);
    for (std::uint64_t m = takers(face(c)) & not_waste; m; m &= m - 1) {
      out.add(R.waste, ctz64(m), 1);
      out.moves[out.size - 1].pad = at[i];
    }
  }
}

// Only on a cyclic talon (make_macro): the cards move in a block, and the talon's sequence,
// which the split does not change, moves its terms from one sum to the other.
void State::resplit(int waste_size) {
  const Rules& R = *r_;
  const int W = R.waste, S = R.stock, w = size_[W], s = size_[S];
  Card* waste = cards_[W];
  Card* stock = cards_[S];
  if (w > waste_size) {  // turned back: the waste's top card becomes the stock's top
    for (int i = w - 1; i >= waste_size; --i) {
      const Card c = waste[i];
      stock[s + (w - 1 - i)] = c;
      waste_term_remove(c, i);
      stock_term_push(c);
    }
  } else {  // dealt
    for (int i = w; i < waste_size; ++i) {
      const Card c = stock[s - 1 - (i - w)];
      waste[i] = c;
      stock_term_pop(c);
      waste_term_add(c, i);
    }
  }
  size_[W] = static_cast<std::uint8_t>(waste_size);
  size_[S] = static_cast<std::uint8_t>(s + w - waste_size);
  top_face_[W] = static_cast<std::uint8_t>(waste_size ? face(waste[waste_size - 1]) : kNoFace);
  top_face_[S] = static_cast<std::uint8_t>(size_[S] ? face(stock[size_[S] - 1]) : kNoFace);
  key_dirty_ |= std::uint64_t{1} << W | std::uint64_t{1} << S;
  refresh(S);
  refresh(W);
}

void State::make_macro(Move m, Undo& u) {
  if (pairs_on_) return make_paired(m, u);  // no talon cycle, nothing owed (Rules)
  // The safe move (a talon card's may be dealt round to) is made alone and owes nothing
  // (seeds/solver.md): some win starts with it.
  Move safe;
  const bool made_safe = owed_[0] < 0 && r_->kind[m.dst] == Kind::Foundation && owes(m) && safe_move(safe) &&
                         safe == m && safe.pad == m.pad;
  const std::uint8_t split = m.pad ? size_[r_->waste] : 0;
  if (m.pad) resplit(m.pad);
  const int owes_now = made_safe ? 0 : owes(Move{m.src, m.dst, m.count, 0});
  std::int8_t piles[3];
  Card cards[3];
  unsigned kinds = 0;  // three bits an entry
  int n = 0;
  for (int i = 0; i < 2 && owed_[i] >= 0; ++i)
    if (!pays(m, i)) {
      kinds |= static_cast<unsigned>(owed_kind(i)) << 3 * n;
      cards[n] = owed_card_[i];
      piles[n++] = owed_[i];
    }
  if (owes_now) {
    kinds |= static_cast<unsigned>(owes_now) << 3 * n;
    cards[n] = owes_now == kUncovered ? base_card(m) : owes_now == kTakenBack ? Card(m.src) : Card{0};
    piles[n++] = static_cast<std::int8_t>(owes_now == kUncovered || owes_now == kEmptied ? m.src : m.dst);
  }
  make(Move{m.src, m.dst, m.count, 0}, u);
  u.split = split;
  for (int i = 0; i < 2; ++i) {
    u.owed[i] = owed_[i];
    u.owed_card[i] = owed_card_[i];
  }
  u.owed_kinds = owed_kinds_;
  // Three entries only after a move solver_moves does not offer: the oldest is dropped.
  const int drop = n > 2 ? 1 : 0;
  for (int i = 0; i < 2; ++i) {
    owed_[i] = n > drop + i ? piles[drop + i] : -1;
    owed_card_[i] = n > drop + i ? cards[drop + i] : Card{0};
  }
  owed_kinds_ = static_cast<std::uint8_t>(kinds >> 3 * drop & 63);
}

void State::unmake_macro(Move m, const Undo& u) {
  if (pairs_on_) return unmake_paired(m, u);
  unmake(Move{m.src, m.dst, m.count, 0}, u);
  if (m.pad) resplit(u.split);
  for (int i = 0; i < 2; ++i) {
    owed_[i] = u.owed[i];
    owed_card_[i] = u.owed_card[i];
  }
  owed_kinds_ = u.owed_kinds;
}

std::vector<Move> State::expand_macro_line(const std::vector<Move>& line) const {
  State s(*this);
  std::vector<Move> out;
  for (const Move& m : line) {
    if (s.pairs_on_) {
      s.append_paired_move(m, out);
      continue;
    }
    Move step;
    const int waste = rules().waste;
    while (m.pad && s.size(waste) != m.pad && s.stock_move(step)) {
      Undo ignored;
      s.make(step, ignored);
      out.push_back(step);
    }
    const Move plain{m.src, m.dst, m.count, 0};
    Undo ignored;
    s.make(plain, ignored);
    out.push_back(plain);
  }
  return out;
}

}  // namespace sol
