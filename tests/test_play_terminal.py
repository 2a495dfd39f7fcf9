"""`solitaire play`: the real program driven through a pseudo-terminal, as a person uses it."""
import json
import os
import subprocess

import pexpect
import pytest

from test_cli import SOLITAIRE

PROMPT = "\r\n> "


def spawn(*args, **extra):
    # The caller's environment (it may preload sanitizer runtimes), as a colour terminal.
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", **extra)
    child = pexpect.spawn(SOLITAIRE, ["play", *args], encoding="utf-8", timeout=60, env=env)
    child.expect_exact("Type a move, or 'help'.")
    child.intro = child.before  # the first board
    child.expect_exact(PROMPT)
    return child


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_a_terminal_gets_unicode_suits_and_red_cards():
    child = spawn("klondike", "3")
    assert "\x1b[31m" in child.intro  # red
    assert any(s in child.intro for s in "\u2663\u2660\u2665\u2666")
    child.sendline("quit")
    assert finish(child) == 0


def test_plain_and_no_color_give_plain_text():
    for child in (spawn("klondike", "3", "--plain"), spawn("klondike", "3", NO_COLOR="1")):
        assert "\x1b[" not in child.intro and "\u2665" not in child.intro and "Tableau:" in child.intro
        child.sendline("quit")
        assert finish(child) == 0


def test_not_a_terminal_gets_plain_text():
    out = subprocess.run([SOLITAIRE, "play", "klondike", "3"], input="quit\n", capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and "\x1b[" not in out.stdout and "Tableau:" in out.stdout


def test_bad_input_gets_one_line_and_the_board_stays(tmp_path):
    child = spawn("klondike", "3", "--plain")
    board = child.intro
    child.sendline("t9-t1")
    child.expect_exact(PROMPT)
    assert "klondike has no pile 't9'" in child.before and child.before.count("\n") <= 2
    child.sendline("t1-f1x300")
    child.expect_exact(PROMPT)
    assert "1 to 255 cards" in child.before and child.before.count("\n") <= 2
    child.sendline(f"save {tmp_path}/pos.json")
    child.expect_exact(PROMPT)
    saved = json.loads((tmp_path / "pos.json").read_text())
    assert saved["game"] == "klondike" and "Klondike" not in child.before  # no board: nothing changed
    child.sendline("load /nonexistent/x.json")
    child.expect_exact(PROMPT)
    assert "Cannot read /nonexistent/x.json" in child.before
    child.sendline("quit")
    assert finish(child) == 0
    assert "Klondike" in board


def test_moves_undo_save_and_load(tmp_path):
    child = spawn("klondike", "3", "--plain")
    child.sendline("moves")
    child.expect_exact(PROMPT)
    first = child.before.split()[1]  # the echo of 'moves', then the moves
    child.sendline(first)
    child.expect_exact(PROMPT)
    assert f"Played {first}." in child.before
    child.sendline(f"save {tmp_path}/after.json")
    child.expect_exact(PROMPT)
    child.sendline("undo")
    child.expect_exact(PROMPT)
    assert "Undone." in child.before
    child.sendline(f"load {tmp_path}/after.json")
    child.expect_exact(PROMPT)
    assert "Loaded" in child.before and "Klondike" in child.before
    child.sendline("undo")  # a loaded position has no history
    child.expect_exact(PROMPT)
    assert "Nothing to undo." in child.before
    child.sendline("quit")
    assert finish(child) == 0


def test_hint_comes_from_the_solver():
    child = spawn("klondike", "3", "--plain")
    child.sendline("hint")
    child.expect_exact(PROMPT)
    assert "Try " in child.before or "proves this position lost" in child.before
    child.sendline("quit")
    assert finish(child) == 0


@pytest.mark.parametrize("key", ["\x04", "\x03"], ids=["ctrl-d", "ctrl-c"])
def test_ctrl_d_and_ctrl_c_leave_cleanly(key):
    child = spawn("trigon", "5")
    child.send(key)
    assert finish(child) == 0
    assert "Traceback" not in (child.before or "")


def test_a_person_plays_double_trigon_against_a_bot():
    child = spawn("double-trigon", "1", "--against", "greedy", "--plain")
    assert "Your move." in child.intro and "Player 1" in child.intro and "KC1" in child.intro
    child.sendline("t14-t16x2")  # player 2's pile: not the person's
    child.expect_exact(PROMPT)
    assert "not a legal move here" in child.before
    child.sendline("hint")
    child.expect_exact(PROMPT)
    assert "Try " in child.before
    child.sendline("s1-w1")  # dealing ends the person's turn; the bot answers
    child.expect_exact(PROMPT)
    assert "The bot plays:" in child.before and "Your move." in child.before
    child.sendline("undo")  # takes back the bot's reply and the deal
    child.expect_exact(PROMPT)
    assert "Undone." in child.before and "[25 cards]" in child.before
    child.sendline("quit")
    assert finish(child) == 0


def test_the_person_may_sit_second():
    child = spawn("double-trigon", "1", "--against", "random", "--seat", "2", "--plain")
    assert "The bot plays:" in child.intro and "Your move." in child.intro
    child.sendline("quit")
    assert finish(child) == 0


def test_an_unknown_bot_is_refused_before_play():
    out = subprocess.run([SOLITAIRE, "play", "double-trigon", "1", "--against", "nobody"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "no bot named 'nobody'" in out.stderr
