"""Playing at the terminal: ``solitaire play GAME [NUMBER]``.

A loop of board, prompt, command. Moves are typed in the notation of docs/notation.md;
``hint``, ``undo``, ``moves``, ``save FILE``, ``load FILE``, ``help`` and ``quit`` do what they
say. In a two-player game the person plays one seat and a bot the other. Bad input gets a
one-line answer and leaves the position as it was; Ctrl-D or Ctrl-C leave cleanly.
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Callable, Optional, TextIO

from .errors import SolitaireError
from .game import Game
from .match import bot_move, bot_moves
from .render import render
from .state import State

HELP = """Type a move (t3-f1, t2-t5x3, s-w, pass) or a command:
  moves        list the legal moves
  hint         a suggestion (the solver's; in a two-player game the search bot's)
  undo         take back your last move (and the bot's moves after it)
  save FILE    write the position to FILE (JSON, docs/notation.md)
  load FILE    read a position of this game from FILE
  help         this text
  quit         leave (so do Ctrl-D and Ctrl-C)"""

HINT_SECONDS = 3.0

_SUITS = {"C": "\u2663", "S": "\u2660", "H": "\u2665", "D": "\u2666"}
_RED, _RESET = "\x1b[31m", "\x1b[0m"
_CARD = re.compile(r"(?<![\w#])([A2-9TJQK])([CSHD])([12]?)(?!\w)")


def fancy(board: str) -> str:
    """The board with Unicode suits, red cards in red (ANSI colours)."""

    def one(m: "re.Match[str]") -> str:
        rank, suit, owner = m.groups()
        text = rank + _SUITS[suit] + owner
        return _RED + text + _RESET if suit in "HD" else text

    return _CARD.sub(one, board)


class Session:
    """One game at the terminal: the position, the person's seat, the bot, the output."""

    def __init__(self, game: Game, state: State, out: TextIO, colour: bool,
                 bot: str = "search", seat: int = 0, seed: int = 0) -> None:
        self.game, self.state, self.out, self.colour = game, state, out, colour
        self.bot, self.seat = bot, seat
        self.rng = random.Random(seed)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        board = render(self.state)
        self.say(fancy(board) if self.colour else board)
        self.say(self.status())

    def status(self) -> str:
        s = self.state
        if s.game.players == 2:
            if s.is_over():
                w = s.winner
                return "Game over: " + ("a draw." if w is None else ("you win." if w == self.seat else "the bot wins."))
            return "Your move." if s.to_move == self.seat else "The bot's move."
        if s.is_won():
            return "Won!"
        if s.is_over():
            return "No moves left: the game is lost (undo to try again)."
        return ""

    def bot_turn(self) -> None:
        """The bot plays while it is its turn, saying each move."""
        s = self.state
        moves = []
        while s.game.players == 2 and not s.is_over() and s.to_move != self.seat:
            for m in bot_moves(self.bot, s, self.rng):
                s.play(m)
                moves.append(str(m))
        if moves:
            self.say(f"The bot plays: {' '.join(moves)}")

    def hint(self) -> str:
        s = self.state
        if s.is_over():
            return "The game is over."
        if s.game.players == 2:
            return f"Try {bot_move('search', s, random.Random(len(s.moves)))}."
        r = s.solve(time_limit=HINT_SECONDS)
        if r.status == "solved" and r.moves:
            return f"Try {r.moves[0]} (the solver wins from here in {len(r.moves)} moves)."
        if r.status == "unsolvable":
            return "The solver proves this position lost: undo some moves."
        return f"The solver found no win within {HINT_SECONDS:g} s; any of: " + " ".join(map(str, s.legal_moves()[:8]))

    def undo(self) -> str:
        s = self.state
        if not s.moves:
            return "Nothing to undo."
        s.undo()
        # Back to the person's own move: take back the bot's replies too.
        while s.game.players == 2 and s.moves and s.to_move != self.seat:
            s.undo()
        return "Undone."

    def save(self, name: str) -> str:
        Path(name).write_text(self.state.to_json() + "\n", encoding="utf-8")
        return f"Saved to {name}."

    def load(self, name: str) -> str:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except OSError as e:
            return f"Cannot read {name}: {e.strerror or e}."
        self.state = self.game.from_json(text)
        return f"Loaded {name}."

    def command(self, line: str) -> tuple[bool, bool]:
        """Runs one typed line; returns (go on, show the board again)."""
        word, _, rest = line.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        if not word:
            return True, False
        if word in ("quit", "exit", "q"):
            return False, False
        if word in ("help", "?"):
            self.say(HELP)
            return True, False
        if word == "moves":
            self.say(" ".join(map(str, self.state.legal_moves())) or "No legal moves.")
            return True, False
        if word == "hint":
            self.say(self.hint())
            return True, False
        if word in ("save", "load"):
            if not rest:
                self.say(f"Say which file: {word} FILE")
                return True, False
            self.say(self.save(rest) if word == "save" else self.load(rest))
            return True, word == "load"
        if word == "undo":
            self.say(self.undo())
            return True, True
        s = self.state
        if s.game.players == 2 and s.to_move != self.seat:
            self.bot_turn()
            return True, True
        if s.is_over():
            self.say("The game is over: undo, load or quit.")
            return True, False
        move = s.play(line)  # IllegalMoveError: said by the caller, nothing changed
        self.bot_turn()
        self.say(f"Played {move}.")
        return True, True


def run(game: Game, state: State, read: Callable[[str], str], out: TextIO, colour: bool,
        bot: str = "search", seat: int = 0, seed: int = 0) -> int:
    """The loop: ``read(prompt)`` gives a typed line (EOFError or KeyboardInterrupt end it)."""
    session = Session(game, state, out, colour, bot, seat, seed)
    session.bot_turn()
    session.show()
    session.say("Type a move, or 'help'.")
    while True:
        try:
            line = read("> ")
        except (EOFError, KeyboardInterrupt):
            session.say("")
            return 0
        try:
            go_on, show = session.command(line)
        except SolitaireError as e:
            session.say(str(e).splitlines()[0])
            continue
        if not go_on:
            return 0
        if show:
            session.show()


__all__ = ["HELP", "Session", "fancy", "run"]
