// Two-player games (seed 004's Double Trigon): whose turn it is, which moves end it, who
// has won, and when the game is blocked. The rules are in seeds/double-trigon.md.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "state.hpp"

namespace sol {

void State::note_turn(Move m, Undo& u) {
  const Rules& R = *r_;
  u.turn.to_move = to_move_;
  u.turn.quiet_plies = quiet_plies_;
  u.turn.quiet_turns[0] = quiet_turns_[0];
  u.turn.quiet_turns[1] = quiet_turns_[1];
  const bool pass = m.src == kPass;
  const bool ends_turn = pass || R.kind[m.src] == Kind::Stock || R.kind[m.dst] == Kind::Stock;
  if (!pass && R.kind[m.dst] == Kind::Foundation) {  // progress
    ++home_of_[top(m.src) & kBack ? 1 : 0];  // no card leaves a shared pile (Rules)
    quiet_plies_ = 0;
    quiet_turns_[0] = quiet_turns_[1] = 0;
  } else {
    if (quiet_plies_ < 0xFFFF) ++quiet_plies_;
    if (ends_turn && quiet_turns_[to_move_] < 0xFF) ++quiet_turns_[to_move_];
  }
  if (ends_turn) to_move_ ^= 1;
}

void State::make_turn(Move m, Undo& u) {
  u = Undo{};
  note_turn(m, u);
  if (m.src != kPass) make_cards(m, u);
}

void State::unmake_turn(Move m, const Undo& u) {
  to_move_ = u.turn.to_move;
  quiet_plies_ = u.turn.quiet_plies;
  quiet_turns_[0] = u.turn.quiet_turns[0];
  quiet_turns_[1] = u.turn.quiet_turns[1];
  if (m.src == kPass) return;
  if (r_->kind[m.dst] == Kind::Foundation) --home_of_[top(m.dst) & kBack ? 1 : 0];
  unmake_cards(m, u);
}

int State::winner() const {
  for (int seat = 0; seat < r_->players; ++seat)
    if (home_of_[seat] == r_->cards_of[seat]) return seat;
  return -1;
}

bool State::blocked() const {
  const Rules& R = *r_;
  if (quiet_plies_ >= kQuietPlyLimit) return true;
  for (int seat = 0; seat < R.players; ++seat) {
    const int talon = size_[R.stock_of[seat]] + size_[R.waste_of[seat]];
    if (quiet_turns_[seat] < 2 * (talon + 1)) return false;
  }
  return true;
}

void State::set_turn(int to_move, int quiet_plies, int quiet_turns_0, int quiet_turns_1,
                     int redeals_done_0, int redeals_done_1) {
  const int seats = r_->players;
  if (to_move < 0 || to_move >= seats) throw std::invalid_argument("no player " + std::to_string(to_move + 1) + " to move");
  if (quiet_plies < 0 || quiet_plies > 0xFFFF || quiet_turns_0 < 0 || quiet_turns_0 > 0xFF ||
      quiet_turns_1 < 0 || quiet_turns_1 > 0xFF || redeals_done_0 < 0 || redeals_done_0 > 0xFFFF ||
      redeals_done_1 < 0 || redeals_done_1 > 0xFFFF)
    throw std::invalid_argument("turn counters out of range");
  if (seats == 1 && (quiet_plies || quiet_turns_0 || quiet_turns_1 || redeals_done_1))
    throw std::invalid_argument("turn counters are for two-player games");
  to_move_ = static_cast<std::uint8_t>(to_move);
  quiet_plies_ = static_cast<std::uint16_t>(quiet_plies);
  quiet_turns_[0] = static_cast<std::uint8_t>(quiet_turns_0);
  quiet_turns_[1] = static_cast<std::uint8_t>(quiet_turns_1);
  redeals_done_[0] = static_cast<std::uint16_t>(redeals_done_0);
  redeals_done_[1] = static_cast<std::uint16_t>(redeals_done_1);
}

int State::add_turn_moves(Move* moves, int others) const {
  const Rules& R = *r_;
  if (R.spec.draw_only_when_stuck && others) return 0;
  if (stock_move(moves[0])) return 1;
  if (R.players == 2) {  // nothing to deal: the turn ends with a pass
    moves[0] = Move{static_cast<std::uint8_t>(kPass), static_cast<std::uint8_t>(kPass), 1, 0};
    return 1;
  }
  return 0;
}

void State::generate_turn(MoveList& out) const {
  const Rules& R = *r_;
  int size = 0;
  Move* moves = out.moves;
  out.size = 0;  // lists are reused (perft, playouts)
  if (!game_over()) {
    const std::uint64_t mine = R.reach_of[to_move_];  // own piles and shared ones
    for (int s : R.givers_of[to_move_])
      for (std::uint64_t m = takers(top_face_[s]) & mine & ~(std::uint64_t{1} << s); m; m &= m - 1)
        out.add(s, ctz64(m), 1);
    size = out.size;
    if (R.any_runs) size += add_runs(moves + size, R.givers_of[to_move_], mine);
    size += add_turn_moves(moves + size, size);
  }
  out.size = size;
}

bool State::pick_turn_move(std::uint32_t u, Move& out) const {
  MoveList list;
  generate_turn(list);
  if (list.size == 0) return false;
  out = list.moves[static_cast<std::uint64_t>(u) * static_cast<std::uint32_t>(list.size) >> 32];
  return true;
}

void State::sample_unseen_stocks(std::uint64_t seed) {
  const Rules& R = *r_;
  for (int seat = 0; seat < R.players; ++seat) {
    const int stock = R.stock_of[seat];
    if (stock < 0 || redeals_done_[seat] != 0) continue;
    const int n = size_[stock];
    Card cards[kMaxPileCards];
    for (int i = n - 1; i >= 0; --i) cards[i] = pop(stock);
    std::sort(cards, cards + n);
    std::uint64_t x = seed ^ (0xA5A5ull * (seat + 1));
    for (int i = n - 1; i > 0; --i) {  // Fisher-Yates
      x = mix64(x + 0x9E3779B97F4A7C15ull);
      std::swap(cards[i], cards[static_cast<int>((x >> 32) * static_cast<std::uint64_t>(i + 1) >> 32)]);
    }
    for (int i = 0; i < n; ++i) push(stock, cards[i]);
    refresh(stock);
  }
}

}  // namespace sol
