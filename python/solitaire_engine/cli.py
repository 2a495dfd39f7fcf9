"""The ``solitaire`` command: ``solitaire show aces-and-kings 1``, ``solitaire games``, ..."""
from __future__ import annotations

import argparse
import sys
import time
from typing import Optional, Sequence

from .errors import SolitaireError
from .game import list_games, load_game


def _options(pairs: Sequence[str]) -> dict:
    out = {}
    for p in pairs:
        if "=" not in p:
            raise SolitaireError(f"an option is written NAME=VALUE, got {p!r}")
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _game(args):
    return load_game(args.game, **_options(args.option))


def cmd_games(args) -> int:
    from .games import lookup

    for name in list_games():
        info = lookup(name)
        opts = ", ".join(f"{o.name}={'|'.join(map(str, o.choices))}" for o in info.options)
        print(f"{name:<20} {info.title} (PySolFC #{info.pysol_id}){'  options: ' + opts if opts else ''}")
    return 0


def cmd_show(args) -> int:
    state = _game(args).deal(args.number)
    for m in args.moves:
        state.play(m)
    print(state.to_json() if args.json else state)
    return 0


def cmd_moves(args) -> int:
    state = _game(args).deal(args.number)
    for m in args.moves:
        state.play(m)
    print(" ".join(str(m) for m in state.legal_moves()))
    return 0


def cmd_perft(args) -> int:
    state = _game(args).deal(args.number)
    for d in range(1, args.depth + 1):
        t = time.perf_counter()
        n = state.perft(d)
        dt = time.perf_counter() - t
        print(f"depth {d}: {n} ({n / dt / 1e6:.1f} M nodes/s)" if dt > 0 else f"depth {d}: {n}")
    return 0


def cmd_playout(args) -> int:
    state = _game(args).deal(args.number)
    t = time.perf_counter()
    games, steps, wins = state._core.random_playouts(args.playouts, args.max_steps, args.seed)
    dt = time.perf_counter() - t
    print(f"{games} random playouts, {steps} moves, {wins} won; {steps / dt / 1e6:.2f} M moves/s")
    return 0


def _numbers(text: str) -> list[int]:
    """"1-100", "7", "1,5,9-12" -> game numbers."""
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.strip().partition("-")
        try:
            lo, hi = int(a), int(b or a)
        except ValueError:
            raise SolitaireError(f"deals are written like 1-1000 or 3,7,9-12; got {text!r}") from None
        if hi < lo or hi - lo > 10**7:
            raise SolitaireError(f"bad range of deals {part!r}")
        out.extend(range(lo, hi + 1))
    return out


def cmd_solve(args) -> int:
    state = _game(args).deal(args.number)
    r = state.solve(max_positions=args.max_positions)
    if args.json:
        import json

        print(json.dumps({"status": r.status, "moves": [str(m) for m in r.moves],
                          "positions": r.positions, "seconds": round(r.seconds, 3)}))
        return 0
    print(f"{r.status} ({r.positions:,} positions, {r.seconds:.2f}s)")
    if r.solved:
        print(" ".join(str(m) for m in r.moves))
    return 0


def cmd_winnability(args) -> int:
    from .solving import winnability

    game = _game(args)

    def show(n, r):
        if args.verbose:
            print(f"#{n}: {r.status} ({r.positions:,} positions, {r.seconds:.2f}s)", flush=True)

    print(winnability(game, _numbers(args.deals), args.max_positions, args.workers, show))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="solitaire", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games and their options").set_defaults(func=cmd_games)

    def game_cmd(name, func, help_):
        sp = sub.add_parser(name, help=help_)
        sp.add_argument("game", help="game name (see 'solitaire games')")
        sp.add_argument("number", help="PySolFC game number, 1 <= n < 10**20")
        sp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
        sp.set_defaults(func=func)
        return sp

    sp = game_cmd("show", cmd_show, "show a deal (after optional moves)")
    sp.add_argument("moves", nargs="*", help="moves to play first, e.g. r2-f5")
    sp.add_argument("--json", action="store_true", help="print the position snapshot as JSON")
    sp = game_cmd("moves", cmd_moves, "list the legal moves of a deal (after optional moves)")
    sp.add_argument("moves", nargs="*")
    sp = game_cmd("perft", cmd_perft, "count move sequences to each depth")
    sp.add_argument("depth", type=int)
    sp = game_cmd("solve", cmd_solve, "solve a deal: a winning line, a proof there is none, or unknown")
    sp.add_argument("--max-positions", type=int, default=2_000_000)
    sp.add_argument("--json", action="store_true", help="print the result as JSON")
    sp = sub.add_parser("winnability", help="solve many deals; win rate with a 95%% interval")
    sp.add_argument("game")
    sp.add_argument("--deals", default="1-100", help="game numbers, e.g. 1-1000 or 3,7,9-12")
    sp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    sp.add_argument("--max-positions", type=int, default=200_000)
    sp.add_argument("--workers", type=int, default=2, help="threads (the solver runs without the GIL)")
    sp.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    sp.set_defaults(func=cmd_winnability)
    sp = game_cmd("playout", cmd_playout, "random playouts from the deal, timed")
    sp.add_argument("--playouts", type=int, default=1000)
    sp.add_argument("--max-steps", type=int, default=1000)
    sp.add_argument("--seed", type=int, default=1)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except SolitaireError as e:
        print(f"solitaire: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("solitaire: interrupted", file=sys.stderr)
        return 130
