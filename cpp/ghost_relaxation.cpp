// The smaller game with ghosts (seeds/solver.md, "A smaller game with ghosts"). Klondike #54:
// the 7H lies on a face-down 8S, 7C, 9H, QH and 5H, and eleven cards decide it. The 7H can
// leave only onto the 8C, which then must lie on the 9D (the 9H is buried); the 8S, once
// uncovered, cannot go up (the 6H must first leave the 4S, for the 7S or the buried 7C, and
// on the 7S it keeps the 7S down), so it needs the 9D too. The smaller game with those
// eleven cards is lost in 10 positions; the whole game had not been decided in 97 M.
#include "ghost_relaxation.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }
// A kept card in a pile of the smaller game: its face, whether it is face down, and whether
// it lies on the kept card under it, built on it, so that a run from that card carries it.
constexpr std::uint8_t kFace = 0x3F, kDown = 0x80, kOn = 0x40;
constexpr char kEnd = '\xFF';  // ends a pile in a key; no card byte has every bit set

struct Pos {
  std::uint64_t up = 0, talon = 0;
  std::vector<std::string> piles;  // bottom card first; the top card is face up

  std::string key() {
    std::sort(piles.begin(), piles.end());
    std::string k(reinterpret_cast<const char*>(&up), 8);
    k.append(reinterpret_cast<const char*>(&talon), 8);
    for (const std::string& p : piles) k += p + kEnd;
    return k;
  }
  static Pos from_key(const std::string& k) {
    Pos p;
    std::copy_n(k.data(), 8, reinterpret_cast<char*>(&p.up));
    std::copy_n(k.data() + 8, 8, reinterpret_cast<char*>(&p.talon));
    std::string cur;
    for (std::size_t i = 16; i < k.size(); ++i) {
      if (k[i] == kEnd) {
        p.piles.push_back(cur);
        cur.clear();
      } else {
        cur += k[i];
      }
    }
    return p;
  }
};

// Where each face lay in the real position.
struct Root {
  std::uint64_t up = 0;
  std::array<int, 64> pile{}, index{};
  std::array<std::uint64_t, 64> above{};  // faces above it in its pile
  std::vector<std::vector<int>> piles;    // faces, bottom first, of the piles the game plays on

  explicit Root(const State& s) {
    const Rules& R = s.rules();
    pile.fill(-1);
    for (int p = 0; p < R.piles; ++p) {
      if (R.kind[p] == Kind::Foundation) {
        for (int i = 0; i < s.size(p); ++i) up |= bit(face(s.card(p, i)));
        continue;
      }
      if (p == R.stock || p == R.waste) continue;
      std::vector<int> faces;
      for (int i = 0; i < s.size(p); ++i) faces.push_back(face(s.card(p, i)));
      for (int i = 0; i < s.size(p); ++i) {
        pile[faces[i]] = p;
        index[faces[i]] = i;
        for (int j = i + 1; j < s.size(p); ++j) above[faces[i]] |= bit(faces[j]);
      }
      piles.push_back(faces);
    }
  }
};

// One smaller game: the cards of `kept` play by the real rules; every other card is a ghost,
// counted up, never in the way, and always there to hold a card. A kept card a ghost could
// hold (or an empty pile take) is free: it may go at any time into a pile of its own, as
// onto a ghost somewhere, which leaves more open than laying it on a kept card would.
class SmallerGame {
 public:
  SmallerGame(const State& s, const Root& root, std::uint64_t kept) : s_(s), R_(s.rules()), root_(root), kept_(kept) {
    const std::uint64_t never_holds = R_.foundations_give ? 0 : root.up;
    for (std::uint64_t m = kept; m; m &= m - 1) {
      const int c = ctz64(m);
      if ((R_.laid_in_empty >> c & 1) || (R_.parents_of[c] & ~kept & ~never_holds)) free_ |= bit(c);
    }
  }

  enum class Result { Lost, Won, TooBig };

  // Breadth first, so that a win leans on as few ghosts as it can.
  Result search(std::uint64_t cap, std::vector<Pos>& line) {
    std::vector<std::string> keys;
    std::vector<std::int32_t> parent;
    std::unordered_map<std::string, std::int32_t> index;
    Pos start = project();
    close(start);
    keys.push_back(start.key());
    parent.push_back(-1);
    index.emplace(keys.back(), 0);
    std::vector<Pos> next;
    for (std::size_t at = 0; at < keys.size(); ++at) {
      const Pos p = Pos::from_key(keys[at]);
      if (!(kept_ & ~p.up)) {
        for (std::int32_t i = static_cast<std::int32_t>(at); i >= 0; i = parent[static_cast<std::size_t>(i)])
          line.push_back(Pos::from_key(keys[static_cast<std::size_t>(i)]));
        line.push_back(project());  // the first step's ghosts include the closure's
        std::reverse(line.begin(), line.end());
        positions_ = keys.size();
        return Result::Won;
      }
      if (keys.size() > cap) {
        positions_ = keys.size();
        return Result::TooBig;
      }
      next.clear();
      children(p, next);
      for (Pos& q : next) {
        std::string k = q.key();
        if (index.emplace(k, static_cast<std::int32_t>(keys.size())).second) {
          keys.push_back(std::move(k));
          parent.push_back(static_cast<std::int32_t>(at));
        }
      }
    }
    positions_ = keys.size();
    return Result::Lost;
  }

  std::uint64_t positions() const { return positions_; }

  // The ghosts a win of this game leaned on, of the first kind found anywhere along its line,
  // and there of its earliest step: a card put into a pile of its own (the ghosts that could
  // hold it), else a card moved for the first time (the ghosts that covered it), else a card
  // up (the ghosts under it at home). Holders first: crowding is what loses these games, and
  // the ghosts under each card up would soon bring in whole suits.
  std::uint64_t ghosts_leaned_on(const std::vector<Pos>& line) const {
    std::uint64_t moved = 0;
    std::uint64_t best = 0;
    int best_kind = 3;
    for (std::size_t t = 0; t + 1 < line.size() && best_kind > 0; ++t) {
      std::array<std::string, 64> was, is;
      where(line[t], was);
      where(line[t + 1], is);
      for (std::uint64_t m = kept_; m; m &= m - 1) {
        const int c = ctz64(m);
        if (was[c] == is[c]) continue;
        std::uint64_t deps[3] = {0, 0, 0};
        if (is[c].size() == 1 && is[c][0] == static_cast<char>(c) && !(was[c].size() == 1 && (was[c][0] & kFace) == c)) {
          deps[0] = R_.parents_of[c] & ~kept_ & ~root_.up;
          const int p = root_.pile[c], i = root_.index[c];
          if (p >= 0 && i > 0) {
            const int under = face(s_.card(p, i - 1));
            if (!(kept_ >> under & 1)) deps[0] |= bit(under);
          }
        }
        if (!(moved >> c & 1) && root_.pile[c] >= 0) deps[1] = root_.above[c] & ~kept_;
        if (is[c] == "U" && was[c] != "U") deps[2] = R_.home_below[c] & ~kept_ & ~root_.up;
        for (int k = 0; k < best_kind; ++k)
          if (deps[k]) {
            best = deps[k];
            best_kind = k;
            break;
          }
      }
      for (std::uint64_t m = kept_; m; m &= m - 1)
        if (was[ctz64(m)] != is[ctz64(m)]) moved |= bit(ctz64(m));
    }
    return best;
  }

 private:
  bool can_go_up(int c, std::uint64_t up) const { return !(R_.home_below[c] & kept_ & ~up); }
  bool settles(int c, std::uint64_t up) const {
    return !(R_.home_below[c] & kept_) && !(R_.built_on[c] & kept_ & (R_.foundations_give ? ~0ull : ~up));
  }
  bool fits(int c, int h) const { return R_.built_on[h] >> c & 1; }
  std::uint8_t laid(int c) const { return static_cast<std::uint8_t>(c | (R_.any_runs ? kOn : 0)); }

  Pos project() const {
    Pos out;
    out.up = root_.up & kept_;
    for (int p : {R_.stock, R_.waste})
      if (p >= 0)
        for (int i = 0; i < s_.size(p); ++i) out.talon |= bit(face(s_.card(p, i))) & kept_;
    for (int p = 0; p < R_.piles; ++p) {
      if (R_.kind[p] == Kind::Foundation || p == R_.stock || p == R_.waste) continue;
      std::string pile;
      for (int i = 0; i < s_.size(p); ++i) {
        const Card x = s_.card(p, i);
        const int c = face(x);
        if (!(kept_ >> c & 1)) continue;
        std::uint8_t b = static_cast<std::uint8_t>(c | (is_face_down(x) ? kDown : 0));
        if (!is_face_down(x) && i > 0 && R_.runs[p]) {
          const Card y = s_.card(p, i - 1);
          if (!is_face_down(y) && (kept_ >> face(y) & 1) && fits(c, face(y))) b |= kOn;
        }
        pile += static_cast<char>(b);
      }
      if (pile.empty()) continue;
      if (pile.back() & kDown) pile.back() = static_cast<char>(pile.back() & kFace);  // ghosts on it vanish
      out.piles.push_back(pile);
    }
    return out;
  }

  // Moves that lose nothing: a free talon card goes into a pile of its own (where it can
  // hold cards, and go anywhere it could from the talon); a card goes up once it can hold
  // no kept card any more and no kept card lies under it at home. It can hold none where no
  // kept card could lie on it, or where foundation cards never come down, none that is not
  // up. (Where one could come back down to lie on it, or one under it at home come back
  // down, this card would have to come down first, and this rule would put it straight back
  // up: a won position was called lost that way, the 10C put up again and again over the 9C
  // that had to come down to hold the 8D.)
  void close(Pos& p) const {
    for (std::uint64_t m = p.talon & free_; m; m &= m - 1) p.piles.emplace_back(1, static_cast<char>(ctz64(m)));
    p.talon &= ~free_;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::string& pile : p.piles)
        while (!pile.empty()) {
          const int c = pile.back() & kFace;
          if (!settles(c, p.up)) break;
          p.up |= bit(c);
          pile.pop_back();
          if (!pile.empty() && (pile.back() & kDown)) pile.back() = static_cast<char>(pile.back() & kFace);
          changed = true;
        }
      for (std::uint64_t m = p.talon; m; m &= m - 1) {
        const int c = ctz64(m);
        if (settles(c, p.up)) {
          p.up |= bit(c);
          p.talon &= ~bit(c);
          changed = true;
        }
      }
    }
    p.piles.erase(std::remove_if(p.piles.begin(), p.piles.end(), [](const std::string& s) { return s.empty(); }),
                  p.piles.end());
  }

  // Lays `seg` (its first card c) from wherever it was: into a pile of its own if c is free,
  // else onto every kept top card it fits.
  void lay(const Pos& base, const std::string& seg, int from, std::vector<Pos>& out) const {
    const int c = seg[0] & kFace;
    if (free_ >> c & 1) {
      Pos q = base;
      q.piles.push_back(seg);
      q.piles.back()[0] = static_cast<char>(c);
      close(q);
      out.push_back(std::move(q));
      return;
    }
    for (std::size_t j = 0; j < base.piles.size(); ++j) {
      if (static_cast<int>(j) == from || base.piles[j].empty()) continue;
      if (!fits(c, base.piles[j].back() & kFace)) continue;
      Pos q = base;
      std::string moved = seg;
      moved[0] = static_cast<char>(laid(c));
      q.piles[j] += moved;
      close(q);
      out.push_back(std::move(q));
    }
  }

  void children(const Pos& p, std::vector<Pos>& out) const {
    for (std::size_t k = 0; k < p.piles.size(); ++k) {
      const std::string& pile = p.piles[k];
      for (int i = static_cast<int>(pile.size()) - 1; i >= 0; --i) {
        const std::uint8_t b = static_cast<std::uint8_t>(pile[static_cast<std::size_t>(i)]);
        if (b & kDown) break;
        const int c = b & kFace;
        Pos base = p;
        std::string& rest = base.piles[k];
        const std::string seg = rest.substr(static_cast<std::size_t>(i));
        rest.resize(static_cast<std::size_t>(i));
        if (!rest.empty() && (rest.back() & kDown)) rest.back() = static_cast<char>(rest.back() & kFace);
        if (i == static_cast<int>(pile.size()) - 1 && can_go_up(c, p.up)) {
          Pos q = base;
          q.up |= bit(c);
          close(q);
          out.push_back(std::move(q));
        }
        if (!(free_ >> c & 1) || i > 0 || (b & kOn)) lay(base, seg, static_cast<int>(k), out);
        if (!(b & kOn)) break;  // a longer run must be built down to here
      }
    }
    for (std::uint64_t m = p.talon; m; m &= m - 1) {
      const int c = ctz64(m);
      Pos base = p;
      base.talon &= ~bit(c);
      if (can_go_up(c, p.up)) {
        Pos q = base;
        q.up |= bit(c);
        close(q);
        out.push_back(std::move(q));
      }
      lay(base, std::string(1, static_cast<char>(c)), -1, out);
    }
    if (!R_.foundations_give) return;
    for (std::uint64_t m = p.up & kept_; m; m &= m - 1) {
      const int c = ctz64(m);
      if (R_.home_above[c] & kept_ & p.up) continue;  // not its foundation's top kept card
      Pos base = p;
      base.up &= ~bit(c);
      lay(base, std::string(1, static_cast<char>(c)), -1, out);
    }
  }

  // Each kept card's place: "U" up, "T" in the talon, else its pile up to it.
  void where(const Pos& p, std::array<std::string, 64>& at) const {
    for (std::uint64_t m = kept_; m; m &= m - 1) {
      const int c = ctz64(m);
      at[c] = (p.up >> c & 1) ? "U" : "T";
    }
    for (const std::string& pile : p.piles)
      for (std::size_t i = 0; i < pile.size(); ++i) at[pile[i] & kFace] = pile.substr(0, i + 1);
  }

  const State& s_;
  const Rules& R_;
  const Root& root_;
  std::uint64_t kept_, free_ = 0;
  std::uint64_t positions_ = 0;
};

// The tries from one position: each pile of two cards or more seeds one, with that pile's
// cards kept, and grows it by the ghosts each win of the smaller game leaned on.
class Tries {
 public:
  Tries(const State& s, int max_kept, std::uint64_t try_positions)
      : s_(s), root_(s), max_kept_(max_kept), try_positions_(try_positions) {}

  enum class Step { Lost, Going, Done };

  // One smaller game, of at most `cap` positions.
  Step step(std::uint64_t cap) {
    if (!kept_ && !next_seed()) return Step::Done;
    SmallerGame game(s_, root_, kept_);
    std::vector<Pos> line;
    const SmallerGame::Result r = game.search(std::min(cap, try_positions_), line);
    positions_ += game.positions();
    if (r == SmallerGame::Result::Lost) return Step::Lost;
    const std::uint64_t more = r == SmallerGame::Result::Won ? game.ghosts_leaned_on(line) : 0;
    // No ghost leaned on: a win of the real game, maybe. Too many cards, or too big: give up.
    if (!more || popcount64(kept_ | more) > max_kept_) kept_ = 0;
    else kept_ |= more;
    return Step::Going;
  }
  std::uint64_t kept() const { return kept_; }
  std::uint64_t positions() const { return positions_; }

 private:
  bool next_seed() {
    while (seed_ < root_.piles.size()) {
      const std::vector<int>& pile = root_.piles[seed_++];
      if (pile.size() < 2) continue;
      for (int c : pile) kept_ |= bit(c);
      return true;
    }
    return false;
  }

  const State& s_;
  const Root root_;
  const int max_kept_;
  const std::uint64_t try_positions_;
  std::size_t seed_ = 0;
  std::uint64_t kept_ = 0, positions_ = 0;
};

class GhostSearch final : public SearchTask {
 public:
  GhostSearch(const State& start, std::uint64_t* kept) : start_(start), tries_(start_, 30, 5'000), kept_(kept) {}

  Status run(std::uint64_t until, const TimeUp& time_up, const StopPoll& stop) override {
    while (positions_ < until) {
      if (stop && stop()) throw Interrupted{};
      if (time_up()) return Status::Paused;
      const Tries::Step st = tries_.step(until - positions_);
      positions_ = tries_.positions();
      if (st == Tries::Step::Lost) {
        if (kept_) *kept_ = tries_.kept();
        return Status::Exhausted;
      }
      if (st == Tries::Step::Done) return Status::GaveUp;
    }
    return Status::Paused;
  }

 private:
  const State start_;  // the tries keep a reference
  Tries tries_;
  std::uint64_t* kept_;
};

}  // namespace

bool ghost_relaxation_loss(const State& s, GhostProof* proof, int max_kept, std::uint64_t try_positions,
                           std::uint64_t budget) {
  if (proof) *proof = {};
  if (!s.rules().pins_prove_losses) return false;
  Tries tries(s, max_kept, try_positions);
  for (;;) {
    const Tries::Step st = tries.positions() < budget ? tries.step(budget - tries.positions()) : Tries::Step::Done;
    if (proof) proof->positions = tries.positions();
    if (st == Tries::Step::Lost) {
      if (proof) proof->kept = tries.kept();
      return true;
    }
    if (st == Tries::Step::Done) return false;
  }
}

int smaller_game_lost(const State& s, std::uint64_t kept, std::uint64_t cap, std::uint64_t* positions) {
  const Root root(s);
  SmallerGame game(s, root, kept);
  std::vector<Pos> line;
  const SmallerGame::Result r = game.search(cap, line);
  if (positions) *positions = game.positions();
  return r == SmallerGame::Result::Lost ? 1 : r == SmallerGame::Result::Won ? 0 : -1;
}

std::unique_ptr<SearchTask> make_ghost_search(const State& start, std::uint64_t* kept) {
  return std::make_unique<GhostSearch>(start, kept);
}

}  // namespace sol
