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

void State::generate_macro(MoveList& out) {
  generate(out);
  if (!on_talon_cycle()) return;
  const Rules& R = *r_;
  if (out.size && (out.moves[out.size - 1].src == R.stock || out.moves[out.size - 1].dst == R.stock))
    --out.size;  // dealing leads to this same position
  // Once round the cycle (it ends where it began), listing the waste card's moves at
  // every other split.
  const int start = size_[R.waste];
  Move step;
  for (int steps = 1; stock_move(step); ++steps) {
    Undo u;
    make(step, u);
    if (size_[R.waste] == start) break;
    if (!size_[R.waste]) continue;
    const std::uint64_t bit = std::uint64_t{1} << R.waste;
    for (std::uint64_t m = takers_of_[top_face_[R.waste]] & ~bit; m; m &= m - 1) {
      out.add(R.waste, ctz64(m), 1);
      out.moves[out.size - 1].pad = static_cast<std::uint8_t>(steps);
    }
  }
}

void State::make_macro(Move m, Undo& u) {
  Move step;
  for (int i = 0; i < m.pad; ++i) {
    stock_move(step);
    Undo ignored;
    make(step, ignored);
  }
  make(Move{m.src, m.dst, m.count, 0}, u);
}

void State::unmake_macro(Move m, const Undo& u) {
  const Rules& R = *r_;
  unmake(Move{m.src, m.dst, m.count, 0}, u);
  for (int i = 0; i < m.pad; ++i) {
    const int w = size_[R.waste];
    // An empty waste was just turned over; else the last deal began a whole number of
    // deals deep, so it dealt what is above that.
    const Move back = w == 0 ? Move{static_cast<std::uint8_t>(R.waste), static_cast<std::uint8_t>(R.stock),
                                    size_[R.stock], 0}
                             : Move{static_cast<std::uint8_t>(R.stock), static_cast<std::uint8_t>(R.waste),
                                    static_cast<std::uint8_t>((w - 1) % R.spec.deal_count + 1), 0};
    unmake(back, Undo{});
  }
}

std::vector<Move> State::expand_macro_line(const std::vector<Move>& line) const {
  State s(*this);
  std::vector<Move> out;
  for (const Move& m : line) {
    Move step;
    for (int i = 0; i < m.pad; ++i) {
      s.stock_move(step);
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
