#include "state.hpp"

#include <stdexcept>

namespace sol {

State::State(std::shared_ptr<const Rules> rules) : rules_(std::move(rules)), r_(rules_.get()) {
  redeals_left_ = r_->spec.redeals;
  for (auto& f : top_face_) f = kNoFace;
}

std::vector<std::vector<int>> State::piles() const {
  std::vector<std::vector<int>> out(static_cast<std::size_t>(r_->piles));
  for (int p = 0; p < r_->piles; ++p) out[p].assign(cards_[p], cards_[p] + size_[p]);
  return out;
}

void State::set_piles(const std::vector<std::vector<int>>& piles, int redeals_left) {
  const Rules& R = *r_;
  if (static_cast<int>(piles.size()) != R.piles)
    throw std::invalid_argument("expected " + std::to_string(R.piles) + " piles, got " +
                                std::to_string(piles.size()));
  if (redeals_left < -1 || (R.spec.redeals >= 0 && redeals_left > R.spec.redeals) ||
      (R.spec.redeals == -1 && redeals_left != -1) ||
      (R.spec.redeals >= 0 && redeals_left == -1))
    throw std::invalid_argument("redeals_left " + std::to_string(redeals_left) +
                                " is impossible in this game (it allows " +
                                std::to_string(R.spec.redeals) + ")");
  std::array<int, 128> seen{};
  for (int p = 0; p < R.piles; ++p) {
    const auto& pile = piles[p];
    if (static_cast<int>(pile.size()) > R.max_cards[p])
      throw std::invalid_argument("pile " + R.pile_name(p) + " holds " +
                                  std::to_string(pile.size()) + " cards; at most " +
                                  std::to_string(R.max_cards[p]) + " fit");
    for (std::size_t i = 0; i < pile.size(); ++i) {
      const int c = pile[i];
      if (!valid_card(c)) throw std::invalid_argument("not a card code: " + std::to_string(c));
      const bool down = c & kFaceDown;
      if (down && R.kind[p] != Kind::Tableau)
        throw std::invalid_argument("only tableau cards may be face down (pile " +
                                    R.pile_name(p) + ")");
      if (down && i + 1 == pile.size())
        throw std::invalid_argument("the top card of " + R.pile_name(p) +
                                    " is face down; top cards are always face up");
      ++seen[c & 0x7F];
    }
  }
  for (int c = 0; c < 128; ++c) {
    if (seen[c] != R.spec.card_counts[c]) {
      const std::string name = card_text(static_cast<Card>(c));
      if (seen[c] > R.spec.card_counts[c])
        throw std::invalid_argument("card " + name + " appears " + std::to_string(seen[c]) +
                                    " times; the game has " +
                                    std::to_string(R.spec.card_counts[c]));
      throw std::invalid_argument("card " + name + " is missing (" + std::to_string(seen[c]) +
                                  " of " + std::to_string(R.spec.card_counts[c]) + " placed)");
    }
  }
  for (auto& h : content_hash_) h = 0;
  talon_waste_ = talon_stock_ = 0;
  key_dirty_ = pin_dirty_ = ~std::uint64_t{0};
  owed_[0] = owed_[1] = -1;
  owed_kinds_ = 0;
  owed_card_[0] = owed_card_[1] = 0;
  foundation_cards_ = 0;
  for (auto& n : on_foundations_) n = 0;
  home_of_[0] = home_of_[1] = 0;
  to_move_ = 0;
  quiet_plies_ = 0;
  quiet_turns_[0] = quiet_turns_[1] = 0;
  redeals_done_[0] = redeals_done_[1] = 0;
  for (int p = 0; p < kMaxPiles; ++p) top_face_[p] = kNoFace;
  for (int p = 0; p < R.piles; ++p) {
    size_[p] = 0;
    for (int c : piles[p]) push(p, static_cast<Card>(c));
    if (R.kind[p] == Kind::Foundation)
      for (int c : piles[p]) ++home_of_[c & kBack ? 1 : 0];
  }
  redeals_left_ = redeals_left;
  for (auto& a : acc_) a = 0;
  for (auto& t : takers_of_) t = 0;
  open_empty_ = 0;
  for (int p = 0; p < R.piles; ++p) refresh(p);
}

void State::refresh_after(Move m, bool fill_source_changed) {
  refresh(m.src);
  refresh(m.dst);
  if (fill_source_changed)
    for (int p : r_->refilled) refresh(p);
}

void State::push(int p, Card c) {
  const int n = size_[p]++;
  key_dirty_ |= std::uint64_t{1} << p;
  pin_dirty_ |= std::uint64_t{1} << p;
  cards_[p][n] = c;
  top_face_[p] = static_cast<std::uint8_t>(face(c));
  if (keys_kept_) {
    if (p == r_->talon_waste) waste_term_add(c, n);
    else if (p == r_->talon_stock) stock_term_push(c);
    else content_hash_[p] ^= mix64(std::uint64_t(n) << 8 | (c & r_->key_mask));
  }
  if (r_->kind[p] == Kind::Foundation) {
    ++foundation_cards_;
    ++on_foundations_[face(c)];
  }
}

Card State::pop(int p) {
  const int n = --size_[p];
  key_dirty_ |= std::uint64_t{1} << p;
  pin_dirty_ |= std::uint64_t{1} << p;
  const Card c = cards_[p][n];
  top_face_[p] = static_cast<std::uint8_t>(n ? face(cards_[p][n - 1]) : kNoFace);
  if (keys_kept_) {
    if (p == r_->talon_waste) waste_term_remove(c, n);
    else if (p == r_->talon_stock) stock_term_pop(c);
    else content_hash_[p] ^= mix64(std::uint64_t(n) << 8 | (c & r_->key_mask));
  }
  if (r_->kind[p] == Kind::Foundation) {
    --foundation_cards_;
    --on_foundations_[face(c)];
  }
  return c;
}

std::uint64_t State::hash() const {
  // From scratch over every card: the kept pile hashes may leave suits out.
  std::uint64_t h = mix64(0xD1CEull << 32 | (static_cast<std::uint32_t>(redeals_left_) + 1u));
  for (int p = 0; p < r_->piles; ++p) {
    std::uint64_t ph = 0;
    for (int i = 0; i < size_[p]; ++i) ph ^= mix64(std::uint64_t(i) << 8 | cards_[p][i]);
    h ^= mix64(ph + 0x9E3779B97F4A7C15ull * (p + 1));
  }
  if (r_->players == 2)  // whose turn it is, and how near the game is to blocked
    h ^= mix64(0x7E57ull << 48 ^ to_move_ ^ std::uint64_t{quiet_plies_} << 8 ^
               std::uint64_t{quiet_turns_[0]} << 24 ^ std::uint64_t{quiet_turns_[1]} << 32);
  return h;
}

std::uint64_t State::cyclic_talon_hash() const {
  const int w = size_[r_->waste];
  const std::uint64_t sequence = talon_waste_ + r_->talon_power[w] * talon_stock_;
  if (on_talon_cycle()) return mix64(sequence ^ 0x7A10ull << 48) | 1;  // never 0
  return mix64(sequence ^ mix64(0x5B117ull << 16 | static_cast<std::uint64_t>(w))) | 1;
}

void State::key_terms(int p, std::uint64_t talon, std::uint64_t& a, std::uint64_t& b) const {
  const Rules& R = *r_;
  std::uint64_t content = content_hash_[p];
  if (R.key_top_only[p]) content = top_only_content(size_[p], size_[p] ? top(p) : Card{0});
  if (talon && (p == R.stock || p == R.waste)) content = p == R.stock ? talon : 0;
  pile_terms(p, content, a, b);
}

std::uint64_t State::top_only_content(int size, Card top) const {
  return size ? mix64(std::uint64_t(size) << 8 | (top & r_->key_mask)) ^ 0x5EED : 0;
}

void State::pile_terms(int p, std::uint64_t content, std::uint64_t& a, std::uint64_t& b) const {
  pile_key_terms(r_->symmetry_class[p], content, a, b);
}

void State::redeal_terms(std::uint64_t& a, std::uint64_t& b) const {
  a = mix64((0xD1CEull << 32) ^ (static_cast<std::uint32_t>(redeals_left_) + 1u));
  b = mix64(a);
}

int State::refill_source(int p) const {
  const Rules& R = *r_;
  const Fill f = R.fill[p];
  if (f == Fill::WasteThenStock && size_[R.waste]) return R.waste;
  if (f != Fill::None && size_[R.stock]) return R.stock;
  return -1;
}

bool State::predict_key(Move m, std::uint64_t& a, std::uint64_t& b) const {
  const Rules& R = *r_;
  const int s = m.src, d = m.dst, k = m.count;
  if (pairs_on_ && (m.pad || (R.foundation_mask >> s | R.foundation_mask >> d) & 1)) return predict_paired(m, a, b);
  if (m.pad || R.players != 1 || s == d || R.kind[s] == Kind::Stock || R.kind[d] == Kind::Stock) return false;
  if (R.cyclic_talon && (s == R.waste || d == R.waste)) return false;
  if (owed_[0] >= 0 || owes(m)) return false;
  const int left = size_[s] - k, n = size_[d];
  if (left > 0 && is_face_down(cards_[s][left - 1])) return false;  // it would turn up
  // A refill; or perhaps one, where the move changes the talon a refill would come from.
  if (R.fill[s] != Fill::None && (refill_source(s) >= 0 || d == R.waste)) return false;
  // A move that might win is made: the searches look for the win once a move is made.
  if (R.spec.win == WinTest::TableauEmpty) {
    int cards = 0;
    for (int p : R.tableau) cards += size_[p];
    if (R.kind[s] == Kind::Tableau && cards == k) return false;
  } else if (R.kind[d] == Kind::Foundation && foundation_cards_ + k >= R.spec.win_foundation_cards) {
    return false;
  }
  if (key_dirty_) solver_key(a, b);  // brings the kept terms up to date
  std::uint64_t from = content_hash_[s], to = content_hash_[d];
  for (int i = 0; i < k; ++i) {
    const std::uint64_t c = cards_[s][left + i] & R.key_mask;
    from ^= mix64(std::uint64_t(left + i) << 8 | c);
    to ^= mix64(std::uint64_t(n + i) << 8 | c);
  }
  if (R.key_top_only[s]) from = top_only_content(left, left ? cards_[s][left - 1] : Card{0});
  if (R.key_top_only[d]) to = top_only_content(n + k, cards_[s][size_[s] - 1]);
  std::uint64_t sa, sb, da, db, ra, rb;
  pile_terms(s, from, sa, sb);
  pile_terms(d, to, da, db);
  redeal_terms(ra, rb);
  a = key_sum_a_ - key_term_a_[s] - key_term_a_[d] + sa + da + ra;
  b = key_sum_b_ - key_term_b_[s] - key_term_b_[d] + sb + db + rb;
  return true;
}

void State::solver_key(std::uint64_t& a, std::uint64_t& b) const {
  const Rules& R = *r_;
  std::uint64_t dirty = key_dirty_ & ((std::uint64_t{1} << R.piles) - 1);  // piles < 64
  if (R.stock >= 0 && (dirty >> R.stock & 1 || dirty >> R.waste & 1))
    dirty |= std::uint64_t{1} << R.stock | std::uint64_t{1} << R.waste;  // the talon is keyed whole
  const std::uint64_t talon = dirty && R.cyclic_talon ? cyclic_talon_hash() : 0;
  for (; dirty; dirty &= dirty - 1) {
    const int p = ctz64(dirty);
    std::uint64_t ta, tb;
    key_terms(p, talon, ta, tb);
    key_sum_a_ += ta - key_term_a_[p];
    key_sum_b_ += tb - key_term_b_[p];
    key_term_a_[p] = ta;
    key_term_b_[p] = tb;
  }
  key_dirty_ = 0;
  std::uint64_t ra, rb;
  redeal_terms(ra, rb);
  a = key_sum_a_ + ra;
  b = key_sum_b_ + rb;
  // A move owed to a pile: not the same position as the same cards with none owed. The
  // pile's own term names it up to swapping piles of one class; a sum keeps the two
  // entries' order out of the key.
  for (int i = 0; i < 2 && owed_[i] >= 0; ++i) {
    // An uncovered card's entry names the card moved off it, which may not come back. A
    // taken-back card's foundation is the one its card came from, so the cards name it.
    const int k = owed_kind(i);
    const std::uint64_t kind = k == kUncovered ? 0x0C0D00ull | (owed_card_[i] & R.key_mask)
                               : k == kTakenBack ? 0x0BAC00ull
                               : k == kEmptied   ? 0x0E3700ull
                                                 : 0x0BED00ull;
    const std::uint64_t owed = mix64(key_term_a_[owed_[i]] ^ kind << 40);
    a += owed;
    b += mix64(owed);
  }
}

void State::make(Move m, Undo& u) {
  // Two-player games go their own way (cpp/turns.cpp); a tail call keeps this path free of
  // the call's register saving.
  if (r_->players == 2) return make_turn(m, u);
  u = Undo{};
  make_cards(m, u);
}

void State::make_cards(Move m, Undo& u) {
  const Rules& R = *r_;
  if (m.src == R.stock || m.src == R.stock_of[1]) {  // deal (either player's, two-player)
    const int waste = m.src == R.stock ? R.waste : R.waste_of[1];
    for (int i = 0; i < m.count; ++i) push(waste, pop(m.src));
    refresh_after(m, true);
    return;
  }
  if (m.dst == R.stock || m.dst == R.stock_of[1]) {  // redeal: turning the waste over reverses it
    for (int i = 0; i < m.count; ++i) push(m.dst, pop(m.src));
    if (redeals_left_ > 0) --redeals_left_;
    ++redeals_done_[R.owner[m.dst] > 0 ? 1 : 0];
    refresh_after(m, true);
    return;
  }
  Card run[kMaxPileCards];
  for (int i = m.count - 1; i >= 0; --i) run[i] = pop(m.src);
  for (int i = 0; i < m.count; ++i) push(m.dst, run[i]);
  const int left = size_[m.src];
  if (left) {
    const Card t = cards_[m.src][left - 1];
    if (is_face_down(t)) {
      pop(m.src);
      push(m.src, static_cast<Card>(t & ~kFaceDown));
      u.flipped = true;
    }
    refresh_after(m, m.src == R.waste || m.dst == R.waste);
    return;
  }
  const int from = refill_source(m.src);
  if (from >= 0) {
    push(m.src, pop(from));
    u.fill_from = static_cast<std::int8_t>(from);
  }
  refresh_after(m, from >= 0 || m.src == R.waste || m.dst == R.waste);
}

void State::unmake(Move m, const Undo& u) {
  if (r_->players == 2) return unmake_turn(m, u);
  unmake_cards(m, u);
}

void State::unmake_cards(Move m, const Undo& u) {
  const Rules& R = *r_;
  if (m.src == R.stock || m.src == R.stock_of[1]) {
    const int waste = m.src == R.stock ? R.waste : R.waste_of[1];
    for (int i = 0; i < m.count; ++i) push(m.src, pop(waste));
    refresh_after(m, true);
    return;
  }
  if (m.dst == R.stock || m.dst == R.stock_of[1]) {
    for (int i = 0; i < m.count; ++i) push(m.src, pop(m.dst));
    if (redeals_left_ >= 0) ++redeals_left_;
    --redeals_done_[R.owner[m.dst] > 0 ? 1 : 0];
    refresh_after(m, true);
    return;
  }
  if (u.fill_from >= 0) push(u.fill_from, pop(m.src));
  if (u.flipped) push(m.src, static_cast<Card>(pop(m.src) | kFaceDown));
  Card run[kMaxPileCards];
  for (int i = m.count - 1; i >= 0; --i) run[i] = pop(m.dst);
  for (int i = 0; i < m.count; ++i) push(m.src, run[i]);
  refresh_after(m, u.fill_from >= 0 || m.src == R.waste || m.dst == R.waste);
}

bool State::is_won() const {
  const Rules& R = *r_;
  if (R.players == 2) return winner() >= 0;
  if (R.spec.win == WinTest::TableauEmpty) {
    for (int p : R.tableau)
      if (size_[p]) return false;
  } else if (foundation_cards_ != R.spec.win_foundation_cards) {
    return false;
  }
  if (R.spec.win_needs_empty_stock && R.stock >= 0 && (size_[R.stock] || size_[R.waste]))
    return false;
  return true;
}

bool State::is_legal(Move m) const {
  MoveList list;
  generate(list);
  for (int i = 0; i < list.size; ++i)
    if (list.moves[i] == m) return true;
  return false;
}

std::string State::move_text(Move m) const {
  const Rules& R = *r_;
  if (m.src == kPass) return "pass";
  std::string t = R.pile_name(m.src) + "-" + R.pile_name(m.dst);
  const bool dealing = R.kind[m.src] == Kind::Stock || R.kind[m.dst] == Kind::Stock;
  if (m.count > 1 && !dealing) t += "x" + std::to_string(m.count);
  return t;
}

}  // namespace sol
