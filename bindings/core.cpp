// pybind11 bindings: the private `solitaire_engine._core` module. Everything public is
// written in Python on top of this; here we only convert and release the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bots.hpp"
#include "ghost_relaxation.hpp"
#include "long_calls.hpp"
#include "search.hpp"
#include "solver.hpp"
#include "state.hpp"

namespace py = pybind11;
using namespace sol;
using solpy::CancelToken;
using solpy::run_long;

namespace {

template <class T>
T take(const py::dict& d, const char* key, T fallback) {
  if (!d.contains(key)) return fallback;
  try {
    return d[key].cast<T>();
  } catch (const py::cast_error&) {
    throw py::value_error(std::string("rule table: bad value for '") + key + "'");
  }
}

template <class E>
E pick(const py::dict& d, const char* key, const std::vector<std::pair<const char*, E>>& names,
       E fallback) {
  if (!d.contains(key)) return fallback;
  const std::string v = take<std::string>(d, key, "");
  for (const auto& [n, e] : names)
    if (v == n) return e;
  throw py::value_error(std::string("rule table: unknown ") + key + " '" + v + "'");
}

GroupSpec group_from(const py::dict& d) {
  GroupSpec g;
  g.kind = pick<Kind>(d, "kind",
                      {{"foundation", Kind::Foundation}, {"tableau", Kind::Tableau},
                       {"reserve", Kind::Reserve}, {"stock", Kind::Stock},
                       {"waste", Kind::Waste}},
                      Kind::Tableau);
  g.count = take<int>(d, "count", 1);
  g.owner = take<int>(d, "owner", -1);
  const auto build = take<std::vector<int>>(d, "build", std::vector<int>(kRanks, 0));
  if (build.size() != kRanks) throw py::value_error("rule table: build needs 13 rank masks");
  for (int r = 0; r < kRanks; ++r) {
    if (build[r] < 0 || build[r] >= (1 << kRanks))
      throw py::value_error("rule table: a build mask is not a set of ranks");
    g.build[r] = static_cast<std::uint16_t>(build[r]);
  }
  g.suit = pick<SuitRule>(d, "suit",
                          {{"any", SuitRule::Any}, {"same", SuitRule::Same},
                           {"alternate", SuitRule::AlternateColour}},
                          SuitRule::Any);
  const int empty = take<int>(d, "empty_ranks", 0);
  if (empty < 0 || empty >= (1 << kRanks))
    throw py::value_error("rule table: empty_ranks is not a set of ranks");
  g.empty_ranks = static_cast<std::uint16_t>(empty);
  g.pile_suits = take<std::vector<int>>(d, "pile_suits", {});
  for (int s : g.pile_suits)
    if (s < -1 || s >= kSuits) throw py::value_error("rule table: pile suit out of range");
  g.max_cards = take<int>(d, "max_cards", 0);
  g.runs = take<bool>(d, "runs", false);
  g.can_leave = take<bool>(d, "can_leave", true);
  g.fill = pick<Fill>(d, "fill",
                      {{"none", Fill::None}, {"stock", Fill::Stock},
                       {"waste_then_stock", Fill::WasteThenStock}},
                      Fill::None);
  return g;
}

std::shared_ptr<const Rules> compile_rules(const py::dict& d) {
  RuleSpec s;
  s.name = take<std::string>(d, "name", "");
  for (auto item : take<py::list>(d, "groups", py::list())) {
    if (!py::isinstance<py::dict>(item)) throw py::value_error("rule table: a group is not a dict");
    s.groups.push_back(group_from(item.cast<py::dict>()));
  }
  s.deal_count = take<int>(d, "deal_count", 1);
  s.redeals = take<int>(d, "redeals", 0);
  const auto counts = take<std::vector<int>>(d, "card_counts", {});
  if (counts.size() != 128) throw py::value_error("rule table: card_counts needs 128 entries");
  for (int c = 0; c < 128; ++c) {
    if (counts[c] < 0 || counts[c] > 8) throw py::value_error("rule table: bad card count");
    s.card_counts[c] = static_cast<std::uint8_t>(counts[c]);
  }
  s.win = pick<WinTest>(d, "win",
                        {{"foundation_cards", WinTest::FoundationCards},
                         {"tableau_empty", WinTest::TableauEmpty}},
                        WinTest::FoundationCards);
  s.win_foundation_cards = take<int>(d, "win_foundation_cards", 0);
  s.win_needs_empty_stock = take<bool>(d, "win_needs_empty_stock", false);
  s.draw_only_when_stuck = take<bool>(d, "draw_only_when_stuck", false);
  try {
    return std::make_shared<const Rules>(s);
  } catch (const std::invalid_argument& e) {
    throw py::value_error(std::string("rule table: ") + e.what());
  }
}

// The Python-facing position: a State plus the history `undo` walks back.
struct PyState {
  State state;
  std::vector<std::pair<Move, Undo>> history;
  explicit PyState(std::shared_ptr<const Rules> r) : state(std::move(r)) {}
};

// Codes the Python side may hand us: three bytes, at least one card. from_code() keeps
// only the low bytes, so anything else would alias a different move.
bool is_move_code(std::uint32_t code) { return code >> 24 == 0 && (code >> 16) != 0; }

std::vector<std::uint32_t> legal_codes(const State& s) {
  MoveList list;
  s.generate(list);
  std::vector<std::uint32_t> out(static_cast<std::size_t>(list.size));
  for (int i = 0; i < list.size; ++i) out[i] = list.moves[i].code();
  return out;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "solitaire-engine's C++ core (private; use the solitaire_engine package)";
  solpy::register_long_calls(m);

  py::class_<Rules, std::shared_ptr<Rules>>(m, "Rules")
      .def(py::init([](const py::dict& d) {
             return std::const_pointer_cast<Rules>(compile_rules(d));
           }),
           py::arg("table"))
      .def_property_readonly("piles", [](const Rules& r) { return r.piles; })
      .def_property_readonly("total_cards", [](const Rules& r) { return r.total_cards; })
      .def_property_readonly("players", [](const Rules& r) { return r.players; })
      .def("pile_name", [](const Rules& r, int p) {
        if (p < 0 || p >= r.piles) throw py::index_error("no such pile");
        return r.pile_name(p);
      })
      .def("pile_index", &Rules::pile_by_name);

  py::class_<PyState>(m, "State")
      .def(py::init([](std::shared_ptr<Rules> r) {
             if (!r) throw py::type_error("State needs a Rules");
             return std::make_unique<PyState>(std::const_pointer_cast<const Rules>(r));
           }),
           py::arg("rules"))
      .def("set_piles",
           [](PyState& self, const std::vector<std::vector<int>>& piles, int redeals_left) {
             try {
               self.state.set_piles(piles, redeals_left);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
             self.history.clear();
           })
      .def("piles", [](const PyState& self) { return self.state.piles(); })
      .def_property_readonly("redeals_left", [](const PyState& s) { return s.state.redeals_left(); })
      .def_property_readonly("hash", [](const PyState& s) { return s.state.hash(); })
      .def_property_readonly("ply", [](const PyState& s) { return s.history.size(); })
      .def("legal_moves", [](const PyState& s) { return legal_codes(s.state); })
      .def("play",
           [](PyState& self, std::uint32_t code) {
             if (!is_move_code(code)) return false;
             const Move mv = Move::from_code(code);
             if (!self.state.is_legal(mv)) return false;
             Undo u;
             self.state.make(mv, u);
             self.history.emplace_back(mv, u);
             return true;
           })
      .def("undo",
           [](PyState& self) {
             if (self.history.empty()) return false;
             const auto [mv, u] = self.history.back();
             self.state.unmake(mv, u);
             self.history.pop_back();
             return true;
           })
      .def("history", [](const PyState& self) {
        std::vector<std::uint32_t> out;
        for (const auto& h : self.history) out.push_back(h.first.code());
        return out;
      })
      .def("move_text", [](const PyState& self, std::uint32_t code) {
        const Move mv = Move::from_code(code);
        const int piles = self.state.rules().piles;
        const bool pass = mv.src == kPass && mv.dst == kPass && self.state.rules().players == 2;
        if (!is_move_code(code) || (!pass && (mv.src >= piles || mv.dst >= piles)))
          throw py::value_error("not a move of this game");
        return self.state.move_text(mv);
      })
      .def("pick_move",
           [](const PyState& self, std::uint32_t u) -> py::object {
             Move m;
             if (!self.state.pick_move(u, m)) return py::none();
             return py::int_(m.code());
           },
           py::arg("u"))
      .def("safe_move",
           [](const PyState& self) -> py::object {
             Move m;  // (move code, waste size to deal round to first, or 0), as solver_moves
             if (!self.state.safe_move(m)) return py::none();
             return py::make_tuple(m.code(), m.pad);
           })
      .def("stuck_cards",
           // State::never_won: None when the relaxed game proves nothing, else the cards
           // that can never move, as (pile, index from the bottom).
           [](const PyState& self) -> py::object {
             std::vector<std::pair<int, int>> stuck;
             if (!self.state.never_won(&stuck)) return py::none();
             return py::cast(stuck);  // a list of (pile, index) tuples
           })
      .def("pinned_loss",
           // State::pinned_loss: whether a card that can leave only for its foundation
           // proves the position lost (False in games where the test does not apply).
           [](const PyState& self) { return self.state.rules().pins_prove_losses && self.state.pinned_loss(); })
      .def("crowded_loss",
           // State::crowded_loss: whether cards that cannot go up while a card lies in its pile
           // are too many for the cards they could lie on (False where the test does not apply).
           [](const PyState& self) { return self.state.rules().pins_prove_losses && self.state.crowded_loss(); })
      .def("pinned_pair_loss",
           // State::pinned_pair_loss: whether two cards in two piles, each resting only under
           // one of them, prove the position lost (False where the test does not apply).
           [](const PyState& self) { return self.state.rules().pins_prove_losses && self.state.pinned_pair_loss(); })
      .def("ghost_loss",
           // ghost_relaxation_loss: the faces of a smaller game that cannot be won (the rest
           // its ghosts), or None; and the smaller games' positions, all tries together.
           // Bounded, so that it needs no Ctrl-C: a few seconds at most.
           [](const PyState& self, int max_kept, std::uint64_t try_positions, std::uint64_t budget) {
             if (max_kept < 1 || max_kept > 64) throw py::value_error("max_kept must be 1..64");
             if (try_positions < 1 || budget > 10'000'000)
               throw py::value_error("try_positions must be >= 1 and budget at most 10,000,000");
             GhostProof proof;
             const bool lost = ghost_relaxation_loss(self.state, &proof, max_kept, try_positions, budget);
             std::vector<int> kept;
             for (std::uint64_t m = proof.kept; m; m &= m - 1) kept.push_back(ctz64(m));
             return py::make_tuple(lost ? py::cast(kept) : py::none(), proof.positions);
           },
           py::arg("max_kept") = 30, py::arg("try_positions") = 5000, py::arg("budget") = 400000)
      .def("smaller_game_lost",
           // smaller_game_lost: the smaller game keeping the faces of `kept` (a mask) is lost
           // (True), won (False) or more than `cap` positions (None); and its positions.
           [](const PyState& self, std::uint64_t kept, std::uint64_t cap) {
             if (!self.state.rules().pins_prove_losses) throw py::value_error("this game has no smaller games");
             if (kept & ~self.state.rules().pinned_faces) throw py::value_error("kept names a card not in play");
             if (cap > 10'000'000) throw py::value_error("cap must be at most 10,000,000");
             std::uint64_t positions = 0;
             const int r = smaller_game_lost(self.state, kept, cap, &positions);
             return py::make_tuple(r < 0 ? py::none() : py::cast(r == 1), positions);
           },
           py::arg("kept"), py::arg("cap") = 100000)
      .def("set_cards_wait_for_use",
           // As the solver's depth-first searches play (State::set_cards_wait_for_use),
           // for solver_moves() and solver_moves_after(); solve() decides for itself.
           [](PyState& self, bool on) { self.state.set_cards_wait_for_use(on); }, py::arg("on"))
      .def("solver_moves",
           [](const PyState& self) {
             MoveList list;
             self.state.solver_moves(list);
             py::list out;  // (move code, waste size to deal round to first, or 0)
             for (int i = 0; i < list.size; ++i)
               out.append(py::make_tuple(list.moves[i].code(), list.moves[i].pad));
             return out;
           })
      .def("solver_moves_after",
           [](const PyState& self, const std::vector<std::pair<std::uint32_t, int>>& line) {
             // What the solver tries after a line of its own moves: (the moves owed, as (pile
             // name, "held" for a talon card, "uncovered", "taken back" or "emptied"); the
             // moves as solver_moves lists them). The position itself is left alone.
             State s = self.state;
             MoveList list;
             s.solver_moves(list);
             for (const auto& [code, pad] : line) {
               Move m = Move::from_code(code);
               m.pad = static_cast<std::uint8_t>(pad);
               bool listed = false;
               for (int i = 0; i < list.size; ++i) listed |= list.moves[i].code() == code && list.moves[i].pad == pad;
               if (!listed) throw py::value_error("not one of solver_moves() at its step");
               Undo u;
               s.make_macro(m, u);
               s.solver_moves(list);
             }
             py::list owed, out;
             static const char* const kinds[] = {"", "held", "uncovered", "taken back", "emptied"};
             for (int i = 0; i < 2 && s.owed_pile(i) >= 0; ++i)
               owed.append(py::make_tuple(s.rules().pile_name(s.owed_pile(i)), kinds[s.owed_kind(i)]));
             for (int i = 0; i < list.size; ++i)
               out.append(py::make_tuple(list.moves[i].code(), list.moves[i].pad));
             return py::make_tuple(owed, out);
           },
           py::arg("line"))
      .def("start_pairing",
           // As solve() starts (State::start_pairing): None where the pairing stays off, else
           // the plain moves (codes) that joined this position's pairs. From then on, for
           // solver_moves() and solver_key_after() only. The move history is dropped: an
           // undo of a move made before the joining could take a card off a pile emptied.
           [](PyState& self) -> py::object {
             std::vector<Move> joining;
             if (!self.state.start_pairing(joining)) return py::none();
             self.history.clear();
             py::list out;
             for (const Move& m : joining) out.append(m.code());
             return out;
           })
      .def("solver_key_after",
           // The solver's key after one of solver_moves() (code, pad); the position is left alone.
           [](const PyState& self, std::uint32_t code, int pad) {
             MoveList list;
             self.state.solver_moves(list);
             bool listed = false;
             for (int i = 0; i < list.size; ++i) listed |= list.moves[i].code() == code && list.moves[i].pad == pad;
             if (!listed) throw py::value_error("not one of solver_moves()");
             State s = self.state;
             Move m = Move::from_code(code);
             m.pad = static_cast<std::uint8_t>(pad);
             Undo u;
             s.make_macro(m, u);
             std::uint64_t a, b;
             s.solver_key(a, b);
             return py::make_tuple(a, b);
           },
           py::arg("code"), py::arg("pad"))
      .def("solver_key",
           [](const PyState& self) {
             std::uint64_t a, b;
             self.state.solver_key(a, b);
             return py::make_tuple(a, b);
           })
      .def("is_won", [](const PyState& s) { return s.state.is_won(); })
      .def_property_readonly("to_move", [](const PyState& s) { return s.state.to_move(); })
      .def("winner", [](const PyState& s) { return s.state.winner(); })
      .def("blocked", [](const PyState& s) { return s.state.blocked(); })
      .def("game_over", [](const PyState& s) { return s.state.game_over(); })
      .def("home", [](const PyState& s, int player) {
        if (player < 0 || player >= s.state.rules().players) throw py::index_error("no such player");
        return s.state.home(player);
      })
      .def("bot_moves",
           [](const PyState& self, const std::string& bot, std::uint64_t seed, int playouts) {
             // The moves the bot plays next: one, or the search bot's plan for its turn.
             const State& s = self.state;
             if (s.rules().players != 2) throw py::value_error("bots play two-player games");
             if (playouts < 1 || playouts > 10'000'000) throw py::value_error("playouts must be 1 to 10,000,000");
             std::vector<std::uint32_t> out;
             if (s.game_over()) return out;
             std::vector<Move> moves;
             if (bot == "random") {
               moves.push_back(random_bot_move(s, seed));
             } else if (bot == "greedy") {
               moves.push_back(greedy_bot_move(s));
             } else if (bot == "search") {
               const State copy = s;  // other threads may play on self meanwhile
               py::gil_scoped_release free;
               moves = search_bot_plan(copy, seed, playouts);
             } else {
               throw py::value_error("no such bot: " + bot);
             }
             for (const Move& m : moves) out.push_back(m.code());
             return out;
           },
           py::arg("bot"), py::arg("seed") = 0, py::arg("playouts") = 1000)
      .def("greedy_evaluation", [](const PyState& s, int player) {
        if (s.state.rules().players != 2 || player < 0 || player > 1) throw py::value_error("no such player");
        return greedy_evaluation(s.state, player);
      })
      .def("turn_counters", [](const PyState& s) {
        const State& t = s.state;
        return py::make_tuple(t.quiet_plies(), py::make_tuple(t.quiet_turns(0), t.quiet_turns(1)),
                              py::make_tuple(t.redeals_done(0), t.redeals_done(1)));
      })
      .def("set_turn",
           [](PyState& self, int to_move, int quiet_plies, std::pair<int, int> quiet_turns,
              std::pair<int, int> redeals_done) {
             try {
               self.state.set_turn(to_move, quiet_plies, quiet_turns.first, quiet_turns.second,
                                   redeals_done.first, redeals_done.second);
             } catch (const std::invalid_argument& e) {
               throw py::value_error(e.what());
             }
             self.history.clear();
           })
      .def("is_over", [](const PyState& s) { return legal_codes(s.state).empty(); })
      .def("foundation_cards", [](const PyState& s) { return s.state.foundation_cards(); })
      .def("copy", [](const PyState& s) { return PyState(s); })
      .def("perft",
           [](const PyState& self, int depth, std::shared_ptr<CancelToken> cancel) {
             if (depth < 0 || depth > 32) throw py::value_error("perft depth must be 0..32");
             State work = self.state;
             return run_long(cancel, [&](const StopPoll& poll) { return perft(work, depth, poll); });
           },
           py::arg("depth"), py::arg("cancel") = nullptr)
      .def("random_playouts",
           [](const PyState& self, std::uint64_t playouts, int max_steps, std::uint64_t seed,
              std::shared_ptr<CancelToken> cancel) {
             if (max_steps < 0) throw py::value_error("max_steps must be >= 0");
             const State start = self.state;  // a copy: other threads may play meanwhile
             const PlayoutStats st = run_long(cancel, [&](const StopPoll& poll) {
               return random_playouts(start, playouts, max_steps, seed, poll);
             });
             return py::make_tuple(st.playouts, st.steps, st.wins);
           },
           py::arg("playouts"), py::arg("max_steps"), py::arg("seed"),
           py::arg("cancel") = nullptr)
      .def("solve",
           [](const PyState& self, std::uint64_t max_positions, double seconds,
              std::uint64_t memory_bytes, std::shared_ptr<CancelToken> cancel, bool stuck_cards) {
             // 0 means "no limit" for each; the Python layer checks ranges and units.
             if (!(seconds >= 0)) throw py::value_error("seconds must be >= 0");
             if (self.state.rules().players != 1)
               throw py::value_error("the solver is for one-player games");
             const State start = self.state;
             SolveLimits limits;
             limits.max_positions = max_positions;
             limits.seconds = seconds;
             limits.memory_bytes = static_cast<std::size_t>(memory_bytes);
             limits.stuck_cards = stuck_cards;
             const SolveResult r = run_long(cancel,
                 [&](const StopPoll& poll) { return solve(start, limits, poll); });
             std::vector<std::uint32_t> line;
             for (const Move& m : r.line) line.push_back(m.code());
             const char* verdict = r.verdict == Verdict::Solved       ? "solved"
                                   : r.verdict == Verdict::Unsolvable ? "unsolvable"
                                                                      : "unknown";
             const char* limit = r.stopped_by == Limit::Positions ? "positions"
                                 : r.stopped_by == Limit::Time    ? "time"
                                 : r.stopped_by == Limit::Memory  ? "memory"
                                                                  : "";
             py::dict out;
             out["status"] = verdict;
             out["line"] = line;
             out["positions"] = r.positions;
             out["moves_tried"] = r.moves_tried;
             out["seconds"] = r.seconds;
             out["peak_table_bytes"] = r.peak_table_bytes;
             out["stopped_by"] = limit;
             out["stuck"] = r.stuck;
             out["pinned"] = r.pinned;
             out["crowded"] = r.crowded;
             out["crowded_holders"] = r.crowded_holders;
             out["pinned_pair"] = r.pinned_pair;
             out["single_deals"] = r.single_deals;
             out["smaller_game"] = r.smaller_game;
             return out;
           },
           py::arg("max_positions") = 0, py::arg("seconds") = 0.0, py::arg("memory_bytes") = 0,
           py::arg("cancel") = nullptr, py::arg("stuck_cards") = true)
      .def("generate_repeatedly",
           [](const PyState& self, std::uint64_t times, std::shared_ptr<CancelToken> cancel) {
             const State s = self.state;
             return run_long(cancel,
                 [&](const StopPoll& poll) { return generate_repeatedly(s, times, poll); });
           },
           py::arg("times"), py::arg("cancel") = nullptr);
}
