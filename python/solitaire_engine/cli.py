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
