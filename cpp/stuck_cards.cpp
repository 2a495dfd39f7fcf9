// A proof of loss that needs no search: cards that could never reach a foundation even in
// a relaxed game where nothing has to happen in any particular order (seeds/solver.md,
// "Cards that can never move"). Klondike #68 is the typical case: the Queen of spades lies
// on the 5 of spades and both red Kings, so it can go neither up nor onto a King, and the
// cards under it never come out. The search would have to visit every position to see that.
#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }

// Where each face may go, as the rule table says, blind to what lies where.
struct Reach {
  std::uint64_t up_on[64] = {};   // faces a foundation pile may hold face f on
  std::uint64_t lay_on[64] = {};  // faces any other pile that takes cards may hold it on
  std::uint64_t up_empty = 0;     // faces an empty foundation takes

  explicit Reach(const Rules& R) {
    bool done[256] = {};
    for (int p = 0; p < R.piles; ++p) {
      const bool home = R.kind[p] == Kind::Foundation;
      if (home) up_empty |= R.empty_accepts[p];
      if (!R.takes[p] || done[R.group[p]]) continue;
      done[R.group[p]] = true;
      for (int t = 0; t < 64; ++t)
        for (std::uint64_t m = R.on_top[R.group[p]][t]; m; m &= m - 1) (home ? up_on : lay_on)[ctz64(m)] |= bit(t);
    }
  }
};

}  // namespace

bool State::starts_unit(int p, int j) const {
  const Rules& R = *r_;
  // A face-down card turns up on top of its pile, so it joins a face-up card under it (a
  // face-down one turns up only once the cards above have gone).
  if (j == 0 || !R.runs[p] || is_face_down(cards_[p][j - 1])) return true;
  return !(R.on_top[R.group[p]][face(cards_[p][j - 1])] >> face(cards_[p][j]) & 1);
}

// The relaxed game keeps only what covers what. Each pile other than a foundation, stock or
// waste is cut into units: a card built on a face-up card under it (where built runs move)
// joins that card's unit, every other card starts one. A unit's lowest card must leave
// before any card under it can move. Then, growing sets until nothing changes:
// - a card is free when every unit above its own has left (stock and waste cards always are,
//   foundation cards when foundation cards may leave);
// - a free card can go up when an empty foundation takes it, or a foundation may hold it on
//   a face some card that can go up has;
// - a free card can hold another in place when its pile takes cards, and can be laid down
//   (from elsewhere) when it could itself go on such a card, or into a pile that can empty;
// - a unit leaves when its lowest card can go up or be laid down;
// - a pile can empty when all its units can leave.
// Every card the real game moves passes these tests first, so a card that never can go up
// never reaches a foundation: if fewer cards than a win needs can, the game is lost.
bool State::never_won(std::vector<std::pair<int, int>>* stuck) const {
  const Rules& R = *r_;
  if (R.players != 1 || R.spec.win != WinTest::FoundationCards) return false;
  const Reach reach(R);
  bool up[kMaxPiles][kMaxPileCards] = {}, left[kMaxPiles][kMaxPileCards] = {};
  std::uint64_t up_faces = 0, hold = 0, holes = 0;
  int home = foundation_cards_;
  for (int p = 0; p < R.piles; ++p)
    if (R.kind[p] == Kind::Foundation)
      for (int j = 0; j < size_[p]; ++j) up_faces |= bit(face(cards_[p][j]));

  bool changed = true;
  const auto add = [&](std::uint64_t& set, std::uint64_t bits) {
    if (bits & ~set) {
      set |= bits;
      changed = true;
    }
  };
  const auto can_lay = [&](int f) { return (holes >> f & 1) || (reach.lay_on[f] & hold); };
  const auto try_up = [&](int p, int j, int f) {
    if (up[p][j] || !((reach.up_empty >> f & 1) || (reach.up_on[f] & up_faces))) return;
    up[p][j] = true;
    ++home;
    add(up_faces, bit(f));
  };
  // A cycling talon's cards, 1 to `cards` in dealing order (the waste from its bottom, then
  // the stock from its top): dealing several at a time, a card is free only once it could
  // come to the waste's top (seeds/solver.md), and `gone` once it could also leave it.
  const int deal = R.spec.deal_count, waste = R.waste >= 0 ? size_[R.waste] : 0;
  const int cards = R.cyclic_talon && deal > 1 ? waste + size_[R.stock] : 0;
  bool gone[2 * kMaxPileCards + 2] = {};
  const auto talon_index = [&](int p, int j) { return p == R.waste ? j + 1 : waste + size_[p] - j; };
  const auto talon_turns = [&] {
    int before[2 * kMaxPileCards + 2];  // cards gone among 1 to i - 1
    before[1] = 0;
    for (int i = 1; i < cards; ++i) before[i + 1] = before[i] + gone[i];
    for (int i = cards; i >= 1; --i) {
      // On top now; dealt last of a group this pass, or the talon's last card; dealt last
      // of a group in a later pass, once enough cards before it are gone to bring it to a
      // multiple of the deal; or the card dealt next after it, which lay on it, gone.
      const bool top = i == waste || (i > waste && (i - waste) % deal == 0) || i == cards ||
                       before[i] >= i % deal || gone[i + 1];
      // The pile and place of card i: talon_index's inverse.
      const int p = i <= waste ? R.waste : R.stock, j = i <= waste ? i - 1 : waste + size_[p] - i;
      if (top) {
        const int f = face(cards_[p][j]);
        try_up(p, j, f);
        const bool lay = can_lay(f);
        if (lay) add(hold, bit(f));
        if (!gone[i] && (up[p][j] || lay)) {
          gone[i] = true;
          changed = true;
        }
      }
    }
  };
  while (changed) {
    changed = false;
    if (cards) talon_turns();
    for (int p = 0; p < R.piles; ++p) {
      const int n = size_[p];
      const bool talon = p == R.stock || p == R.waste;
      if (cards && talon) continue;
      if (R.kind[p] == Kind::Foundation || talon) {  // every card free
        if (R.kind[p] == Kind::Foundation && !R.gives[p]) continue;
        for (int j = 0; j < n; ++j) {
          const int f = face(cards_[p][j]);
          if (talon) try_up(p, j, f);
          if (can_lay(f)) add(hold, bit(f));
        }
        continue;
      }
      if (!R.gives[p]) {  // nothing leaves it; its top card may still hold one
        if (n && R.takes[p]) add(hold, bit(face(cards_[p][n - 1])));
        continue;
      }
      int j = n - 1;
      for (; j >= 0; --j) {  // down through the free cards
        const int f = face(cards_[p][j]);
        if (R.takes[p] || can_lay(f)) add(hold, bit(f));
        try_up(p, j, f);
        if (left[p][j] || !starts_unit(p, j)) continue;
        if (!up[p][j] && !can_lay(f)) break;
        left[p][j] = true;
        changed = true;
      }
      if (j < 0 && R.takes[p]) add(holes, R.empty_accepts[p]);
    }
  }
  if (home >= R.spec.win_foundation_cards) return false;
  if (stuck) {  // in each pile, the highest card that never moves and all under it
    stuck->clear();
    for (int p = 0; p < R.piles; ++p) {
      if (cards && (p == R.stock || p == R.waste)) {  // the talon's cards that never leave it
        for (int j = 0; j < size_[p]; ++j)
          if (!gone[talon_index(p, j)]) stuck->emplace_back(p, j);
        continue;
      }
      if (R.kind[p] == Kind::Foundation || p == R.stock || p == R.waste) continue;
      int j = size_[p] - 1;
      while (R.gives[p] && j >= 0 && (left[p][j] || !starts_unit(p, j))) --j;
      for (; j >= 0; --j) stuck->emplace_back(p, j);
    }
  }
  return true;
}

}  // namespace sol
