#include "shorten.hpp"

#include <unordered_map>

namespace sol {

namespace {

// From each position of the line, the one move that lands furthest ahead on the line:
// everything it jumps over was a detour. Linear in the line, so it tames very long lines
// before the quadratic deletions below. Positions are matched by exact hash.
std::vector<Move> skip_detours(const State& start, const std::vector<Move>& line) {
  std::unordered_map<std::uint64_t, std::size_t> last_at;  // position -> its last index
  State s = start;
  last_at[s.hash()] = 0;
  for (std::size_t k = 0; k < line.size(); ++k) {
    Undo u;
    s.make(line[k], u);
    last_at[s.hash()] = k + 1;
  }
  std::vector<Move> out;
  State cur = start;
  MoveList list;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t best = i + 1;
    Move step = line[i];
    cur.generate(list);
    for (int k = 0; k < list.size; ++k) {
      Undo u;
      cur.make(list.moves[k], u);
      const auto at = last_at.find(cur.hash());
      if (at != last_at.end() && at->second > best) {
        best = at->second;
        step = list.moves[k];
      }
      cur.unmake(list.moves[k], u);
    }
    Undo u;
    cur.make(step, u);
    out.push_back(step);
    i = best;
  }
  return out;
}

bool reverses(Move a, Move b) { return a.src == b.dst && a.dst == b.src && a.count == b.count; }

// Replays line[from..] from `s`, skipping indices `skip1` and `skip2`: a win at the end?
bool wins_without(State s, const std::vector<Move>& line, std::size_t from, std::size_t skip1,
                  std::size_t skip2, std::uint64_t& spent) {
  for (std::size_t k = from; k < line.size(); ++k) {
    if (k == skip1 || k == skip2) continue;
    ++spent;
    if (!s.is_legal(line[k])) return false;
    Undo u;
    s.make(line[k], u);
  }
  return s.is_won();
}

// The line still wins from `start` (a guard against a hash collision in skip_detours).
bool wins(const State& start, const std::vector<Move>& line) {
  std::uint64_t spent = 0;
  return wins_without(start, line, 0, line.size(), line.size(), spent);
}

}  // namespace

std::vector<Move> shorten(const State& start, std::vector<Move> line, std::uint64_t budget,
                          const StopPoll& enough, const StopPoll& stop) {
  if (std::vector<Move> direct = skip_detours(start, line); wins(start, direct)) line.swap(direct);
  std::uint64_t spent = 0;
  std::uint64_t next_poll = 1 << 16;
  bool changed = true;
  while (changed && spent < budget) {
    changed = false;
    State before = start;  // the position before line[i]
    for (std::size_t i = 0; i < line.size() && spent < budget; ++i) {
      if (spent >= next_poll) {
        next_poll = spent + (1 << 16);
        if (stop && stop()) throw Interrupted{};
        if (enough && enough()) return line;
      }
      std::size_t cut = line.size();  // a partner deleted with line[i], if any
      bool drop = wins_without(before, line, i, i, line.size(), spent);
      for (std::size_t j = i + 1; !drop && j < line.size() && spent < budget; ++j)
        if (reverses(line[i], line[j]) && wins_without(before, line, i, i, j, spent)) {
          drop = true;
          cut = j;
        }
      if (drop) {
        if (cut < line.size()) line.erase(line.begin() + static_cast<std::ptrdiff_t>(cut));
        line.erase(line.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        --i;  // size_t wraps to the same index after ++i
        continue;
      }
      Undo u;
      before.make(line[i], u);
    }
  }
  return line;
}

}  // namespace sol
