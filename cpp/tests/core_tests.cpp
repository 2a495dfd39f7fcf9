// The core's own checks, runnable without Python: rule-table compilation, move generation
// on a hand-built position, make/unmake restoring position and hash, perft consistency.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "beam.hpp"
#include "ghost_checks.hpp"
#include "ghost_relaxation.hpp"
#include "open_positions.hpp"
#include "position_set.hpp"
#include "refill_search.hpp"
#include "search.hpp"
#include "single_deals.hpp"
#include "solver.hpp"
#include "stock_beam.hpp"
#include "state.hpp"

using namespace sol;

static int failures = 0;
#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) {                                                    \
      std::printf("%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                     \
    }                                                                 \
  } while (0)

static std::uint16_t one_up_wrapping(int r) { return std::uint16_t(1u << ((r + 1) % 13)); }
static std::uint16_t one_down_wrapping(int r) { return std::uint16_t(1u << ((r + 12) % 13)); }

// A one-deck miniature of Deuces and Queens: f1 up from Two, f2 down from Queen,
// two tableau piles building up or down with wrap, refilled from the stock.
static RuleSpec mini_rules() {
  RuleSpec s;
  s.name = "mini";
  GroupSpec up, down, tab, res, stock, waste;
  up.kind = down.kind = Kind::Foundation;
  up.max_cards = down.max_cards = 13;
  for (int r = 0; r < 13; ++r) {
    up.build[r] = one_up_wrapping(r);
    down.build[r] = one_down_wrapping(r);
    tab.build[r] = one_up_wrapping(r) | one_down_wrapping(r);
  }
  up.empty_ranks = 1 << 1;
  down.empty_ranks = 1 << 11;
  tab.kind = Kind::Tableau;
  tab.count = 2;
  tab.fill = Fill::Stock;
  res.kind = Kind::Reserve;
  stock.kind = Kind::Stock;
  waste.kind = Kind::Waste;
  s.groups = {up, down, tab, res, stock, waste};
  for (int suit = 0; suit < 4; ++suit)
    for (int r = 0; r < 13; ++r) s.card_counts[make_card(r, suit)] = 1;
  s.win_foundation_cards = 52;
  return s;
}

static std::set<std::string> texts(const State& st) {
  MoveList l;
  st.generate(l);
  std::set<std::string> out;
  for (int i = 0; i < l.size; ++i) out.insert(st.move_text(l.moves[i]));
  return out;
}

// Klondike's rule table (draw 1, unlimited redeals, takebacks): suit foundations up from the
// Ace, a tableau building down in alternate colours whose empty piles take Kings.
static RuleSpec klondike_rules() {
  RuleSpec s;
  s.name = "klondike";
  GroupSpec found, tab, stock, waste;
  found.kind = Kind::Foundation;
  found.count = 4;
  found.suit = SuitRule::Same;
  found.empty_ranks = 1;
  found.pile_suits = {0, 1, 2, 3};
  found.max_cards = 13;
  tab.kind = Kind::Tableau;
  tab.count = 7;
  tab.suit = SuitRule::AlternateColour;
  tab.empty_ranks = 1 << 12;
  tab.runs = true;
  for (int r = 0; r < 13; ++r) {
    if (r < 12) found.build[r] = std::uint16_t(1u << (r + 1));
    if (r > 0) tab.build[r] = std::uint16_t(1u << (r - 1));
  }
  stock.kind = Kind::Stock;
  waste.kind = Kind::Waste;
  s.groups = {found, tab, stock, waste};
  s.redeals = -1;
  for (int suit = 0; suit < 4; ++suit)
    for (int r = 0; r < 13; ++r) s.card_counts[make_card(r, suit)] = 1;
  s.win_foundation_cards = 52;
  return s;
}

// Klondike piles f1-f4, t1-t7, stock, waste: the given tableau, every other card in the stock.
static std::vector<std::vector<int>> klondike_piles(const std::vector<std::vector<int>>& tableau) {
  std::vector<std::vector<int>> piles(13);
  std::set<int> placed;
  for (std::size_t t = 0; t < tableau.size(); ++t) {
    piles[4 + t] = tableau[t];
    for (int c : tableau[t]) placed.insert(c & 0x3F);
  }
  for (int suit = 0; suit < 4; ++suit)
    for (int r = 0; r < 13; ++r)
      if (!placed.count(make_card(r, suit))) piles[11].push_back(make_card(r, suit));
  return piles;
}

// The same position built afresh: its solver key must equal the one kept up to date.
static bool key_matches_fresh(const State& s) {
  std::vector<std::vector<int>> piles(s.rules().piles);
  for (int p = 0; p < s.rules().piles; ++p)
    for (int i = 0; i < s.size(p); ++i) piles[p].push_back(s.card(p, i));
  State fresh(s.rules_ptr());
  fresh.set_piles(piles, s.redeals_left());
  std::uint64_t a, b, fa, fb;
  s.solver_key(a, b);
  fresh.solver_key(fa, fb);
  return a == fa && b == fb;
}

// A random walk: each step makes a random move, or one time in four takes the last one
// back. Solver moves (make_macro, never into a win) or legal moves (make); `visit` sees the
// position after each step (and may change it, if it puts it back). Returns where it ends.
template <class Visit>
static State random_walk(State s, unsigned seed, int steps, bool solver, Visit visit) {
  std::vector<std::pair<Move, Undo>> made;
  for (int step = 0; step < steps; ++step) {
    seed = seed * 1103515245u + 12345u;
    MoveList l;
    if (solver) s.solver_moves(l);
    else s.generate(l);
    if (l.size == 0 || (seed >> 16) % 4 == 0) {
      if (made.empty()) continue;
      if (solver) s.unmake_macro(made.back().first, made.back().second);
      else s.unmake(made.back().first, made.back().second);
      made.pop_back();
    } else {
      const Move m = l.moves[(seed >> 8) % l.size];
      Undo u;
      if (!solver) {
        s.make(m, u);
      } else {
        s.make_macro(m, u);
        if (s.is_won()) {
          s.unmake_macro(m, u);
          continue;
        }
      }
      made.emplace_back(m, u);
    }
    visit(s, step);
  }
  return s;
}

// Random moves made and unmade: the lazily kept key never drifts from a fresh one.
static void check_key_along_random_moves(const State& start, unsigned seed) {
  const State end = random_walk(start, seed, 400, false, [](const State& s, int step) {
    if (step % 7 == 0) CHECK(key_matches_fresh(s));
  });
  CHECK(key_matches_fresh(end));
}

// Random solver moves made and unmade: wherever predict_key works a move's key out without
// making it, it is the key the move leads to; and it declines the moves that win.
static void check_predicted_keys(const State& start, unsigned seed, int* predicted) {
  random_walk(start, seed, 300, true, [predicted](State& s, int) {
    MoveList l;
    s.solver_moves(l);
    for (int i = 0; i < l.size; ++i) {
      std::uint64_t pa, pb, a, b;
      if (!s.predict_key(l.moves[i], pa, pb)) continue;
      ++*predicted;
      Undo u;
      s.make_macro(l.moves[i], u);
      s.solver_key(a, b);
      CHECK(a == pa && b == pb);
      CHECK(!s.is_won());
      s.unmake_macro(l.moves[i], u);
    }
  });
}

// Whether `line` is legal move by move from `s` and ends in a win.
static bool line_wins(State s, const std::vector<Move>& line) {
  for (const Move& m : line) {
    if (!s.is_legal(m)) return false;
    Undo u;
    s.make(m, u);
  }
  return s.is_won();
}

int main() {
  auto rules = std::make_shared<const Rules>(mini_rules());
  CHECK(rules->piles == 7);
  CHECK(rules->pile_name(0) == "f1" && rules->pile_name(2) == "t1" && rules->pile_name(5) == "s");

  // f1 empty, f2 empty, t1 = [5C], t2 = [KD], r1 = [.. 2H], stock = rest, waste = [QS]
  std::vector<std::vector<int>> piles(7);
  piles[2] = {make_card(4, 0)};
  piles[3] = {make_card(12, 3)};
  piles[6] = {make_card(11, 1)};
  std::set<int> used = {piles[2][0], piles[3][0], piles[6][0], make_card(1, 2)};
  for (int suit = 0; suit < 4; ++suit)
    for (int r = 0; r < 13; ++r)
      if (!used.count(make_card(r, suit)) && r != 0) piles[5].push_back(make_card(r, suit));
  for (int suit = 0; suit < 4; ++suit) piles[4].push_back(make_card(0, suit));  // the Aces
  piles[4].push_back(make_card(1, 2));                                          // 2H on top
  State st(rules);
  st.set_piles(piles, 0);

  const auto moves = texts(st);
  CHECK(moves.count("r1-f1"));   // a Two starts the up foundation
  CHECK(!moves.count("r1-f2"));  // but not the down one
  CHECK(moves.count("w-f2"));    // a Queen starts the down foundation
  CHECK(moves.count("w-t2"));    // Q on K: down by one
  CHECK(!moves.count("w-t1"));   // Q on 5: no
  CHECK(moves.count("s-w"));
  CHECK(!moves.count("t1-t2") && !moves.count("t2-t1"));

  // make/unmake of every move restores the position and its hash
  const std::uint64_t h0 = st.hash();
  MoveList l;
  st.generate(l);
  for (int i = 0; i < l.size; ++i) {
    Undo u;
    st.make(l.moves[i], u);
    CHECK(st.hash() != h0);
    st.unmake(l.moves[i], u);
    CHECK(st.hash() == h0);
  }

  for (unsigned seed = 1; seed <= 5; ++seed) check_key_along_random_moves(st, seed);
  {
    int predicted = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) check_predicted_keys(st, seed, &predicted);
    CHECK(predicted > 100);
  }

  // w-t2 then t2-... : a tableau pile emptied by a move is refilled from the stock
  Undo u1;
  st.make(Move{6, 3, 1}, u1);  // QS onto KD
  CHECK(st.size(3) == 2);
  Undo u2;
  st.make(Move{3, 1, 1}, u2);  // QS to the empty down foundation
  CHECK(st.size(1) == 1 && st.size(3) == 1);
  Undo u3;
  const int stock_before = st.size(5);
  st.make(Move{3, 1, 1}, u3);  // KD onto... not legal, but make() trusts its caller
  CHECK(st.size(3) == 1 && st.size(5) == stock_before - 1 && u3.fill_from == 5);
  st.unmake(Move{3, 1, 1}, u3);
  st.unmake(Move{3, 1, 1}, u2);
  st.unmake(Move{6, 3, 1}, u1);
  CHECK(st.hash() == h0);

  // pick_move chooses exactly the move generate() lists at the same index, all along a walk
  {
    State w = st;
    std::uint64_t x = 12345;
    for (int step = 0; step < 300; ++step) {
      MoveList all;
      w.generate(all);
      if (all.size == 0) break;
      for (int k = 0; k < all.size; ++k) {
        const std::uint32_t u = static_cast<std::uint32_t>(
            ((std::uint64_t(k) << 32) + (std::uint64_t(1) << 31)) / std::uint64_t(all.size));
        Move m;
        CHECK(w.pick_move(u, m) && m == all.moves[k]);
      }
      x = mix64(x);
      Undo u;
      w.make(all.moves[x % all.size], u);
    }
  }

  // a copy that drops its keys plays exactly like one that keeps them: the same moves
  // listed and the same cards (hash() is worked out from the cards) all along a walk
  {
    State kept = st, dropped = st;
    dropped.drop_keys();
    std::uint64_t x = 777;
    for (int step = 0; step < 300; ++step) {
      MoveList a, b;
      kept.generate(a);
      dropped.generate(b);
      CHECK(a.size == b.size && kept.hash() == dropped.hash());
      for (int k = 0; k < a.size && k < b.size; ++k) CHECK(a.moves[k] == b.moves[k]);
      if (a.size == 0) break;
      x = mix64(x);
      Undo u, v;
      kept.make(a.moves[x % a.size], u);
      dropped.make(a.moves[x % a.size], v);
    }
  }

  // perft is the same whatever the interruption poll does when it never fires
  const auto p3 = perft(st, 3, nullptr);
  const auto p3b = perft(st, 3, [] { return false; });
  CHECK(p3 == p3b && p3 > 0);
  CHECK(st.hash() == h0);

  // bad positions are rejected, never accepted half-way
  auto bad = piles;
  bad[5].pop_back();
  bool threw = false;
  try { st.set_piles(bad, 0); } catch (const std::invalid_argument&) { threw = true; }
  CHECK(threw);

  // The solver on a three-card game: A, 2, 3 of clubs, one foundation up from the Ace,
  // one reserve, a stock dealing to a waste.
  {
    RuleSpec t;
    GroupSpec f, r, st, w;
    f.kind = Kind::Foundation;
    for (int k = 0; k < 13; ++k) f.build[k] = one_up_wrapping(k);
    f.empty_ranks = 1;
    r.kind = Kind::Reserve;
    st.kind = Kind::Stock;
    w.kind = Kind::Waste;
    t.groups = {f, r, st, w};
    for (int k = 0; k < 3; ++k) t.card_counts[make_card(k, 0)] = 1;
    t.win_foundation_cards = 3;
    auto tiny = std::make_shared<const Rules>(t);
    const int A = make_card(0, 0), two = make_card(1, 0), three = make_card(2, 0);

    State open(tiny);  // r1 = [A], stock = [3, 2]: A up, deal 2, up, deal 3, up
    open.set_piles({{}, {A}, {three, two}, {}}, 0);
    const SolveResult won = solve(open, SolveLimits{}, nullptr);
    CHECK(won.verdict == Verdict::Solved && won.line.size() == 5);
    CHECK(line_wins(open, won.line));


    // Each beam search alone (of layers, over the stock's deals): it wins; where there is no
    // win, once a try has left nothing out it gives up after the deal and its one child, never
    // claiming a proof; with no room at all it says so.
    for (auto make : {&make_beam, &make_stock_beam}) {
      MemoryBudget budget(std::size_t{1} << 30), none(1000);
      PositionSet lost(budget);
      auto beam = make(open, budget, lost);
      CHECK(beam->run(1000, [] { return false; }, nullptr) == SearchTask::Status::Won);
      CHECK(line_wins(open, open.expand_macro_line(beam->line())));
      State stuck(tiny);
      stuck.set_piles({{}, {A, three}, {two}, {}}, 0);
      auto dry = make(stuck, budget, lost);
      CHECK(dry->run(1000, [] { return false; }, nullptr) == SearchTask::Status::GaveUp && dry->positions() == 2);
      CHECK(make(stuck, none, lost)->run(1000, [] { return false; }, nullptr) == SearchTask::Status::OutOfMemory);
    }

    State dead(tiny);  // r1 = [A, 3]: the 3 covers the Ace and can go nowhere
    dead.set_piles({{}, {A, three}, {two}, {}}, 0);
    const SolveResult seen = solve(dead, SolveLimits{}, nullptr);  // no search needed
    const std::vector<std::pair<int, int>> both_r1_cards{{1, 1}, {1, 0}};
    CHECK(seen.verdict == Verdict::Unsolvable && seen.positions == 0 && seen.stuck == both_r1_cards);
    SolveLimits search;  // the searches prove it too
    search.stuck_cards = false;
    const SolveResult lost = solve(dead, search, nullptr);
    CHECK(lost.verdict == Verdict::Unsolvable && lost.line.empty() && lost.positions >= 2 && lost.stuck.empty());

    SolveLimits one = search;
    one.max_positions = 1;
    const SolveResult cut = solve(dead, one, nullptr);
    CHECK(cut.verdict == Verdict::Unknown && cut.stopped_by == Limit::Positions);

    SolveLimits no_room = search;  // not even the first table fits: unknown, never a crash
    no_room.memory_bytes = 1000;
    const SolveResult starved = solve(dead, no_room, nullptr);
    CHECK(starved.verdict == Verdict::Unknown && starved.stopped_by == Limit::Memory &&
          starved.peak_table_bytes <= 1000);
    CHECK(lost.stopped_by == Limit::None && lost.peak_table_bytes > 0 && lost.seconds >= 0);
  }

  // Golf as data: the waste builds up or down (no wrap) from the tableau, the stock deals
  // onto it whatever the rank, and the game is won once the tableau is empty.
  {
    RuleSpec g;
    GroupSpec tab, st, w;
    tab.kind = Kind::Tableau;
    st.kind = Kind::Stock;
    w.kind = Kind::Waste;
    w.can_leave = false;
    for (int k = 0; k < 13; ++k)
      w.build[k] = std::uint16_t((k < 12 ? 1u << (k + 1) : 0u) | (k > 0 ? 1u << (k - 1) : 0u));
    g.groups = {tab, st, w};
    g.win = WinTest::TableauEmpty;
    const int A = make_card(0, 0), two = make_card(1, 0), three = make_card(2, 0),
              K = make_card(12, 0);
    for (int c : {A, two, three, K}) g.card_counts[c] = 1;
    auto golf = std::make_shared<const Rules>(g);
    CHECK(golf->pile_name(2) == "w" && golf->takes[2] && !golf->gives[2]);
    State s(golf);
    s.set_piles({{three, two}, {K}, {A}}, 0);
    CHECK((texts(s) == std::set<std::string>{"t1-w", "s-w"}));
    CHECK(!s.is_won());
    const std::uint64_t h0 = s.hash();
    Undo deal_undo;
    const Move deal = Move::from_code(1u | 2u << 8 | 1u << 16);
    s.make(deal, deal_undo);  // the King lands on the Ace: deals skip the build check
    CHECK(s.size(2) == 2 && s.top(2) == K);
    CHECK((texts(s) == std::set<std::string>{}));  // 2 does not fit on K, nothing to deal
    s.unmake(deal, deal_undo);
    CHECK(s.hash() == h0 && (texts(s) == std::set<std::string>{"t1-w", "s-w"}));
    const SolveResult won = solve(s, SolveLimits{}, nullptr);
    CHECK(won.verdict == Verdict::Solved && won.line.size() == 2);  // t1-w t1-w, stock left
    State replay = s;
    for (const Move& m : won.line) {
      Undo u;
      replay.make(m, u);
    }
    CHECK(replay.is_won() && replay.size(1) == 1 && replay.size(0) == 0);
    RuleSpec bad = g;
    bad.groups = {st, w, GroupSpec{}};
    bad.groups[2].kind = Kind::Reserve;  // no tableau pile: "tableau empty" means nothing
    bool refused = false;
    try { Rules r(bad); } catch (const std::invalid_argument&) { refused = true; }
    CHECK(refused);
  }

  // An Aces and Kings in miniature (two decks of two suits, suits never looked at, cards
  // coming back off the foundations, two one-card cells): most of its moves are predicted.
  {
    RuleSpec k;
    GroupSpec up, down, cells, res, st, w;
    up.kind = down.kind = Kind::Foundation;
    up.count = down.count = 2;
    up.max_cards = down.max_cards = 13;
    up.empty_ranks = 1;
    down.empty_ranks = 1 << 12;
    cells.count = 2;
    cells.max_cards = 1;
    cells.empty_ranks = 0x1FFF;
    for (int r = 0; r < 13; ++r) {
      up.build[r] = r < 12 ? std::uint16_t(1u << (r + 1)) : 0;
      down.build[r] = r > 0 ? std::uint16_t(1u << (r - 1)) : 0;
    }
    res.kind = Kind::Reserve;
    st.kind = Kind::Stock;
    w.kind = Kind::Waste;
    k.groups = {up, down, cells, res, st, w};
    std::vector<int> pack;
    for (int suit = 0; suit < 2; ++suit)
      for (int r = 0; r < 13; ++r) {
        k.card_counts[make_card(r, suit)] = 2;
        pack.push_back(make_card(r, suit));
        pack.push_back(make_card(r, suit));
      }
    k.win_foundation_cards = 52;
    auto mini_ak = std::make_shared<const Rules>(k);
    CHECK(mini_ak->twins_possible);
    CHECK(mini_ak->paired_foundations);
    int predicted = 0, predicted_paired = 0, pad_moves = 0;
    for (unsigned deal = 1; deal <= 10; ++deal) {
      unsigned x = deal;
      for (std::size_t i = pack.size() - 1; i > 0; --i) {  // a fixed shuffle per deal
        x = x * 1103515245u + 12345u;
        std::swap(pack[i], pack[(x >> 8) % (i + 1)]);
      }
      // f1-f4, t1 t2, r1 (ten cards), stock, waste (one card)
      std::vector<std::vector<int>> piles(mini_ak->piles);
      piles[4] = {pack[0]};
      piles[5] = {pack[1]};
      piles[6].assign(pack.begin() + 2, pack.begin() + 12);
      piles[7].assign(pack.begin() + 12, pack.end() - 1);
      piles[8] = {pack.back()};
      State s(mini_ak);
      s.set_piles(piles, 0);
      check_predicted_keys(s, deal, &predicted);
      // With its foundations paired (cpp/foundation_pairs.cpp): predicted keys are the keys
      // the moves reach, the kept key never drifts, and unmaking restores every card.
      State paired(s);
      std::vector<Move> joining;
      CHECK(paired.start_pairing(joining));
      check_predicted_keys(paired, deal + 100, &predicted_paired);
      random_walk(paired, deal, 300, true, [&pad_moves](State& t, int step) {
        if (step % 5 == 0) CHECK(key_matches_fresh(t));
        MoveList l;
        t.solver_moves(l);
        for (int i = 0; i < l.size; ++i) {
          if (!l.moves[i].pad) continue;
          ++pad_moves;
          const std::uint64_t h = t.hash();
          Undo u;
          t.make_macro(l.moves[i], u);
          t.unmake_macro(l.moves[i], u);
          CHECK(t.hash() == h);
        }
      });
    }
    CHECK(predicted > 1000);
    CHECK(predicted_paired > 1000 && pad_moves > 100);
    // The game whose stock refills an emptied cell at once is a stricter one (every refill is
    // a deal and a move into the space here): its wins, turned into this game's moves, win.
    CHECK(refills_streamline(*mini_ak));
    CHECK(!refills_streamline(Rules(klondike_rules())));  // its spaces take only Kings
    {
      // Four cards to go: each cell's card goes up, and the stock refills the cells twice.
      std::vector<std::vector<int>> piles(mini_ak->piles);
      for (int suit = 0; suit < 2; ++suit)
        for (int r = 0; r < 12; ++r) {
          piles[suit].push_back(make_card(r, suit));           // f1 f2: A..Q
          piles[2 + suit].push_back(make_card(12 - r, suit));  // f3 f4: K..2
        }
      piles[4] = {make_card(12, 0)};
      piles[5] = {make_card(0, 0)};
      piles[7] = {make_card(0, 1), make_card(12, 1)};  // the stock, the King of suit 1 on top
      State s(mini_ak);
      s.set_piles(piles, 0);
      MemoryBudget budget(0);
      auto search = make_refill_search(s, budget);
      CHECK(search->run(1000, [] { return false; }, nullptr) == SearchTask::Status::Won);
      State t(s);
      Undo u;
      int refills = 0;
      const std::vector<Move>& line = search->line();
      for (std::size_t i = 0; i < line.size(); ++i) {
        CHECK(t.is_legal(line[i]));
        // A deal straight followed by the waste's card into an empty cell: a refill.
        if (i > 0 && line[i - 1].src == mini_ak->stock && line[i].src == mini_ak->waste &&
            mini_ak->kind[line[i].dst] == Kind::Tableau)
          ++refills;
        t.make(line[i], u);
      }
      CHECK(t.is_won() && refills == 2);
    }
  }

  // A talon with unlimited redeals: the splits on the dealing cycle are one position to the
  // solver, whose moves are the waste moves of every split (pad = stock moves first).
  for (int draw : {1, 3}) {
    RuleSpec k;
    GroupSpec fnd, tab, st, w;
    fnd.kind = Kind::Foundation;
    fnd.empty_ranks = 1;  // an Ace
    tab.kind = Kind::Tableau;
    for (int r = 0; r < 13; ++r) {
      fnd.build[r] = r < 12 ? std::uint16_t(1u << (r + 1)) : 0;
      tab.build[r] = r > 0 ? std::uint16_t(1u << (r - 1)) : 0;
    }
    st.kind = Kind::Stock;
    w.kind = Kind::Waste;
    k.groups = {fnd, tab, st, w};
    k.deal_count = draw;
    k.redeals = -1;
    for (int r = 0; r < 8; ++r) k.card_counts[make_card(r, 0)] = 1;
    k.win_foundation_cards = 8;
    auto rules7 = std::make_shared<const Rules>(k);
    CHECK(rules7->cyclic_talon);
    State s(rules7);
    // t1 = 8C; the stock, top last: 3C 6C AC 2C 7C 5C 4C (4C is dealt first)
    const std::vector<std::vector<int>> opening = {{}, {make_card(7, 0)}, {make_card(2, 0), make_card(5, 0), make_card(0, 0), make_card(1, 0),
                                                        make_card(6, 0), make_card(4, 0), make_card(3, 0)}, {}};
    s.set_piles(opening, -1);
    for (unsigned seed = 1; seed <= 5; ++seed) check_key_along_random_moves(s, seed);
    int predicted = 0;
    for (unsigned seed = 1; seed <= 20; ++seed) check_predicted_keys(s, seed, &predicted);
    CHECK(predicted > 0);
    std::uint64_t a0, b0, a, b;
    s.solver_key(a0, b0);
    const std::uint64_t h0 = s.hash();
    // Round the cycle by hand: the key is the same at every split on it.
    std::set<std::uint32_t> expected;  // (move code) | the waste's size << 24
    Move step;
    while (s.stock_move(step)) {
      Undo u;
      s.make(step, u);
      CHECK(s.on_talon_cycle());
      s.solver_key(a, b);
      CHECK(a == a0 && b == b0);
      if (s.hash() == h0) break;
      MoveList l;
      s.generate(l);
      for (int i = 0; i < l.size; ++i)
        if (l.moves[i].src == 3 && l.moves[i].dst != 2) expected.insert(l.moves[i].code() | std::uint32_t(s.size(3)) << 24);
    }
    CHECK(s.hash() == h0);
    MoveList macro;
    s.generate_macro(macro);
    CHECK(s.hash() == h0);  // listing the moves dealt round and back
    std::set<std::uint32_t> listed;
    for (int i = 0; i < macro.size; ++i) listed.insert(macro.moves[i].code() | std::uint32_t(macro.moves[i].pad) << 24);
    CHECK(listed == expected && !expected.empty());  // nothing on t1 or f1 yet but the Ace
    int owing = 0;  // macro moves that leave a move owed
    for (int i = 0; i < macro.size; ++i) {
      const Move m = macro.moves[i];
      Undo u;
      s.make_macro(m, u);
      const std::uint64_t after = s.hash();
      // The talon's key survives the block resplit. A talon card put on the tableau owes a
      // move onto it (Rules::lazy_talon, dealing by ones), which a fresh position does not.
      CHECK(key_matches_fresh(s) == (s.owed_pile(0) < 0));
      owing += s.owed_pile(0) >= 0;
      s.unmake_macro(m, u);
      CHECK(s.hash() == h0);
      CHECK(key_matches_fresh(s));
      State plain = s;
      for (const Move& pm : s.expand_macro_line({m})) {
        CHECK(plain.is_legal(pm));
        Undo pu;
        plain.make(pm, pu);
      }
      CHECK(plain.hash() == after);
    }
    CHECK((owing > 0) == (draw == 1));  // 7C from the talon onto t1's 8C
    // Playing a card from the waste mid-pass leaves the cycle (with draw 3): then the
    // split is part of the position, and the deal is a move again.
    Undo du, pu;
    const Move deal{2, 3, static_cast<std::uint8_t>(draw), 0};
    s.make(deal, du);  // with draw 3 the waste is 4C 5C 7C
    for (int i = 1; i < 3 && draw == 1; ++i) s.make(deal, du);
    const Move play{3, 1, 1, 0};  // 7C onto 8C
    CHECK(s.top(3) == make_card(6, 0) && s.is_legal(play));
    s.make(play, pu);
    CHECK(s.on_talon_cycle() == (draw == 1));
    MoveList g1, g2;
    s.generate(g1);
    s.generate_macro(g2);
    CHECK((draw == 3) == (g1.size == g2.size && g1.moves[g1.size - 1].src == 2));
    s.set_piles(opening, -1);
    const SolveResult won = solve(s, SolveLimits{}, nullptr);
    CHECK(won.verdict == Verdict::Solved);
    CHECK(line_wins(s, won.line));
  }

  // The open positions of a depth-first search: keys come and go by the million, and after
  // any mix of inserts and erases (backward-shift deletion, growth) find() agrees with a
  // std::map. Keys share low bits of b on purpose, so probe runs are long and wrap.
  {
    MemoryBudget budget(0);
    OpenPositions open(budget);
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> model;
    std::uint64_t x = 99;
    for (int step = 0; step < 200000; ++step) {
      x = mix64(x);
      const std::uint64_t a = (x % 5000) * 2, b = (x % 5000) << 20 | (x % 7);
      const auto it = model.find({a, b});
      if (it == model.end()) {
        CHECK(open.find(a, b) == OpenPositions::kAbsent);
        CHECK(open.insert(a, b, std::uint64_t(step)));
        model[{a, b}] = std::uint64_t(step);
      } else if (x >> 60 < 9) {
        CHECK(open.find(a, b) == it->second);
        open.erase(a, b);
        model.erase(it);
      }
    }
    for (const auto& [k, v] : model) CHECK(open.find(k.first, k.second) == v);
    open.clear();
    for (const auto& [k, v] : model) CHECK(open.find(k.first, k.second) == OpenPositions::kAbsent);
    // 64 KB hold the first 1,024 slots (24 bytes each), but not those and 2,048 more while
    // growing: the map stops at half full, within its budget.
    MemoryBudget tight(64 * 1024);
    OpenPositions small(tight);
    int stored = 0;
    while (small.insert(std::uint64_t(stored) * 2, mix64(std::uint64_t(stored)), 0)) ++stored;
    CHECK(stored == 512 && tight.peak() <= 64 * 1024);
  }

  // The set of positions seen (and the shared set of lost ones): after growth, insert and
  // contains agree with a std::set, tags that match for different keys included (keys share
  // their top byte on purpose), and a full table still answers for what it holds.
  {
    MemoryBudget budget(0);
    PositionSet seen(budget);
    std::set<std::pair<std::uint64_t, std::uint64_t>> model;
    std::uint64_t x = 7;
    for (int step = 0; step < 300000; ++step) {
      x = mix64(x);
      const std::uint64_t a = (x % 40000) | std::uint64_t{0xAB} << 56, b = mix64(x % 40000) ^ (x % 3);
      const bool fresh = model.insert({a, b}).second;
      CHECK(seen.contains(a, b) != fresh);
      CHECK(seen.insert(a, b) == (fresh ? PositionSet::Insert::New : PositionSet::Insert::Seen));
    }
    CHECK(seen.size() == model.size());
    for (const auto& k : model) CHECK(seen.contains(k.first, k.second));
    CHECK(!seen.contains(std::uint64_t{0xAB} << 56 | 40001, 5));
    CHECK(!seen.contains(0, 0));  // an all-zero key is not an empty slot
    CHECK(seen.insert(0, 0) == PositionSet::Insert::New && seen.contains(0, 0));
    // 1.2 MB: the first 65,536 slots (17 bytes each), filled to 7/8, and no more.
    MemoryBudget tight(1200 * 1024);
    PositionSet small(tight);
    std::uint64_t stored = 0;
    while (small.insert(mix64(stored), mix64(stored + 1)) == PositionSet::Insert::New) ++stored;
    CHECK(stored == 65536 * 7 / 8 && tight.peak() <= 1200 * 1024);
    CHECK(small.contains(mix64(0), mix64(1)) && small.insert(mix64(5), mix64(6)) == PositionSet::Insert::Seen);
  }

  // A run moved off a face-up card onto another tableau pile owes a use of that card
  // (Rules::lazy_runs): the position is keyed apart from the same cards owing nothing, and
  // the solver's next moves use the card, never by putting back the card moved off it.
  {
    RuleSpec k;
    GroupSpec fnd, tab;
    fnd.kind = Kind::Foundation;
    fnd.count = 2;
    fnd.empty_ranks = 1;
    fnd.suit = SuitRule::Same;
    tab.kind = Kind::Tableau;
    tab.count = 3;
    tab.runs = true;
    for (int r = 0; r < 13; ++r) {
      fnd.build[r] = r < 12 ? std::uint16_t(1u << (r + 1)) : 0;
      tab.build[r] = r > 0 ? std::uint16_t(1u << (r - 1)) : 0;
    }
    k.groups = {fnd, tab};
    for (int suit = 0; suit < 2; ++suit)
      for (int r = 0; r < 9; ++r) k.card_counts[make_card(r, suit)] = 1;
    k.win_foundation_cards = 18;
    auto rules = std::make_shared<const Rules>(k);
    CHECK(rules->lazy_runs[2] && rules->lazy_runs[4] && !rules->lazy_runs[0]);
    // t1 = 9C 8C 7C, t2 = 8D, t3 = the rest face down under 9D (piles f1 f2 t1 t2 t3).
    std::vector<int> rest;
    for (int r = 0; r < 6; ++r) rest.push_back(make_card(r, 0, 0, true));  // AC..6C
    for (int r = 0; r < 7; ++r) rest.push_back(make_card(r, 1, 0, true));  // AD..7D
    rest.push_back(make_card(8, 1));
    State s(rules);
    s.set_piles({{}, {}, {make_card(8, 0), make_card(7, 0), make_card(6, 0)}, {make_card(7, 1)}, rest}, 0);
    const Move seven{2, 3, 1, 0};  // 7C onto 8D: 8C is uncovered
    MoveList before;
    s.solver_moves(before);
    bool offered = false;
    for (int i = 0; i < before.size; ++i) offered |= before.moves[i] == seven;
    CHECK(offered);
    Undo u;
    s.make_macro(seven, u);
    CHECK(s.owed_pile(0) == 2 && s.owed_kind(0) == State::kUncovered && s.owed_pile(1) < 0);
    CHECK(!key_matches_fresh(s));
    MoveList after;
    s.solver_moves(after);
    std::set<std::string> next;
    for (int i = 0; i < after.size; ++i) next.insert(s.move_text(after.moves[i]));
    CHECK(next == std::set<std::string>{"t1-t3"});  // 8C onto 9D; not 7C back
    s.unmake_macro(seven, u);
    CHECK(s.owed_pile(0) < 0 && key_matches_fresh(s));
  }

  {
    // A smaller game with ghosts (cpp/ghost_relaxation.cpp), Klondike #54's shape: 7H on a
    // face-down 8S, 7C, 9H, QH and 5H; 6H on 2D and 4S; 7S on 5C and AH; the rest in the
    // stock. Keeping those eleven cards with 8C and 9D, the smaller game is lost; with the 4S
    // a ghost (up from the start), the 8S goes up and it is won.
    auto rules = std::make_shared<const Rules>(klondike_rules());
    auto down = [](int r, int suit) { return make_card(r, suit, 0, true); };
    State s(rules);
    s.set_piles(klondike_piles({{down(4, 2), down(11, 2), down(8, 2), down(6, 0), down(7, 1), make_card(6, 2)},
                                {down(3, 1), down(1, 3), make_card(5, 2)},
                                {down(0, 2), down(4, 0), make_card(6, 1)}}),
                -1);
    std::uint64_t kept = 0;
    for (int c : {make_card(4, 2), make_card(11, 2), make_card(8, 2), make_card(6, 0), make_card(7, 1),
                  make_card(6, 2), make_card(7, 0), make_card(8, 3), make_card(5, 2), make_card(6, 1),
                  make_card(3, 1)})
      kept |= std::uint64_t{1} << c;
    std::uint64_t positions = 0;
    CHECK(smaller_game_lost(s, kept, 10000, &positions) == 1 && positions < 100);
    CHECK(smaller_game_lost(s, kept & ~(std::uint64_t{1} << make_card(3, 1)), 10000, &positions) == 0);
    // Its key reads only the kept cards: the KD (a ghost) dealt into a pile of its own leaves
    // the same smaller game; the 6H (kept) moved onto the 7S makes another.
    State ghost_moved(rules), kept_moved(rules);
    ghost_moved.set_piles(klondike_piles({{down(4, 2), down(11, 2), down(8, 2), down(6, 0), down(7, 1), make_card(6, 2)},
                                          {down(3, 1), down(1, 3), make_card(5, 2)},
                                          {down(0, 2), down(4, 0), make_card(6, 1)},
                                          {make_card(12, 3)}}),
                          -1);
    kept_moved.set_piles(klondike_piles({{down(4, 2), down(11, 2), down(8, 2), down(6, 0), down(7, 1), make_card(6, 2)},
                                         {down(3, 1), make_card(1, 3)},
                                         {down(0, 2), down(4, 0), make_card(6, 1), make_card(5, 2)}}),
                         -1);
    std::uint64_t a, b, ga, gb, ka, kb;
    smaller_game_key(s, kept, a, b);
    smaller_game_key(ghost_moved, kept, ga, gb);
    smaller_game_key(kept_moved, kept, ka, kb);
    CHECK(a == ga && b == gb && (a != ka || b != kb));
    CHECK(smaller_game_lost(ghost_moved, kept, 10000, &positions) == 1);
  }

  {
    // Smaller games asked along a search (cpp/ghost_checks.cpp): 8C over a face-down 7C, 9H
    // and 9D can neither go up nor leave, so the tries from that pile prove the position lost,
    // after those from the first pile have failed; a position where the 7H has moved off the
    // QS onto the 8S is lost by the same kept cards, remembered and tried first.
    auto rules = std::make_shared<const Rules>(klondike_rules());
    auto down = [](int r, int suit) { return make_card(r, suit, 0, true); };
    State s(rules), moved(rules);
    s.set_piles(klondike_piles({{down(0, 0), down(11, 1), make_card(6, 2)},
                                {down(6, 0), down(8, 2), down(8, 3), make_card(7, 0)}}),
                -1);
    moved.set_piles(klondike_piles({{down(0, 0), make_card(11, 1)},
                                    {down(6, 0), down(8, 2), down(8, 3), make_card(7, 0)},
                                    {make_card(7, 1), make_card(6, 2)}}),
                    -1);
    GhostChecks checks;
    CHECK(!checks.lost(s) && checks.positions() == 0);  // not before the searches have gone a while
    for (std::uint64_t i = 0; i < GhostChecks::kDelay; ++i) checks.expanded();
    CHECK(checks.lost(s));
    const std::uint64_t first = checks.positions();
    CHECK(checks.lost(moved) && first > 1000 && checks.positions() - first < first / 100);
    // Asked again where no card turned up, the kept set's answer is known (the two positions
    // give it the same smaller game): no position played.
    const std::uint64_t second = checks.positions();
    CHECK(checks.lost_by_kept_sets(moved) && checks.lost_by_kept_sets(s) && checks.positions() == second);
    State alive(rules);  // the first pile alone, everything else in the stock: won
    alive.set_piles(klondike_piles({{down(0, 0), down(11, 1), make_card(6, 2)}}), -1);
    CHECK(!checks.lost(alive));
    // A longer delay (the solver's where the stock deals several cards) holds them back as long.
    GhostChecks late(3 * GhostChecks::kDelay);
    for (std::uint64_t i = 0; i < 3 * GhostChecks::kDelay - 1; ++i) late.expanded();
    CHECK(!late.lost(s) && late.positions() == 0);
    late.expanded();
    CHECK(late.lost(s));
  }

  {
    // Pinned cards (cpp/pinned_cards.cpp): 8C over 2H, 9H and 9D leaves only for its
    // foundation; 7H, waiting for 2H, must leave AC (up before 8C) and could lie only on 8S,
    // which could lie nowhere. On 5D instead, 7H could stay where it lies.
    auto rules = std::make_shared<const Rules>(klondike_rules());
    CHECK(rules->pins_prove_losses);
    const int c2H = make_card(1, 2, 0, true), c9H = make_card(8, 2, 0, true), c9D = make_card(8, 3, 0, true);
    const int c8C = make_card(7, 0), c7H = make_card(6, 2);
    State lost(rules), alive(rules);
    lost.set_piles(klondike_piles({{c2H, c9H, c9D, c8C}, {make_card(0, 0, 0, true), c7H}}), -1);
    alive.set_piles(klondike_piles({{c2H, c9H, c9D, c8C}, {make_card(4, 3, 0, true), c7H}}), -1);
    CHECK(lost.pinned_loss() && !alive.pinned_loss());
    int pile = -1, index = -1, unplaced = -1;
    CHECK(lost.pinned_reason(pile, index, unplaced) && pile == 4 && index == 3 && unplaced == face(c7H));
    CHECK(!alive.pinned_reason(pile, index, unplaced));
    SolveLimits limits;
    limits.max_positions = 1000;
    const SolveResult r = solve(lost, limits, nullptr);
    CHECK(r.verdict == Verdict::Unsolvable && r.positions == 0 && r.pinned.size() == 3);
    // The cache follows the piles: 7H moved from 5D onto 8C can never lie on 5D again, so
    // that position is lost; taken back, it is not.
    lost.set_pins_checked(true);
    MoveList moves;
    lost.solver_moves(moves);
    CHECK(moves.size == 0);
    const Move onto{5, 4, 1, 0};
    CHECK(alive.is_legal(onto));
    Undo u;
    alive.make(onto, u);
    CHECK(alive.pinned_loss());
    alive.unmake(onto, u);
    CHECK(!alive.pinned_loss());
  }

  {
    // Pinned pairs (cpp/pinned_pairs.cpp): TS on a face-down JD (over AC, 2H and 7C), TC on
    // JH. Each black Ten rests only on a red Jack, so whichever leaves its Jack first goes up:
    // the TC cannot (AC), and the TS only after the 7S, which strands the 6H (7C buried). With
    // the 7C in the stock the 6H could lie on it, and nothing is proved.
    auto rules = std::make_shared<const Rules>(klondike_rules());
    const int cAC = make_card(0, 0, 0, true), c2H = make_card(1, 2, 0, true), c7C = make_card(6, 0, 0, true);
    const int cJD = make_card(10, 3, 0, true), cTS = make_card(9, 1), cJH = make_card(10, 2), cTC = make_card(9, 0);
    const int c7S = make_card(6, 1), c6H = make_card(5, 2);
    State lost(rules), alive(rules);
    lost.set_piles(klondike_piles({{cAC, c2H, c7C, cJD, cTS}, {cJH, cTC}, {c7S, c6H}}), -1);
    alive.set_piles(klondike_piles({{cAC, c2H, cJD, cTS}, {cJH, cTC}, {c7S, c6H}}), -1);
    CHECK(!lost.pinned_loss() && !lost.crowded_loss() && lost.pinned_pair_loss());
    CHECK(!alive.pinned_pair_loss());
    State::PinnedPair why{};
    CHECK(lost.pinned_pair_reason(why) && !alive.pinned_pair_reason(why));
    CHECK(why.pile[0] == 4 && why.index[0] == 4 && why.blocker[0] == face(c6H) && !why.needed_up[0]);
    CHECK(why.pile[1] == 5 && why.index[1] == 1 && why.blocker[1] == face(cAC) && why.needed_up[1]);
    lost.set_pins_checked(true);
    MoveList moves;
    lost.solver_moves(moves);
    CHECK(moves.size == 0);
  }

  {
    // Crowded holders (cpp/crowded_holders.cpp): QD over 5H, AD and KS cannot go up, nor QH
    // above it; both need a black King, KS is under them and KC (in the stock) holds one.
    // With QH on 5C where it lies, only QD needs KC. Moving QH onto KC crowds it again.
    auto rules = std::make_shared<const Rules>(klondike_rules());
    const int c5H = make_card(4, 2, 0, true), cAD = make_card(0, 3, 0, true), cKS = make_card(12, 1, 0, true);
    const int cQD = make_card(11, 3), cQH = make_card(11, 2);
    State lost(rules), alive(rules);
    lost.set_piles(klondike_piles({{c5H, cAD, cKS, make_card(11, 3, 0, true), cQH}}), -1);
    alive.set_piles(klondike_piles({{c5H, cAD, cKS, cQD}, {make_card(4, 0, 0, true), cQH}, {make_card(12, 0)}}), -1);
    CHECK(!lost.pinned_loss() && lost.crowded_loss() && !alive.crowded_loss());
    int pile = -1, index = -1;
    std::uint64_t cards = 0, holders = 0;
    CHECK(lost.crowded_reason(pile, index, cards, holders) && pile == 4 && index == 3);
    CHECK(cards == (std::uint64_t{1} << face(cQD) | std::uint64_t{1} << face(cQH)));
    CHECK(holders == std::uint64_t{1} << face(make_card(12, 0)));
    SolveLimits limits;
    limits.max_positions = 1000;
    const SolveResult r = solve(lost, limits, nullptr);
    CHECK(r.verdict == Verdict::Unsolvable && r.positions == 0 && r.crowded.size() == 4 &&
          r.crowded_holders.size() == 1);
    const Move onto{5, 6, 1, 0};  // QH onto KC
    CHECK(alive.is_legal(onto));
    Undo u;
    alive.make(onto, u);
    CHECK(alive.crowded_loss());
    alive.unmake(onto, u);
    CHECK(!alive.crowded_loss());
  }

  {
    // Losses proved dealing one card at a time (cpp/single_deals.cpp), in Klondike with draw 3
    // and no takebacks: everything is home but the clubs from 9 up. With the stock dealing 9C,
    // TC, JC, then QC and KC, one card at a time wins; three at a time shows JC over 9C and TC,
    // for ever (a King alone can go down, and nothing on it): the search dealing one card gives
    // up, the game's own search proves the loss. With TC on 9C in t1, dealing one card at a
    // time loses as well, which proves draw 3 lost.
    RuleSpec k = klondike_rules();
    k.deal_count = 3;
    k.groups[0].can_leave = false;
    auto rules = std::make_shared<const Rules>(k);
    CHECK(deals_several(*rules) && !deals_several(Rules(klondike_rules())));
    const int c9C = make_card(8, 0), cTC = make_card(9, 0), cJC = make_card(10, 0);
    std::vector<std::vector<int>> piles(13);
    for (int r = 0; r < 13; ++r) {
      if (r < 8) piles[0].push_back(make_card(r, 0));
      for (int suit = 1; suit < 4; ++suit) piles[suit].push_back(make_card(r, suit));
    }
    for (int r = 11; r < 13; ++r) piles[11].insert(piles[11].begin(), make_card(r, 0));
    auto with = [&](std::vector<int> t1, std::vector<int> stock) {
      auto p = piles;
      p[4] = std::move(t1);
      p[11].insert(p[11].end(), stock.begin(), stock.end());
      State s(rules);
      s.set_piles(p, -1);
      return s;
    };
    const State by_one = with({}, {cJC, cTC, c9C}), lost = with({c9C, cTC}, {cJC});
    MemoryBudget budget(0);
    CHECK(make_single_deal_search(by_one, false, budget)->run(1000, [] { return false; }, nullptr) ==
          SearchTask::Status::GaveUp);
    CHECK(make_single_deal_search(lost, false, budget)->run(1000, [] { return false; }, nullptr) ==
          SearchTask::Status::Exhausted);
    SolveLimits limits;
    limits.max_positions = 1000;
    limits.stuck_cards = false;
    const SolveResult r = solve(by_one, limits, nullptr);
    CHECK(r.verdict == Verdict::Unsolvable && !r.single_deals);
    RuleSpec d = k;
    d.deal_count = 1;
    State one_at_a_time(std::make_shared<const Rules>(d));
    one_at_a_time.set_piles(by_one.piles(), -1);
    CHECK(solve(one_at_a_time, limits, nullptr).verdict == Verdict::Solved);
  }

  if (failures) {
    std::printf("%d check(s) failed\n", failures);
    return EXIT_FAILURE;
  }
  std::printf("core_tests: all checks passed\n");
  return EXIT_SUCCESS;
}
