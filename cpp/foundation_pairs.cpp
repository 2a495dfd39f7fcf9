// Foundations that pair up (Rules::paired_foundations): Aces and Kings' Ace and King piles.
// An Ace pile holding n cards and a King pile holding 13 - n hold one run of the thirteen
// ranks between them, and the card where they meet may pass from one pile to the other and
// back, nothing else changing. Every split of the run reaches every other, so the solver
// takes them for one position: it keeps the run joined on the King pile, the Ace pile
// empty, and gives that position the moves of every split. The argument is in
// seeds/solver.md ("Foundations that pair up").
#include <algorithm>
#include <deque>
#include <map>
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
  pair_slot.fill(-1);
  for (int p : up) pair_pile[pair_piles++] = static_cast<std::uint8_t>(p);
  for (int p : down) pair_pile[pair_piles++] = static_cast<std::uint8_t>(p);
  for (int k = 0; k < pair_piles; ++k) {
    const int p = pair_pile[k];
    pair_slot[p] = static_cast<std::int8_t>(k);
    for (int n = 0; n <= kRanks; ++n)
      pile_key_terms(symmetry_class[p], k < static_cast<int>(up.size()) ? rising_hash[n] : falling_hash[n],
                     pair_key_a[k][n], pair_key_b[k][n]);
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
  pin_dirty_ |= std::uint64_t{1} << from | std::uint64_t{1} << to;
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

// The key make_paired would reach, from the sizes alone: a paired foundation's content
// hash is Rules::rising_hash or falling_hash of its size. Most moves reach positions seen
// before, and a pair's moves would otherwise each cost the cards shifted there and back.
bool State::predict_paired(Move m, std::uint64_t& a, std::uint64_t& b) const {
  const Rules& R = *r_;
  const bool from_f = R.kind[m.src] == Kind::Foundation, to_f = R.kind[m.dst] == Kind::Foundation;
  if (from_f == to_f) return false;  // none listed between foundations
  if (to_f && foundation_cards_ + m.count >= R.spec.win_foundation_cards) return false;  // made: it may win
  const int x = from_f ? m.dst : m.src;  // the end off the foundations
  if (R.key_top_only[x] || R.kind[x] == Kind::Stock) return false;
  if (!from_f && (R.fill[x] != Fill::None && refill_source(x) >= 0)) return false;  // a refill
  if (!from_f && size_[x] > 1 && is_face_down(cards_[x][size_[x] - 2])) return false;  // a card turned
  const int ups = static_cast<int>(R.rising.size()), nf = R.pair_piles;
  int n[8];
  for (int k = 0; k < nf; ++k) n[k] = size_[R.pair_pile[k]];
  std::uint32_t changed = 0;
  int ace = 0, king = 0;
  if (m.pad) {
    if (!pair_ends(ace, king)) return false;
    n[ace] += m.pad;
    n[ups + king] -= m.pad;
    changed |= 1u << ace | 1u << (ups + king);
  }
  const int f = R.pair_slot[from_f ? m.src : m.dst];
  n[f] += from_f ? -m.count : m.count;
  changed |= 1u << f;
  for (std::uint32_t c = changed; c; c &= c - 1) {  // the joins, as join_pairs makes them
    const int k = ctz64(c);
    if (k < ups) {
      for (int j = ups; j < nf && n[k]; ++j)
        if (n[k] + n[j] == kRanks) n[j] = kRanks, n[k] = 0, changed |= 1u << j;
    } else {
      for (int i = 0; i < ups && n[k] < kRanks; ++i)
        if (n[i] && n[i] + n[k] == kRanks) n[k] = kRanks, n[i] = 0, changed |= 1u << i;
    }
  }
  if (key_dirty_) solver_key(a, b);  // brings the kept terms up to date
  std::uint64_t ka = key_sum_a_, kb = key_sum_b_, ta, tb;
  for (std::uint32_t c = changed; c; c &= c - 1) {
    const int k = ctz64(c), p = R.pair_pile[k];
    ka += R.pair_key_a[k][n[k]] - key_term_a_[p];
    kb += R.pair_key_b[k][n[k]] - key_term_b_[p];
  }
  const Card moved = from_f ? cards_[m.src][size_[m.src] - 1 - m.pad] : top(x);
  const int at = from_f ? size_[x] : size_[x] - 1;
  pile_terms(x, content_hash_[x] ^ mix64(std::uint64_t(at) << 8 | (moved & R.key_mask)), ta, tb);
  redeal_terms(a, b);
  a += ka + ta - key_term_a_[x];
  b += kb + tb - key_term_b_[x];
  return true;
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

// The search moves a pair's cards between splits wherever that suits it, not the reader:
// it joins every pair after each move, so a line is full of runs of cards passed between
// foundations. A line only needs each foundation, when a move puts a card on it or takes
// one off, to hold as many cards as in the line (suits never matter here, and which pile of
// a class plays a part is no matter either). So the runs of the line's own moves between
// foundations are left out; before each move to or from a foundation, the fewest moves
// that give some pile of its class the size the move wants are found breadth-first over
// the foundations' sizes (a card passes only within a pair, sizes adding up to 13, either
// way), and the move goes to or from that pile. The foundations stay one position with the
// line's (the same sizes once pairs are joined), checked after every move; if that ever
// failed, or a move were not legal, the line would come back as it was.
std::vector<Move> State::fewest_transfers(const std::vector<Move>& line) const {
  const Rules& R = *r_;
  if (!R.paired_foundations) return line;
  const auto& found = R.pair_pile;  // the foundation piles, Ace piles first
  const int nf = R.pair_piles, ups = static_cast<int>(R.rising.size());
  using Sizes = std::vector<std::uint8_t>;
  auto joined = [&](Sizes s) {  // the sizes with every pair joined, each class sorted
    for (int a = 0; a < ups; ++a)
      for (int k = ups; k < nf && s[a]; ++k)
        if (s[a] + s[k] == kRanks) {
          s[k] = kRanks;
          s[a] = 0;
        }
    std::sort(s.begin(), s.begin() + ups);
    std::sort(s.begin() + ups, s.end());
    return s;
  };
  const auto& at = R.pair_slot;  // a foundation's place in `found`
  State P(*this);
  P.pairs_on_ = false;
  Sizes ours(nf), theirs(nf);  // P's foundations' sizes, and the line's
  for (int k = 0; k < nf; ++k) ours[k] = theirs[k] = static_cast<std::uint8_t>(size_[found[k]]);
  std::vector<Move> out;
  auto play = [&](Move m) {
    if (!P.is_legal(m)) return false;
    Undo u;
    P.make(m, u);
    out.push_back(m);
    if (R.kind[m.src] == Kind::Foundation) --ours[at[m.src]];
    if (R.kind[m.dst] == Kind::Foundation) ++ours[at[m.dst]];
    return true;
  };
  for (const Move& lm : line) {
    const bool from = R.kind[lm.src] == Kind::Foundation, to = R.kind[lm.dst] == Kind::Foundation;
    if (from && to) {  // the line's own passing of cards: its sizes only
      --theirs[at[lm.src]];
      ++theirs[at[lm.dst]];
      continue;
    }
    Move m = lm;
    if (from || to) {
      const int k = at[from ? lm.src : lm.dst];
      // A pile of this one's class with the size the move wants, the nearest first.
      const int lo = k < ups ? 0 : ups, hi = k < ups ? ups : nf;
      auto has = [&](const Sizes& s) {
        for (int q = lo; q < hi; ++q)
          if (s[q] == theirs[k]) return q;
        return -1;
      };
      std::map<Sizes, std::pair<Sizes, Move>> came_from{{ours, {ours, Move{}}}};
      std::deque<Sizes> queue{ours};
      int q = -1;
      Sizes s;
      while (!queue.empty() && came_from.size() < 100000) {
        s = queue.front();
        queue.pop_front();
        if ((q = has(s)) >= 0) break;
        for (int a = 0; a < ups; ++a)
          for (int b = ups; b < nf; ++b)
            for (int dir = 0; dir < 2 && s[a] + s[b] == kRanks; ++dir) {
              const int x = dir ? b : a, y = dir ? a : b;
              if (!s[x]) continue;
              Sizes t = s;
              --t[x];
              ++t[y];
              const Move pass{found[x], found[y], 1, 0};
              if (came_from.emplace(t, std::make_pair(s, pass)).second) queue.push_back(t);
            }
      }
      if (q < 0) return line;
      std::vector<Move> path;
      for (; s != ours; s = came_from[s].first) path.push_back(came_from[s].second);
      for (auto it = path.rbegin(); it != path.rend(); ++it)
        if (!play(*it)) return line;
      (from ? m.src : m.dst) = found[q];
      theirs[k] = static_cast<std::uint8_t>(theirs[k] + (from ? -1 : 1));
    }
    if (!play(m)) return line;
    if ((from || to) && joined(ours) != joined(theirs)) return line;
  }
  return P.is_won() ? out : line;
}

}  // namespace sol
