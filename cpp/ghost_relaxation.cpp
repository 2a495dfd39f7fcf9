// The smaller game with ghosts (seeds/solver.md, "A smaller game with ghosts"). Klondike #54:
// the 7H lies on a face-down 8S, 7C, 9H, QH and 5H, and eleven cards decide it. The 7H can
// leave only onto the 8C, which then must lie on the 9D (the 9H is buried); the 8S, once
// uncovered, cannot go up (the 6H must first leave the 4S, for the 7S or the buried 7C, and
// on the 7S it keeps the 7S down), so it needs the 9D too. The smaller game with those
// eleven cards is lost in 10 positions; the whole game had not been decided in 97 M.
#include "ghost_relaxation.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "state.hpp"

namespace sol {

namespace {

constexpr std::uint64_t bit(int f) { return std::uint64_t{1} << f; }
// A kept card in a pile of the smaller game: its face, whether it is face down, and whether
// it lies on the kept card under it, built on it, so that a run from that card carries it.
constexpr std::uint8_t kFace = 0x3F, kDown = 0x80, kOn = 0x40;
constexpr char kEnd = '\xFF';  // ends a pile in a key; no card byte has every bit set

// The faces on the foundations.
std::uint64_t faces_up(const State& s) {
  const Rules& R = s.rules();
  std::uint64_t up = 0;
  for (std::uint64_t fs = R.foundation_mask; fs; fs &= fs - 1)
    for (int i = 0; i < s.size(ctz64(fs)); ++i) up |= bit(face(s.card(ctz64(fs), i)));
  return up;
}

// Where each face lay in the real position.
struct Root {
  std::uint64_t up = 0;
  std::array<int, 64> pile{}, index{};
  std::array<std::uint64_t, 64> above{};  // faces above it in its pile
  std::vector<std::vector<int>> piles;    // faces, bottom first, of the piles the game plays on

  explicit Root(const State& s) : up(faces_up(s)) {
    const Rules& R = s.rules();
    pile.fill(-1);
    for (int p = 0; p < R.piles; ++p) {
      if (R.kind[p] == Kind::Foundation || p == R.stock || p == R.waste) continue;
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

// A position of the smaller game as flat bytes, as it is searched: the faces up, the kept
// cards in the talon, then each pile bottom first and ended by kEnd (each kept card once,
// so 64 cards and 64 ends at most). With its piles sorted, its bytes are its key.
struct Layout {
  std::uint64_t up = 0, talon = 0;
  int n = 0;  // bytes of b in use
  std::array<std::uint8_t, 128> b;

  void append_pile(const std::uint8_t* cards, int len) {
    std::memcpy(b.data() + n, cards, static_cast<std::size_t>(len));
    n += len;
    b[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(kEnd);
  }
  void erase(int at, int len) {
    std::memmove(b.data() + at, b.data() + at + len, static_cast<std::size_t>(n - at - len));
    n -= len;
  }
  void insert(int at, const std::uint8_t* cards, int len) {  // cards must not lie in b
    std::memmove(b.data() + at + len, b.data() + at, static_cast<std::size_t>(n - at));
    std::memcpy(b.data() + at, cards, static_cast<std::size_t>(len));
    n += len;
  }
};

// Where each pile of a layout begins; pile k's kEnd is at at[k + 1] - 1.
struct PileStarts {
  int count = 0;
  std::array<std::uint8_t, 65> at;
  explicit PileStarts(const Layout& L) {
    for (int i = 0; i < L.n; ++i) {
      at[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(i);
      while (L.b[static_cast<std::size_t>(i)] != static_cast<std::uint8_t>(kEnd)) ++i;
    }
    at[static_cast<std::size_t>(count)] = static_cast<std::uint8_t>(L.n);
  }
  int begin(int k) const { return at[static_cast<std::size_t>(k)]; }
  int end(int k) const { return at[static_cast<std::size_t>(k) + 1] - 1; }  // its kEnd
};

// A position of a smaller game's winning line, as ghosts_leaned_on() reads it (which pile
// holds a card, not in which order the piles come).
struct Pos {
  std::uint64_t up = 0, talon = 0;
  std::vector<std::string> piles;  // bottom card first; the top card is face up

  explicit Pos(const Layout& L) : up(L.up), talon(L.talon) {
    const PileStarts starts(L);
    for (int k = 0; k < starts.count; ++k)
      piles.emplace_back(reinterpret_cast<const char*>(L.b.data()) + starts.begin(k),
                         static_cast<std::size_t>(starts.end(k) - starts.begin(k)));
  }
};

// The smaller game's start: the kept cards up (of `up`, the faces on the foundations), those
// in the talon, and each pile's kept cards bottom first, each marked face down or lying on the
// kept card under it, built on it, where the pile moves runs.
Layout project_kept(const State& s, std::uint64_t kept, std::uint64_t up) {
  const Rules& R = s.rules();
  Layout out;
  out.up = up & kept;
  for (int p : {R.stock, R.waste})
    if (p >= 0)
      for (int i = 0; i < s.size(p); ++i) out.talon |= bit(face(s.card(p, i))) & kept;
  for (int p = 0; p < R.piles; ++p) {
    if (R.kind[p] == Kind::Foundation || p == R.stock || p == R.waste) continue;
    std::array<std::uint8_t, 64> pile;
    int len = 0;
    for (int i = 0; i < s.size(p); ++i) {
      const Card x = s.card(p, i);
      const int c = face(x);
      if (!(kept >> c & 1)) continue;
      std::uint8_t b = static_cast<std::uint8_t>(c | (is_face_down(x) ? kDown : 0));
      if (!is_face_down(x) && i > 0 && R.runs[p]) {
        const Card y = s.card(p, i - 1);
        if (!is_face_down(y) && (kept >> face(y) & 1) && (R.built_on[face(y)] >> c & 1)) b |= kOn;
      }
      pile[static_cast<std::size_t>(len++)] = b;
    }
    if (len == 0) continue;
    std::uint8_t& top = pile[static_cast<std::size_t>(len) - 1];
    if (top & kDown) top &= kFace;  // the ghosts on it vanish
    out.append_pile(pile.data(), len);
  }
  return out;
}

// Writes the key (up, talon, then the piles in the order of their bottom cards); its length.
std::size_t canonical(const Layout& L, std::uint8_t* key) {
  const PileStarts piles(L);
  std::array<std::uint8_t, 64> order;
  for (int k = 0; k < piles.count; ++k) order[static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(k);
  // Two piles never share a card: their first bytes tell them apart.
  auto less = [&](int x, int y) { return L.b[piles.begin(x)] < L.b[piles.begin(y)]; };
  for (int i = 1; i < piles.count; ++i)
    for (int j = i; j > 0 && less(order[static_cast<std::size_t>(j)], order[static_cast<std::size_t>(j) - 1]); --j)
      std::swap(order[static_cast<std::size_t>(j)], order[static_cast<std::size_t>(j) - 1]);
  std::memcpy(key, &L.up, 8);
  std::memcpy(key + 8, &L.talon, 8);
  std::size_t at = 16;
  for (int i = 0; i < piles.count; ++i) {
    const int k = order[static_cast<std::size_t>(i)];
    const auto len = static_cast<std::size_t>(piles.end(k) + 1 - piles.begin(k));
    std::memcpy(key + at, L.b.data() + piles.begin(k), len);
    at += len;
  }
  return at;
}

std::uint64_t hash_bytes(const std::uint8_t* key, std::size_t len) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ len, w = 0;
  std::size_t i = 0;
  for (; i + 8 <= len; i += 8) {
    std::memcpy(&w, key + i, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  w = 0;
  std::memcpy(&w, key + i, len - i);
  h = (h ^ w) * 0xC4CEB9FE1A85EC53ull;
  return h ^ h >> 29;
}

// The positions of one breadth-first search, each stored once as its key's bytes.
class LayoutTable {
 public:
  LayoutTable() : slots_(1024, -1) { offsets_.push_back(0); }

  std::size_t size() const { return parents_.size(); }
  // Adds the layout (under its piles sorted) unless already in; true if it was new.
  bool add(const Layout& L, std::int32_t parent) {
    const std::uint8_t* key = key_.data();
    const std::size_t len = canonical(L, key_.data());
    std::size_t slot = hash_bytes(key, len) & (slots_.size() - 1);
    for (; slots_[slot] >= 0; slot = (slot + 1) & (slots_.size() - 1)) {
      const auto id = static_cast<std::size_t>(slots_[slot]);
      if (offsets_[id + 1] - offsets_[id] == len && std::memcmp(bytes_.data() + offsets_[id], key, len) == 0)
        return false;
    }
    slots_[slot] = static_cast<std::int32_t>(size());
    bytes_.insert(bytes_.end(), key, key + len);
    offsets_.push_back(bytes_.size());
    parents_.push_back(parent);
    if (2 * size() > slots_.size()) grow();
    return true;
  }
  std::int32_t parent(std::size_t id) const { return parents_[id]; }
  Layout layout(std::size_t id) const {
    Layout L;
    const std::uint8_t* k = bytes_.data() + offsets_[id];
    std::memcpy(&L.up, k, 8);
    std::memcpy(&L.talon, k + 8, 8);
    L.n = static_cast<int>(offsets_[id + 1] - offsets_[id] - 16);
    std::memcpy(L.b.data(), k + 16, static_cast<std::size_t>(L.n));
    return L;
  }

 private:
  void grow() {
    std::vector<std::int32_t> old(slots_.size() * 2, -1);
    old.swap(slots_);
    for (std::size_t id = 0; id < size(); ++id) {
      std::size_t slot = hash_bytes(bytes_.data() + offsets_[id], offsets_[id + 1] - offsets_[id]) & (slots_.size() - 1);
      while (slots_[slot] >= 0) slot = (slot + 1) & (slots_.size() - 1);
      slots_[slot] = static_cast<std::int32_t>(id);
    }
  }

  std::vector<std::int32_t> slots_, parents_;
  std::vector<std::size_t> offsets_;
  std::vector<std::uint8_t> bytes_;
  std::array<std::uint8_t, 16 + 128> key_;  // the key of the layout being added
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
    LayoutTable table;
    Layout start = project();
    close(start);
    table.add(start, -1);
    std::vector<Layout> next;
    for (std::size_t at = 0; at < table.size(); ++at) {
      const Layout p = table.layout(at);
      if (!(kept_ & ~p.up)) {
        for (std::int32_t i = static_cast<std::int32_t>(at); i >= 0; i = table.parent(static_cast<std::size_t>(i)))
          line.emplace_back(table.layout(static_cast<std::size_t>(i)));
        // The first step's ghosts include the closure's.
        line.emplace_back(project());
        std::reverse(line.begin(), line.end());
        positions_ = table.size();
        return Result::Won;
      }
      if (table.size() > cap) {
        positions_ = table.size();
        return Result::TooBig;
      }
      next.clear();
      children(p, next);
      for (const Layout& q : next) table.add(q, static_cast<std::int32_t>(at));
    }
    positions_ = table.size();
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

  Layout project() const { return project_kept(s_, kept_, root_.up); }

  // Moves that lose nothing: a free talon card goes into a pile of its own (where it can
  // hold cards, and go anywhere it could from the talon); a card goes up once it can hold
  // no kept card any more and no kept card lies under it at home. It can hold none where no
  // kept card could lie on it, or where foundation cards never come down, none that is not
  // up. (Where one could come back down to lie on it, or one under it at home come back
  // down, this card would have to come down first, and this rule would put it straight back
  // up: a won position was called lost that way, the 10C put up again and again over the 9C
  // that had to come down to hold the 8D.)
  void close(Layout& p) const {
    for (std::uint64_t m = p.talon & free_; m; m &= m - 1) {
      const auto c = static_cast<std::uint8_t>(ctz64(m));
      p.append_pile(&c, 1);
    }
    p.talon &= ~free_;
    for (bool changed = true; changed;) {
      changed = false;
      // Each pile loses the cards that settle off its top; the piles close up, in place.
      int w = 0;
      for (int r = 0; r < p.n;) {
        int e = r;
        while (p.b[static_cast<std::size_t>(e)] != static_cast<std::uint8_t>(kEnd)) ++e;
        int top = e;
        while (top > r) {
          const int c = p.b[static_cast<std::size_t>(top) - 1] & kFace;
          if (!settles(c, p.up)) break;
          p.up |= bit(c);
          --top;
          if (top > r && (p.b[static_cast<std::size_t>(top) - 1] & kDown))
            p.b[static_cast<std::size_t>(top) - 1] &= kFace;  // turned up
          changed = true;
        }
        if (top > r) {
          std::memmove(p.b.data() + w, p.b.data() + r, static_cast<std::size_t>(top - r));
          w += top - r;
          p.b[static_cast<std::size_t>(w++)] = static_cast<std::uint8_t>(kEnd);
        }
        r = e + 1;
      }
      p.n = w;
      for (std::uint64_t m = p.talon; m; m &= m - 1) {
        const int c = ctz64(m);
        if (settles(c, p.up)) {
          p.up |= bit(c);
          p.talon &= ~bit(c);
          changed = true;
        }
      }
    }
  }

  // Lays `seg` (its first card c) from wherever it was: into a pile of its own if c is free,
  // else onto every kept top card it fits (not onto pile `from`, where it came from).
  void lay(const Layout& base, std::uint8_t* seg, int len, int from, std::vector<Layout>& out) const {
    const int c = seg[0] & kFace;
    if (free_ >> c & 1) {
      out.push_back(base);
      seg[0] = static_cast<std::uint8_t>(c);
      out.back().append_pile(seg, len);
      close(out.back());
      return;
    }
    seg[0] = laid(c);
    const PileStarts piles(base);
    for (int j = 0; j < piles.count; ++j) {
      if (j == from || !fits(c, base.b[static_cast<std::size_t>(piles.end(j)) - 1] & kFace)) continue;
      out.push_back(base);
      out.back().insert(piles.end(j), seg, len);
      close(out.back());
    }
  }

  void children(const Layout& p, std::vector<Layout>& out) const {
    const PileStarts piles(p);
    for (int k = 0; k < piles.count; ++k) {
      const int b0 = piles.begin(k), e = piles.end(k);
      for (int i = e - 1; i >= b0; --i) {
        const std::uint8_t b = p.b[static_cast<std::size_t>(i)];
        if (b & kDown) break;
        const int c = b & kFace;
        std::array<std::uint8_t, 64> seg;
        const int len = e - i;
        std::memcpy(seg.data(), p.b.data() + i, static_cast<std::size_t>(len));
        Layout base = p;
        int from = k;
        if (i == b0) {  // the whole pile moves: it goes, end and all
          base.erase(i, len + 1);
          from = -1;
        } else {
          base.erase(i, len);
          if (base.b[static_cast<std::size_t>(i) - 1] & kDown) base.b[static_cast<std::size_t>(i) - 1] &= kFace;
        }
        if (i == e - 1 && can_go_up(c, p.up)) {
          out.push_back(base);
          out.back().up |= bit(c);
          close(out.back());
        }
        if (!(free_ >> c & 1) || i > b0 || (b & kOn)) lay(base, seg.data(), len, from, out);
        if (!(b & kOn)) break;  // a longer run must be built down to here
      }
    }
    for (std::uint64_t m = p.talon; m; m &= m - 1) {
      const int c = ctz64(m);
      Layout base = p;
      base.talon &= ~bit(c);
      if (can_go_up(c, p.up)) {
        out.push_back(base);
        out.back().up |= bit(c);
        close(out.back());
      }
      std::uint8_t one = static_cast<std::uint8_t>(c);
      lay(base, &one, 1, -1, out);
    }
    if (!R_.foundations_give) return;
    for (std::uint64_t m = p.up & kept_; m; m &= m - 1) {
      const int c = ctz64(m);
      if (R_.home_above[c] & kept_ & p.up) continue;  // not its foundation's top kept card
      Layout base = p;
      base.up &= ~bit(c);
      std::uint8_t one = static_cast<std::uint8_t>(c);
      lay(base, &one, 1, -1, out);
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

void smaller_game_key(const State& s, std::uint64_t kept, std::uint64_t& a, std::uint64_t& b) {
  const Rules& R = s.rules();
  const std::uint64_t up = faces_up(s);
  std::array<std::uint8_t, 16 + 128 + 16> key;
  std::size_t len = canonical(project_kept(s, kept, up), key.data());
  std::memcpy(key.data() + len, &kept, 8);
  len += 8;
  // Where foundation cards never come down, the ghosts up hold nothing: the game reads them.
  if (!R.foundations_give) {
    std::memcpy(key.data() + len, &up, 8);
    len += 8;
  }
  // Two halves mixed differently (splitmix64's finalizer over each word), so that a collision
  // of one says nothing of the other: a false "lost" here would be a wrong verdict.
  a = 0x243F6A8885A308D3ull ^ len;
  b = 0x13198A2E03707344ull + len;
  for (std::size_t i = 0; i < len; i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, key.data() + i, std::min<std::size_t>(8, len - i));
    a = mix64(a ^ w);
    b = mix64(b + w * 0x9E3779B97F4A7C15ull);
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
