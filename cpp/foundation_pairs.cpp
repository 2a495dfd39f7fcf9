// Foundations that pair up (Rules::paired_foundations): Aces and Kings' Ace and King piles.
// An Ace pile holding n cards and a King pile holding 13 - n hold one run of the thirteen
// ranks between them, and the card where they meet may pass from one pile to the other and
// back, nothing else changing. Every split of the run reaches every other, so the solver
// takes them for one position: it keeps the run joined on the King pile, the Ace pile
// empty, and gives that position the moves of every split. The argument is in
// seeds/solver.md ("Foundations that pair up").
#include <stdexcept>

#include "state.hpp"

namespace sol {

namespace {
constexpr std::uint64_t rank_faces(int r) { return 0x0001000100010001ull << r; }  // any suit
}  // namespace

void Rules::compile_pairs() {
  bool lazy = lazy_talon;
  for (int p = 0; p < piles; ++p) lazy |= lazy_runs[p];
  if (players != 1 || (key_mask & 0x30) || cyclic_talon || lazy || any_runs ||
      spec.win != WinTest::FoundationCards)
    return;
  std::vector<int> up, down;
  for (int p = 0; p < piles; ++p) {
    if (kind[p] != Kind::Foundation) continue;
    if (!gives[p] || max_cards[p] != kRanks || fill[p] != Fill::None) return;
    bool rises = empty_accepts[p] == rank_faces(0), falls = empty_accepts[p] == rank_faces(kRanks - 1);
    for (int f = 0; f < 64; ++f) {
      const int r = f & 0x0F;
      if (r >= kRanks) continue;
      const std::uint64_t on = on_top[group[p]][f];
      rises &= on == (r + 1 < kRanks ? rank_faces(r + 1) : 0);
      falls &= on == (r > 0 ? rank_faces(r - 1) : 0);
    }
    if (rises) up.push_back(p);
    else if (falls) down.push_back(p);
    else return;
  }
  // Undo::pairs names a pile in two bits; the moves added must fit a MoveList.
  if (up.empty() || down.empty() || up.size() > 4 || down.size() > 4) return;
  if ((givers.size() + 1) * (takers.size() + 1) + kRanks * takers.size() > static_cast<std::size_t>(kMaxMoves))
    return;
  rising = up;
  falling = down;
  for (int p : up) rising_mask |= std::uint64_t{1} << p;
  for (int p : down) falling_mask |= std::uint64_t{1} << p;
  for (int n = 0; n < kRanks; ++n) {  // as State::push hashes a card at height n
    rising_hash[n + 1] = rising_hash[n] ^ mix64(std::uint64_t(n) << 8 | make_card(n, 0));
    falling_hash[n + 1] = falling_hash[n] ^ mix64(std::uint64_t(n) << 8 | make_card(kRanks - 1 - n, 0));
  }
  paired_foundations = true;
}

bool State::start_pairing(std::vector<Move>& moves) {
  const Rules& R = *r_;
  if (!R.paired_foundations) return false;
  // A position set by hand may hold anything on a foundation: then the pairing stays off.
  // Every card must be keyed by rank alone, as Rules::rising_hash assumes (one player's
  // decks have no back to tell apart).
  for (int p = 0; p < R.piles; ++p)
    for (int i = 0; i < size_[p]; ++i)
      if ((cards_[p][i] & R.key_mask & ~kFaceDown) != rank_of(cards_[p][i])) return false;
  for (int p : R.rising)
    for (int i = 0; i < size_[p]; ++i)
      if (cards_[p][i] & kFaceDown || rank_of(cards_[p][i]) != i) return false;
  for (int p : R.falling)
    for (int i = 0; i < size_[p]; ++i)
      if (cards_[p][i] & kFaceDown || rank_of(cards_[p][i]) != kRanks - 1 - i) return false;
  pairs_on_ = true;
  for (int a : R.rising)
    for (int k : R.falling) {
      const int n = size_[a];
      if (n && n + size_[k] == kRanks) {
        moves.insert(moves.end(), n, Move{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(k), 1, 0});
        shift(a, k, n);
      }
    }
  return true;
}

bool State::pair_ends(int& ace, int& king) const {
  const Rules& R = *r_;
  ace = king = -1;
  // The first of each: the pile drop_symmetric_moves keeps among twins.
  for (int i = 0; i < static_cast<int>(R.rising.size()) && ace < 0; ++i)
    if (!size_[R.rising[i]]) ace = i;
  for (int j = 0; j < static_cast<int>(R.falling.size()) && king < 0; ++j)
    if (size_[R.falling[j]] == kRanks) king = j;
  return ace >= 0 && king >= 0;
}

// n cards one by one from one foundation of a pair to the other: the cards as the plain
// moves would leave them, the hashes from the table.
void State::shift(int from, int to, int n) {
  const Rules& R = *r_;
  const int f = size_[from] - n, t = size_[to];
  for (int i = 0; i < n; ++i) cards_[to][t + i] = cards_[from][f + n - 1 - i];
  size_[from] = static_cast<std::uint8_t>(f);
  size_[to] = static_cast<std::uint8_t>(t + n);
  const bool up = R.rising_mask >> from & 1;
  content_hash_[from] = up ? R.rising_hash[f] : R.falling_hash[f];
  content_hash_[to] = up ? R.falling_hash[t + n] : R.rising_hash[t + n];
  top_face_[from] = static_cast<std::uint8_t>(f ? face(cards_[from][f - 1]) : kNoFace);
  top_face_[to] = static_cast<std::uint8_t>(face(cards_[to][t + n - 1]));
  key_dirty_ |= std::uint64_t{1} << from | std::uint64_t{1} << to;
  refresh(from);
  refresh(to);
}

// Before the move every pair was joined, so only a pile the move changed (`changed`) can
// have met a partner, and joining empties an Ace pile or fills a King pile, neither of
// which can split again: at most two joins.
void State::join_pairs(std::uint64_t changed, Undo& u) {
  const Rules& R = *r_;
  const int ups = static_cast<int>(R.rising.size()), downs = static_cast<int>(R.falling.size());
  int joined = 0;
  for (changed &= R.rising_mask | R.falling_mask; changed; changed &= changed - 1) {
    const int p = ctz64(changed);
    int i = 0, j = 0;
    if (R.rising_mask >> p & 1) {
      if (!size_[p]) continue;
      while (R.rising[i] != p) ++i;
      while (j < downs && size_[p] + size_[R.falling[j]] != kRanks) ++j;
      if (j == downs) continue;
    } else {
      while (R.falling[j] != p) ++j;
      while (i < ups && !(size_[R.rising[i]] && size_[R.rising[i]] + size_[p] == kRanks)) ++i;
      if (i == ups) continue;
    }
    if (joined == 2) throw std::logic_error("a move left more than two pairs to join");
    const int n = size_[R.rising[i]];
    shift(R.rising[i], R.falling[j], n);
    u.pairs.joined[joined++] = static_cast<std::uint8_t>(i | j << 2 | n << 4);
  }
}

void State::part_pairs(const Undo& u) {
  const Rules& R = *r_;
  for (int i = 1; i >= 0; --i) {
    const int b = u.pairs.joined[i];
    if (b) shift(R.falling[b >> 2 & 3], R.rising[b & 3], b >> 4);
  }
}

bool State::would_join(Move m) const {
  const Rules& R = *r_;
  const std::uint64_t ends = (std::uint64_t{1} << m.src | std::uint64_t{1} << m.dst) & (R.rising_mask | R.falling_mask);
  if (!ends) return false;
  auto height = [&](int p) { return size_[p] - (p == m.src ? m.count : 0) + (p == m.dst ? m.count : 0); };
  for (std::uint64_t e = ends; e; e &= e - 1) {
    const int p = ctz64(e), n = height(p);
    if (R.rising_mask >> p & 1) {
      if (n)
        for (int k : R.falling)
          if (n + height(k) == kRanks) return true;
    } else {
      for (int a : R.rising)
        if (height(a) && height(a) + n == kRanks) return true;
    }
  }
  return false;
}

// A move with `pad` r first moves r cards from the pair's King pile to its Ace pile. Then
// a card of rank r goes onto the Ace pile, or the King pile's top card, of rank r, leaves.
// Onto the King pile instead, or off the Ace pile, a card reaches the same split, so those
// are not listed. Between foundations, in a position whose pairs are all joined, every
// move only splits a pair or hands a card between two pairs or a pair and another
// foundation, and the pairs joined again are the position before: those are left out.
void State::add_pair_moves(MoveList& out, std::uint64_t skip) const {
  const Rules& R = *r_;
  int kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const Move m = out.moves[i];
    if (R.kind[m.src] != Kind::Foundation || R.kind[m.dst] != Kind::Foundation) out.moves[kept++] = m;
  }
  out.size = kept;
  int ace, king;
  if (!pair_ends(ace, king)) return;
  const int a = R.rising[ace], k = R.falling[king];
  for (int p : R.givers) {
    if (R.kind[p] == Kind::Foundation || p == R.stock || !size_[p]) continue;
    const Card c = top(p);
    if (is_face_down(c) || rank_of(c) == 0) continue;  // an Ace goes onto the empty Ace pile as it is
    out.add(p, a, 1);
    out.moves[out.size - 1].pad = static_cast<std::uint8_t>(rank_of(c));
  }
  for (int r = 1; r < kRanks; ++r)
    for (std::uint64_t t = takers(r) & ~(R.foundation_mask | skip); t; t &= t - 1) {
      out.add(k, ctz64(t), 1);
      out.moves[out.size - 1].pad = static_cast<std::uint8_t>(r);
    }
}

void State::make_paired(Move m, Undo& u) {
  const Rules& R = *r_;
  int ace = 0, king = 0;
  std::uint64_t changed = std::uint64_t{1} << m.src | std::uint64_t{1} << m.dst;
  if (m.pad) {
    pair_ends(ace, king);
    shift(R.falling[king], R.rising[ace], m.pad);
    changed |= std::uint64_t{1} << R.falling[king] | std::uint64_t{1} << R.rising[ace];
  }
  make(Move{m.src, m.dst, m.count, 0}, u);
  u.pairs = Undo::Pairs{static_cast<std::uint8_t>(ace | king << 2), {0, 0}};
  join_pairs(changed, u);
}

void State::unmake_paired(Move m, const Undo& u) {
  const Rules& R = *r_;
  part_pairs(u);
  unmake(Move{m.src, m.dst, m.count, 0}, u);
  if (m.pad) shift(R.rising[u.pairs.ends & 3], R.falling[u.pairs.ends >> 2], m.pad);
}

void State::append_paired_move(Move m, std::vector<Move>& out) {
  const Rules& R = *r_;
  Undo u;
  make_paired(m, u);
  const auto plain = [](int from, int to) {
    return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 1, 0};
  };
  out.insert(out.end(), m.pad, plain(R.falling[u.pairs.ends >> 2], R.rising[u.pairs.ends & 3]));
  out.push_back(Move{m.src, m.dst, m.count, 0});
  for (const int b : u.pairs.joined)
    if (b) out.insert(out.end(), b >> 4, plain(R.rising[b & 3], R.falling[b >> 2 & 3]));
}

}  // namespace sol
