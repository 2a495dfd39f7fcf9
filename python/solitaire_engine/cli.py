"""The ``solitaire`` command line: see ``solitaire --help``.

Errors a user can make (a bad option, an unknown game, an illegal move, a number out of
range) end as one line ``solitaire: error: ...`` on stderr and exit status 2; Ctrl-C ends
with ``solitaire: interrupted`` and status 130; output into a pipe whose reader has gone
(``solitaire ... | head``) stops quietly with status 141, as if killed by SIGPIPE.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Optional, Sequence

from . import __version__
from .dealing import parse_game_number
from .errors import SolitaireError
from .game import list_games, load_game
from .state import MAX_PERFT_DEPTH
from .solving import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_MEMORY_MB,
    DEFAULT_TIME_LIMIT,
    MAX_MEMORY_MB,
    MAX_POSITIONS_LIMIT,
    MAX_TIME_LIMIT,
    MAX_WORKERS,
    SolveResult,
    winnability,
)

if TYPE_CHECKING:
    from .game import Game
    from .state import State

# Bounds of the numeric options. The upper bounds keep a typo from starting a run that
# could never finish, and keep every value inside what the core's arguments can hold.
MAX_PLAYOUTS = 10**9
MAX_STEPS = 10**6
MAX_SEED = 2**64 - 1

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
EXIT_PIPE_CLOSED = 141  # 128 + SIGPIPE, what shells report for a writer whose reader left


def _whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type=`` that accepts whole numbers from ``lo`` to ``hi``."""

    def parse(text: str) -> int:
        # ASCII digits only: int() would also take "1_000" and other scripts' digits, and
        # it refuses more than 4300 digits with a ValueError of its own.
        digits = text.strip()
        body = digits[1:] if digits[:1] == "-" else digits
        quoted = repr(text if len(text) <= 30 else text[:27] + "...")
        if not body.isascii() or not body.isdigit():
            raise argparse.ArgumentTypeError(f"must be a whole number from {lo:,} to {hi:,}, got {quoted}")
        if len(body.lstrip("0")) > len(str(hi)) or not lo <= int(digits) <= hi:
            raise argparse.ArgumentTypeError(f"must be from {lo:,} to {hi:,}, got {quoted}")
        return int(digits)

    parse.__name__ = "whole number"  # argparse names the type in some of its messages
    return parse


def _seconds(text: str) -> float:
    """An argparse ``type=`` for a time limit: seconds, more than 0, at most MAX_TIME_LIMIT."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_TIME_LIMIT:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"must be seconds, more than 0 and at most {MAX_TIME_LIMIT:,.0f}, "
                                         f"got {text[:30]!r}")
    return value


def _or_none(parse: Callable[[str], object]) -> Callable[[str], object]:
    """``parse``, but "none" means no such limit (None), as in the Python API."""

    def parse_limit(text: str) -> object:
        return None if text.strip().lower() == "none" else parse(text)

    parse_limit.__name__ = "limit"
    return parse_limit


def _as_text(default: object) -> str:
    """A default as argparse should get it: it runs a str default through the option's
    ``type=`` and shows the str itself in --help, where "none" reads better than "None"."""
    return "none" if default is None else str(default)


def _game_number(text: str) -> int:
    """An argparse ``type=`` for a game number ("5" or PySolFC's "#5")."""
    try:
        return parse_game_number(text)
    except SolitaireError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _options(pairs: Sequence[str]) -> dict[str, str]:
    """``["draw=3"]`` -> ``{"draw": "3"}``; the game itself checks names and values."""
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            raise SolitaireError(f"an option is written NAME=VALUE, got {p!r}")
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _game(args: argparse.Namespace) -> Game:
    """The game named on the command line, with its ``-o`` options."""
    return load_game(args.game, **_options(args.option))


def _deal_after(args: argparse.Namespace) -> State:
    """The deal named on the command line, after the moves listed there."""
    state = _game(args).deal(args.number)
    for m in args.moves:
        state.play(m)
    return state


def cmd_games(args: argparse.Namespace) -> int:
    """``solitaire games``: one line per game, with its options and their choices."""
    from .games import lookup

    for name in list_games():
        info = lookup(name)
        opts = ", ".join(f"{o.name}={'|'.join(map(str, o.choices))}" for o in info.options)
        origin = f"PySolFC #{info.pysol_id}" if info.pysol_id else "not in PySolFC"
        print(f"{name:<20} {info.title} ({origin}){'  options: ' + opts if opts else ''}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """``solitaire show``: the board as text, or its JSON snapshot."""
    state = _deal_after(args)
    print(state.to_json() if args.json else state)
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """``solitaire moves``: the legal moves, space separated."""
    print(" ".join(str(m) for m in _deal_after(args).legal_moves()))
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    """``solitaire perft``: move sequences of each length up to the depth, with nodes/s."""
    state = _game(args).deal(args.number)
    for d in range(1, args.depth + 1):
        t = time.perf_counter()
        n = state.perft(d)
        dt = time.perf_counter() - t
        print(f"depth {d}: {n} ({n / dt / 1e6:.1f} M nodes/s)" if dt > 0 else f"depth {d}: {n}", flush=True)
    return 0


def cmd_playout(args: argparse.Namespace) -> int:
    """``solitaire playout``: uniformly random games from the deal, run and timed in C++."""
    state = _game(args).deal(args.number)
    t = time.perf_counter()
    games, steps, wins = state._core.random_playouts(args.playouts, args.max_steps, args.seed)
    dt = time.perf_counter() - t
    rate = f"; {steps / dt / 1e6:.2f} M moves/s" if dt > 0 else ""
    print(f"{games} random playouts, {steps} moves, {wins} won{rate}")
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


def _limits(args: argparse.Namespace) -> dict[str, Any]:
    """The solver limits given on the command line, as keyword arguments."""
    return {"time_limit": args.time_limit, "memory_mb": args.memory_mb, "max_positions": args.max_positions}


def _costs(r: SolveResult) -> str:
    """What a search cost, and which limit stopped it if one did."""
    stopped = f", stopped by the {r.stopped_by} limit" if r.stopped_by else ""
    return f"{r.positions:,} positions, {r.seconds:.2f}s, {r.peak_table_mb:.1f} MB of tables{stopped}"


def _numbered(moves: Sequence[object], per_line: int = 8) -> str:
    """Moves numbered from 1, several a line, so a long line can be followed by hand."""
    width = len(str(len(moves)))
    cells = [f"{i:>{width}}. {str(m):<9}" for i, m in enumerate(moves, 1)]
    return "\n".join("".join(cells[k:k + per_line]).rstrip() for k in range(0, len(cells), per_line))


def _and(cards: Sequence[str]) -> str:
    """'QD', 'QD and QH', 'QD, QH and QS'."""
    return cards[0] if len(cards) == 1 else f"{', '.join(cards[:-1])} and {cards[-1]}"


def cmd_solve(args: argparse.Namespace) -> int:
    """``solitaire solve``: the verdict, and the winning moves when there are some."""
    state = _game(args).deal(args.number)
    r = state.solve(**_limits(args))
    if args.json:
        print(json.dumps({"status": r.status, "moves": [str(m) for m in r.moves], "positions": r.positions,
                          "seconds": round(r.seconds, 3), "peak_table_mb": round(r.peak_table_mb, 1),
                          "stopped_by": r.stopped_by, "stuck": [list(c) for c in r.stuck],
                          "pinned": list(r.pinned) if r.pinned else None,
                          "crowded": ([r.crowded[0], r.crowded[1], list(r.crowded[2]), list(r.crowded[3])]
                                      if r.crowded else None),
                          "pinned_pair": [list(c) for c in r.pinned_pair] if r.pinned_pair else None,
                          "single_deals": r.single_deals, "smaller_game": list(r.smaller_game)}))
        return 0
    print(f"{r.status} ({_costs(r)})")
    if r.solved:
        print(_numbered(r.moves))
    if r.stuck:
        by_pile: dict[str, list[str]] = {}
        for pile, card in r.stuck:
            by_pile.setdefault(pile, []).append(card.lstrip("#"))
        for heading, in_talon in (("These cards can never move, so never reach a foundation:", False),
                                  ("These cards never leave the talon: dealt several at a time, they never "
                                   "come to the top of the waste, or have nowhere to go from there:", True)):
            piles = {pile: cards for pile, cards in by_pile.items() if (pile in ("s", "w")) == in_talon}
            if piles:
                print(heading)
            for pile, cards in piles.items():
                print(f"  {pile}: {' '.join(cards)}")
    if r.pinned:
        pile, card, unplaced = r.pinned
        print(f"The {card.lstrip('#')} in {pile} can leave only for its foundation (every card it could go on "
              f"lies under it); by then the {unplaced}, which must wait for it, could lie nowhere.")
    if r.crowded:
        pile, card, crowd, holders = r.crowded
        held = f"only the {_and(holders)} could hold them" if holders else "no card could hold them"
        print(f"The {card.lstrip('#')} in {pile} can never leave: until it does, the {_and(crowd)} cannot go up "
              f"and no empty pile takes them, so each would need a card of its own to lie on, and {held}.")
    if r.pinned_pair:
        (pile1, card1, _, _), (pile2, card2, _, _) = r.pinned_pair
        why = [f"the {card.lstrip('#')} could go up only after the {blocker}, which cannot be up by then" if needed_up
               else f"with the {card.lstrip('#')} up first, the {blocker}, which must wait, could lie nowhere"
               for _, card, blocker, needed_up in r.pinned_pair]
        print(f"The {card1.lstrip('#')} in {pile1} and the {card2.lstrip('#')} in {pile2} can each go only onto "
              "cards under one of the two, so whichever leaves first must go to its foundation. Neither can: "
              f"{why[0]}; {why[1]}.")
    if r.single_deals:
        print("Lost even if the stock dealt one card at a time: every line of this game is a line of that one, "
              "and the search went through every position of that game from here.")
    if r.smaller_game:
        print(f"Lost even in a smaller game keeping only the {_and(list(r.smaller_game))}, every other card a ghost "
              "that is always up, never in the way and always there to hold a card: every line of this game "
              "is a line of that one, and no line of that one wins.")
    return 0


def cmd_winnability(args: argparse.Namespace) -> int:
    """``solitaire winnability``: solves many deals and prints the counts and win rate."""
    game = _game(args)

    def show(n: int, r: SolveResult) -> None:
        if args.verbose:
            print(f"#{n}: {r.status} ({_costs(r)})", flush=True)

    print(winnability(game, _numbers(args.deals), workers=args.workers, on_result=show, **_limits(args)))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """``solitaire play``: a game at the terminal (python/solitaire_engine/play.py)."""
    from .match import _check_bot
    from .play import run

    game = _game(args)
    number = args.number if args.number is not None else random.randrange(1, 1_000_000)
    _check_bot(args.against)
    colour = sys.stdout.isatty() and not args.plain and "NO_COLOR" not in os.environ \
        and os.environ.get("TERM") != "dumb"
    return run(game, game.deal(number), input, sys.stdout, colour, bot=args.against, seat=args.seat - 1,
               seed=number)


def cmd_study(args: argparse.Namespace) -> int:
    """``solitaire study``: solves deals into a SQLite database; resumes where it stopped."""
    from .study import study

    game = _game(args)
    try:
        summary = study(game, _numbers(args.deals), args.db, jobs=args.jobs, progress=not args.quiet,
                        cluster=args.cluster, retry_unknown=args.retry_unknown, **_limits(args))
    except KeyboardInterrupt:
        print(f"solitaire: interrupted; the finished deals are kept in {args.db} "
              "(run the same command again to carry on)", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(summary)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    """``solitaire report``: the summary of a study database, as text, JSON or CSV."""
    from .study import report

    rows = report(args.db)
    if args.plot:
        from .plot import plot_study

        plot_study(args.db, args.plot)
    if args.json:
        print(json.dumps([r.to_dict() for r in rows], indent=2))
    elif args.csv:
        import csv

        fields = list(rows[0].to_dict()) if rows else ["game"]
        writer = csv.DictWriter(sys.stdout, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        for r in rows:
            d = r.to_dict()
            d["options"] = json.dumps(d["options"], sort_keys=True)
            writer.writerow(d)
    else:
        for r in rows:
            print(r)
        if not rows:
            print(f"{args.db}: no results yet")
    if args.plot:
        print(f"plot written to {args.plot}", file=sys.stderr)
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    """``solitaire match``: two bots play a two-player game over many deals, seats swapped."""
    from .match import play_match

    game = _game(args)
    print(play_match(game, args.bot_a, args.bot_b, deals=_numbers(args.deals), swap_seats=not args.no_swap,
                     seed=args.seed).report())
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but its errors are one line like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        # argparse would print the whole usage first; the pointer to --help replaces it.
        self.exit(EXIT_ERROR, f"solitaire: error: {message} (see '{self.prog} --help')\n")


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Shows each option's default, except where there is none worth showing."""

    def _get_help_string(self, action: argparse.Action) -> Optional[str]:
        default = action.default
        if default is None or default is False or default == [] or default is argparse.SUPPRESS:
            return action.help
        return super()._get_help_string(action)


DESCRIPTION = "Play, solve and measure the two-foundation family of patience games."
EPILOG = "'solitaire COMMAND --help' describes a command and its options."


def build_parser() -> argparse.ArgumentParser:
    """The ``solitaire`` argument parser, with one subcommand per ``cmd_*`` function."""
    p = _Parser(prog="solitaire", description=DESCRIPTION, epilog=EPILOG, formatter_class=_HelpFormatter)
    p.add_argument("--version", action="version", version=f"solitaire-engine {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, func: Callable[[argparse.Namespace], int], help_: str) -> argparse.ArgumentParser:
        sentence = help_[:1].upper() + help_[1:].replace("%%", "%") + "."
        sp = sub.add_parser(name, help=help_, description=sentence, formatter_class=_HelpFormatter)
        sp.set_defaults(func=func)
        return sp

    def game_args(sp: argparse.ArgumentParser, number: bool = True) -> None:
        sp.add_argument("game", help="game name (see 'solitaire games')")
        if number:
            sp.add_argument("number", type=_game_number, help="PySolFC game number, 1 <= n < 10**20")
        sp.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. -o draw=3 for klondike; may be repeated")

    def limits(sp: argparse.ArgumentParser) -> None:
        # The defaults are the Python API's own, so both answer the same for the same deal.
        sp.add_argument("--time", "--time-limit", dest="time_limit", type=_or_none(_seconds), default=_as_text(DEFAULT_TIME_LIMIT),
                        metavar="SECONDS",
                        help="give up on a deal (verdict 'unknown') after this long; 'none': no limit")
        sp.add_argument("--memory", "--memory-mb", dest="memory_mb", type=_or_none(_whole_number(1, MAX_MEMORY_MB)),
                        default=_as_text(DEFAULT_MEMORY_MB), metavar="MB",
                        help="... or when its position tables would outgrow this; 'none': no limit")
        sp.add_argument("--max-positions", type=_or_none(_whole_number(1, MAX_POSITIONS_LIMIT)),
                        default=_as_text(DEFAULT_MAX_POSITIONS), metavar="N",
                        help="... or after this many positions; 'none': no limit")

    command("games", cmd_games, "list the games and their options")

    sp = command("show", cmd_show, "show a deal (after optional moves)")
    game_args(sp)
    sp.add_argument("moves", nargs="*", help="moves to play first, e.g. r2-f5")
    sp.add_argument("--json", action="store_true", help="print the position snapshot as JSON")

    sp = command("moves", cmd_moves, "list the legal moves of a deal (after optional moves)")
    game_args(sp)
    sp.add_argument("moves", nargs="*", help="moves to play first, e.g. s-w")

    sp = command("perft", cmd_perft, "count move sequences to each depth")
    game_args(sp)
    sp.add_argument("depth", type=_whole_number(1, MAX_PERFT_DEPTH),
                    help=f"deepest sequence length counted, 1 to {MAX_PERFT_DEPTH}")

    sp = command("solve", cmd_solve, "solve a deal: a winning line, a proof there is none, or unknown")
    game_args(sp)
    limits(sp)
    sp.add_argument("--json", action="store_true", help="print the result as JSON")

    def many_deals(sp: argparse.ArgumentParser, default: str) -> None:
        game_args(sp, number=False)
        sp.add_argument("--deals", default=default, help="game numbers, e.g. 1-10000 or 3,7,9-12")
        limits(sp)

    sp = command("winnability", cmd_winnability, "solve many deals; win rate with a 95%% interval")
    many_deals(sp, "1-100")
    sp.add_argument("--workers", type=_whole_number(1, MAX_WORKERS), default=2, metavar="N",
                    help="threads solving deals side by side; the solver runs without the GIL")
    sp.add_argument("-v", "--verbose", action="store_true", help="one line per deal")

    sp = command("study", cmd_study, "solve deals into a SQLite database, resuming where it stopped")
    many_deals(sp, "1-1000")
    sp.add_argument("--jobs", type=_whole_number(1, MAX_WORKERS), default=2, metavar="N",
                    help="threads solving deals side by side")
    sp.add_argument("--db", required=True, metavar="FILE", help="the study database (SQLite; created if new)")
    sp.add_argument("-q", "--quiet", action="store_true", help="no progress bar or lines")
    sp.add_argument("--retry-unknown", action="store_true",
                    help="solve the deals left unknown again, even under the limits they were tried "
                    "with (after the solver improved)")
    sp.add_argument("--cluster", metavar="ADDRESS", help="solve on a Dask cluster: a scheduler address "
                    "(tcp://host:8786) or local:N for N worker processes here; --jobs is then unused "
                    "(needs: pip install 'solitaire-engine[cluster]')")

    sp = command("report", cmd_report, "summarize a study database: win rates, unknowns, solve times")
    sp.add_argument("db", metavar="FILE", help="a database written by 'solitaire study'")
    fmt = sp.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print JSON")
    fmt.add_argument("--csv", action="store_true", help="print CSV")
    sp.add_argument("--plot", metavar="PNG", help="also draw the win rates and solve times to this PNG "
                    "(needs matplotlib: pip install 'solitaire-engine[plot]')")

    sp = command("play", cmd_play, "play a game at the terminal")
    game_args(sp, number=False)
    sp.add_argument("number", type=_game_number, nargs="?", help="PySolFC game number (default: a random one)")
    sp.add_argument("--against", default="search", metavar="BOT",
                    help="two-player games: the bot you play against (random, greedy, search, search:N)")
    sp.add_argument("--seat", type=_whole_number(1, 2), default=1, metavar="1|2",
                    help="two-player games: play as player 1 (moves first) or player 2")
    sp.add_argument("--plain", action="store_true", help="no colours or Unicode suits")

    sp = command("match", cmd_match, "two bots play a two-player game over many deals")
    game_args(sp, number=False)
    sp.add_argument("bot_a", help="a bot: random, greedy, search or search:N (N playouts a move)")
    sp.add_argument("bot_b", help="its opponent")
    sp.add_argument("--deals", default="1-100", help="game numbers, e.g. 1-200 or 3,7,9-12")
    sp.add_argument("--no-swap", action="store_true", help="play each deal once, bot_a as player 1 "
                    "(by default each deal is played twice, the bots changing seats)")
    sp.add_argument("--seed", type=_whole_number(0, MAX_SEED), default=0, metavar="N",
                    help="seed of the random bot's choices")

    sp = command("playout", cmd_playout, "random playouts from the deal, timed")
    game_args(sp)
    sp.add_argument("--playouts", type=_whole_number(1, MAX_PLAYOUTS), default=1000, metavar="N",
                    help="number of games played")
    sp.add_argument("--max-steps", type=_whole_number(1, MAX_STEPS), default=1000, metavar="N",
                    help="a game stops after this many moves")
    sp.add_argument("--seed", type=_whole_number(0, MAX_SEED), default=1, metavar="N",
                    help="seed of the random move choices; the same seed plays the same games")
    return p


def _one_line(e: BaseException) -> str:
    """The exception's message on one line, for stderr."""
    return " ".join(str(e).split()) or type(e).__name__


def _run(argv: Optional[Sequence[str]]) -> int:
    """Parses ``argv`` and runs its command; caller mistakes become one-line errors."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error already reported
        return e.code if isinstance(e.code, int) else EXIT_ERROR
    try:
        code: int = args.func(args)
        return code
    except ValueError as e:
        # Every caller mistake the library reports is a ValueError (SolitaireError or a
        # core check); anything else is a bug and keeps its traceback.
        print(f"solitaire: error: {_one_line(e)}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("solitaire: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def _stdout_closed() -> int:
    """Quietly gives up on a stdout whose reader has gone; returns the exit status."""
    # What is still buffered can never be delivered. Pointing stdout at devnull lets the
    # interpreter's last flush succeed instead of reporting a second BrokenPipeError.
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
    return EXIT_PIPE_CLOSED


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the ``solitaire`` command with ``argv`` (default: ``sys.argv[1:]``); returns
    the exit status (0 ok, 2 error, 130 Ctrl-C, 141 output pipe closed)."""
    try:
        try:
            return _run(argv)
        finally:
            # Flushed here, a closed pipe is handled below; left to interpreter exit, it
            # would be reported there with a message of its own.
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        return _stdout_closed()
