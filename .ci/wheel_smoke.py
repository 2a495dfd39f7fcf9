"""Smoke test of an installed solitaire-engine (a wheel), run from outside the source tree.

Used by .ci/run on the wheel it builds and by cibuildwheel's test-command (pyproject.toml)
on every wheel it builds. Needs only the package and its dependencies: no pytest, no tests/.
Exits non-zero (AssertionError) on any failure.
"""
import json
import os
import pickle
import subprocess
import sys
import sysconfig

import solitaire_engine as se

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the source tree


def check(cond: bool, what: str) -> None:
    if not cond:
        raise AssertionError(what)


def main() -> None:
    where = os.path.dirname(os.path.abspath(se.__file__))
    check(not where.startswith(os.path.join(HERE, "python") + os.sep),
          f"imported the source tree ({where}), not the installed package")
    print(f"solitaire_engine {se.__version__} from {where}")

    games = se.list_games()
    check({"deuces-and-queens", "aces-and-kings", "klondike", "trigon"} <= set(games), str(games))

    # Deal, play, undo: the C++ core's move generation and make/unmake.
    game = se.load_game("deuces-and-queens")
    s = game.deal(1)
    start_hash, start_json = s.hash, s.to_json()
    moves = s.legal_moves()
    check(len(moves) > 0, "no legal moves in deal #1")
    for m in moves:
        s.play(m)
        s.undo()
    check(s.hash == start_hash, "play/undo changed the position")
    played = s.play(moves[0])
    check(s.hash != start_hash and s.moves == [played], "play did not move")
    check(game.from_json(s.to_json()).hash == s.hash, "JSON snapshot round trip")
    check(pickle.loads(pickle.dumps(s)).hash == s.hash, "pickle round trip")
    s.undo()
    check(s.to_json() == start_json, "undo did not restore the snapshot")
    try:
        s.play("not-a-move")
    except se.IllegalMoveError:
        pass
    else:
        raise AssertionError("an illegal move was accepted")
    check(s.perft(2) > 0, "perft")

    # Solve a small deal and replay the line to a win.
    t = se.load_game("trigon").deal(1)
    r = t.solve(max_positions=100_000)
    check(r.status == "solved" and r.moves, f"trigon #1: {r.status}")
    for m in r.moves:
        t.play(m)
    check(t.is_won(), "the solver's line does not win")
    print(f"trigon #1 solved in {len(r.moves)} moves ({r.positions} positions)")

    # The console script, and the module form of it.
    scripts = sysconfig.get_path("scripts")
    exe = os.path.join(scripts, "solitaire" + (".exe" if os.name == "nt" else ""))
    check(os.path.exists(exe), f"no 'solitaire' command at {exe}")
    shown = subprocess.run([exe, "show", "deuces-and-queens", "1"], check=True,
                           capture_output=True, text=True).stdout
    check("Deuces and Queens" in shown or "f1" in shown, shown)
    out = subprocess.run([sys.executable, "-m", "solitaire_engine", "solve", "trigon", "1",
                          "--json"], check=True, capture_output=True, text=True).stdout
    check(json.loads(out)["status"] == "solved", out)
    print("wheel smoke test passed")


if __name__ == "__main__":
    main()
