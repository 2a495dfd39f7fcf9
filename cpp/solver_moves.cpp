// The solver's moves in a position: a safe move alone, or every move of the position
// (macro moves over a cycling talon), less those the moves it owes rule out
// (seeds/solver.md, "The talon's cards go down only to hold a card", "A card uncovered
// is used at once" and "A card taken back is used at once").
#include "state.hpp"

namespace sol {

int State::owes(Move m) const {
  const Rules& R = *r_;
  if (R.lazy_talon && m.src == R.waste) {
    if (R.kind[m.dst] == Kind::Tableau) return kHeld;
    // In the searches that prove losses (set_cards_wait_for_use), likewise a talon card
    // goes up only to hold the card that follows it there, where some card could.
    if (cards_wait_for_use_ && R.kind[m.dst] == Kind::Foundation &&
        R.on_top[R.group[m.dst]][face(base_card(m))])
      return kHeld;
  }
  // A run moved between two tableau piles of one group, onto a card, off a card that was
  // already face up: that card need only be uncovered just before it is used.
  if (R.lazy_runs[m.src] && R.lazy_runs[m.dst] && R.group[m.src] == R.group[m.dst] && size_[m.dst]) {
    if (m.count < size_[m.src] && !is_face_down(cards_[m.src][size_[m.src] - m.count - 1])) return kUncovered;
    // In the searches that prove losses, likewise a pile emptied by a run moved onto a
    // card matters only once a card fills it (an empty pile of its class).
    if (cards_wait_for_use_ && m.count == size_[m.src] && R.fill[m.src] == Fill::None)
      return kEmptied;
  }
  // In the searches that prove losses, a card taken back off its foundation onto a tableau
  // card: only the card it holds, or the one it leaves on top there, makes it worth taking.
  if (R.lazy_takeback && cards_wait_for_use_ && R.kind[m.src] == Kind::Foundation &&
      R.kind[m.dst] == Kind::Tableau && size_[m.dst])
    return kTakenBack;
  return 0;
}

bool State::run_could_go(int from, int skip, int to, Card onto) const {
  const Rules& R = *r_;
  const int n = size_[from] - skip;
  const auto& link = R.on_top[R.group[from]];
  const std::uint64_t takes = R.on_top[R.group[to]][face(onto)];
  for (int k = 1; k <= n; ++k) {
    const Card base = cards_[from][n - k];
    if (is_face_down(base)) return false;
    if (k > 1 && !(R.runs[from] && R.runs[to] && link[face(base)] >> face(cards_[from][n - k + 1]) & 1))
      return false;
    if (takes >> face(base) & 1) return true;
  }
  return false;
}

bool State::joins(Move m) const {
  const int owing = owes(m);
  const int first = owed_[0], kind = owed_kind(0);
  // A move onto the first entry pays it; one off it would move a talon card put down there.
  if (!owing || m.src == first || m.dst == first) return false;
  const Rules& R = *r_;
  Card next;
  if (kind == kEmptied) {  // a run from the pile this move uncovers, or the card under the
    // one it takes back, could fill the emptied pile
    if (owing == kUncovered) return run_could_fill(m.src, m.count, first);
    return owing == kTakenBack && under_top(m.src, next) && R.empty_accepts[first] >> face(next) & 1;
  }
  // A card the first entry's foundation would give next (a taken-back card's), could pay
  // the first entry by going on the card this move puts down or uncovers.
  const int from = owed_card_[0];
  const bool gives = kind == kTakenBack && size_[from];
  const Card given = gives ? top(from) : Card{0};
  if (owing == kEmptied) {  // the first entry's run or foundation card into this move's pile
    return (kind == kUncovered && run_could_fill(first, 0, m.src)) ||
           (gives && R.empty_accepts[m.src] >> face(given) & 1);
  }
  if (owing == kHeld) {  // no one move puts a card on two talon cards
    const Card put = base_card(m);
    return (kind == kUncovered && run_could_go(first, 0, m.dst, put)) || (gives && fits_on(given, m.dst, put));
  }
  if (owing == kTakenBack) {  // the next card off its foundation, or a card onto it
    const Card taken = top(m.src);
    return (under_top(m.src, next) && fits_on(next, first, top(first))) ||
           (kind == kUncovered && run_could_go(first, 0, m.dst, taken)) || (gives && fits_on(given, m.dst, taken));
  }
  const Card uncovered = cards_[m.src][size_[m.src] - m.count - 1];
  return run_could_go(m.src, m.count, first, top(first)) ||
         (kind == kUncovered && run_could_go(first, 0, m.src, uncovered)) ||
         (gives && fits_on(given, m.src, uncovered));
}

bool State::run_could_fill(int from, int skip, int to) const {
  const Rules& R = *r_;
  const int n = size_[from] - skip;
  const auto& link = R.on_top[R.group[from]];
  for (int k = 1; k <= n; ++k) {
    const Card base = cards_[from][n - k];
    if (is_face_down(base) || (k > 1 && !(link[face(base)] >> face(cards_[from][n - k + 1]) & 1))) return false;
    if (R.empty_accepts[to] >> face(base) & 1) return true;
  }
  return false;
}

bool State::same_class(int p, int q) const {
  if (p == q) return true;
  const std::uint64_t both = std::uint64_t{1} << p | std::uint64_t{1} << q;
  for (const std::uint64_t same : r_->symmetric_piles)
    if ((same & both) == both) return true;
  return false;
}

bool State::talon_could_give(std::uint64_t fits) const {
  const Rules& R = *r_;
  if (R.stock < 0) return false;
  if (size_[R.waste] && fits >> face(top(R.waste)) & 1) return true;
  std::uint8_t at[2 * kMaxPileCards];
  const int splits = talon_splits(at);
  for (int i = 0; i < splits; ++i)
    if (fits >> face(talon_card(at[i])) & 1) return true;
  return false;
}

bool State::pile_could_be_filled(int p) const {
  const Rules& R = *r_;
  const std::uint64_t fits = R.empty_accepts[p];
  for (int q = 0; q < R.piles; ++q) {
    const int n = size_[q];
    if (R.kind[q] == Kind::Foundation) {
      Card under;
      if (n && R.gives[q] && (fits >> top_face_[q] & 1 || (under_top(q, under) && fits >> face(under) & 1)))
        return true;
      continue;
    }
    if (q == R.stock || q == R.waste) continue;
    // Not a pile's bottom card: a whole pile into an empty one only trades their places.
    for (int i = n - 1; i >= 1 && !is_face_down(cards_[q][i]); --i)
      if (fits >> face(cards_[q][i]) & 1) return true;
  }
  return talon_could_give(fits);
}

bool State::card_could_land(Card c, int skip) const {
  const Rules& R = *r_;
  if (takers(face(c)) & ~(std::uint64_t{1} << skip)) return true;  // a pile that takes it now
  std::uint64_t tableau_groups = 0;
  for (int p : R.tableau) tableau_groups |= std::uint64_t{1} << R.group[p];
  auto under = [&](Card onto) {  // onto, wherever it may come to lie
    for (std::uint64_t g = tableau_groups; g; g &= g - 1)
      if (R.on_top[ctz64(g)][face(onto)] >> face(c) & 1) return true;
    return false;
  };
  for (int q = 0; q < R.piles; ++q) {
    const int n = size_[q];
    if (R.kind[q] == Kind::Foundation) {
      if (n && q != skip && R.gives[q] && under(top(q))) return true;
      continue;
    }
    if (q == R.stock || q == R.waste) continue;
    for (int i = n - 1; i >= 0 && !is_face_down(cards_[q][i]); --i)
      if (under(cards_[q][i])) return true;
  }
  if (R.stock < 0) return false;
  if (size_[R.waste] && under(top(R.waste))) return true;
  std::uint8_t at[2 * kMaxPileCards];
  const int splits = talon_splits(at);
  for (int i = 0; i < splits; ++i)
    if (under(talon_card(at[i]))) return true;
  return false;
}

bool State::card_could_go_on(Card card, int p, Card other) const {
  // Looked for in the position before the card goes down: a card that could go on it then
  // is a talon card a move could take, a face-up card off the foundations, or a
  // foundation's top card. More than could really follow (cards under it on p, a face-up
  // card under a card that does not fit), never less.
  const Rules& R = *r_;
  const std::uint64_t fits =
      R.on_top[R.group[p]][face(card)] & ~(std::uint64_t{1} << face(card)) & ~(std::uint64_t{1} << face(other));
  if (!fits) return false;
  for (int q = 0; q < R.piles; ++q) {
    const int n = size_[q];
    if (R.kind[q] == Kind::Foundation) {
      if (n && R.gives[q] && fits >> top_face_[q] & 1) return true;
      continue;
    }
    if (q == R.stock || q == R.waste) continue;
    for (int i = n - 1; i >= 0 && !is_face_down(cards_[q][i]); --i) {
      const Card c = cards_[q][i];
      if (fits >> face(c) & 1) return true;
    }
  }
  return talon_could_give(fits);
}

bool State::uncovered_could_be_used(Move m) const {
  // In the position before the move: a card other than the one moved off could go on the
  // card uncovered, or it, or a run it tops, could go to a pile that takes it now or onto
  // the top of the run moved. Again never no wrongly.
  const Rules& R = *r_;
  const int n = size_[m.src] - m.count;
  const Card x = cards_[m.src][n - 1];
  const Card moved = cards_[m.src][n];
  if (card_could_go_on(x, m.src, moved)) return true;
  const auto& link = R.on_top[R.group[m.src]];
  const std::uint64_t on_run = R.on_top[R.group[m.dst]][face(top(m.src))];
  for (int k = 1; k <= n; ++k) {
    const Card base = cards_[m.src][n - k];
    if (is_face_down(base) || (k > 1 && !(link[face(base)] >> face(cards_[m.src][n - k + 1]) & 1))) break;
    if (takers(face(base)) & ~(std::uint64_t{1} << m.src) || on_run >> face(base) & 1) return true;
  }
  // Where cards taken back wait for their use, one could come back onto the run moved, and
  // one next move use both it and x: the only such pair that cannot take the card back first.
  if (R.lazy_takeback && cards_wait_for_use_)
    for (std::uint64_t fs = R.foundation_mask; fs; fs &= fs - 1) {
      const int f = ctz64(fs);
      if (size_[f] && R.gives[f] && on_run >> face(top(f)) & 1) return true;
    }
  return false;
}

void State::solver_moves(MoveList& out) const {
  if (pins_checked_ && (pinned_loss() || crowded_loss() || pinned_pair_loss())) {
    out.size = 0;
    return;
  }
  if (!list_solver_moves(out)) return;  // the safe move alone: it owes nothing
  // A move that leaves a single move owed that no next move could pay leads nowhere: left
  // out rather than entered as a position. A talon card's test also sees every move that
  // could join it (another card uncovered that a run from there could pay with it); an
  // uncovered card's test does not, so it is made only where nothing was owed before: there
  // the move it would join could come first, and be joined by this one (seeds/solver.md).
  const bool owing = owed_[0] >= 0;
  int kept = 0;
  for (int i = 0; i < out.size; ++i) {
    const Move m = out.moves[i];
    const int owes_now = owing && !pays(m, 0) ? 0 : owes(m);
    if (owes_now == kHeld && !card_could_go_on(base_card(m), m.dst, base_card(m))) continue;
    if (owes_now == kUncovered && !owing && !uncovered_could_be_used(m)) continue;
    // A card taken back: something could go on it, or the card it leaves on its
    // foundation could go somewhere (also onto a card a lazy move puts down or uncovers).
    Card next;
    if (owes_now == kTakenBack && !card_could_go_on(top(m.src), m.dst, top(m.src)) &&
        !(under_top(m.src, next) && card_could_land(next, m.src)))
      continue;
    // A pile emptied: some card could fill it (also from a pile a lazy move uncovers, or
    // off a foundation by a card taken back).
    if (owes_now == kEmptied && !pile_could_be_filled(m.src)) continue;
    out.moves[kept++] = m;
  }
  out.size = kept;
}

bool State::reversible_up(Move& out) const {
  const Rules& R = *r_;
  if (!cards_wait_for_use_ || !R.lazy_takeback) return false;  // taken back, it would go straight up
  for (int p : R.tableau) {
    const int n = size_[p];
    if (n < 2) continue;
    const Card c = cards_[p][n - 1], x = cards_[p][n - 2];
    if (is_face_down(x) || !(R.on_top[R.group[p]][face(x)] >> face(c) & 1)) continue;
    for (std::uint64_t fs = takers(face(c)) & R.foundation_mask; fs; fs &= fs - 1) {
      const int f = ctz64(fs);
      if (!R.gives[f]) continue;
      out = Move{static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(f), 1, 0};
      return true;
    }
  }
  return false;
}

bool State::list_solver_moves(MoveList& out) const {
  if (owed_[0] >= 0) {
    // Only moves that pay every entry owed; with one owed, also a move that owes another
    // which the same next move will pay (seeds/solver.md).
    generate_macro(out);
    int kept = 0;
    for (int i = 0; i < out.size; ++i) {
      const Move m = out.moves[i];
      const bool pays_all = pays(m, 0) && (owed_[1] < 0 || pays(m, 1));
      if (pays_all || (owed_[1] < 0 && joins(m))) out.moves[kept++] = m;
    }
    out.size = kept;
    return true;
  }
  Move safe;
  if (safe_move(safe) || reversible_up(safe)) {
    out.moves[0] = safe;  // a safe move from the talon carries the split it is played at
    out.size = 1;
    return false;
  }
  const std::uint64_t spare = r_->players == 1 ? spare_empty_piles() : 0;
  generate_macro(out, spare);
  drop_settled_moves(out);
  if (pairs_on_) add_pair_moves(out, spare);
  drop_symmetric_moves(out);
  return true;
}

}  // namespace sol
