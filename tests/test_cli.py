"""The `solitaire` command: in-process through its main(), and as a person runs it (a
subprocess, with pipes, and in a terminal through pexpect)."""
import argparse
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time

import pexpect
import pytest

import solitaire_engine as se
from solitaire_engine import cli
from solitaire_engine.cli import main
from solitaire_engine import solving


def test_show_prints_the_deal(capsys):
    assert main(["show", "aces-and-kings", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aces and Kings #1") and "t1" in out


def test_show_json_after_moves(capsys):
    assert main(["show", "klondike", "3", "s-w", "--json", "-o", "draw=3"]) == 0
    snap = json.loads(capsys.readouterr().out)
    state = se.load_game("klondike", draw=3).deal(3)
    state.play("s-w")
    assert snap == json.loads(state.to_json())


def test_moves_lists_the_legal_moves(capsys):
    assert main(["moves", "deuces-and-queens", "1"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed == [str(m) for m in se.load_game("deuces-and-queens").deal(1).legal_moves()]


def test_solve_json_replays(capsys):
    assert main(["solve", "klondike", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "solved"
    state = se.load_game("klondike").deal(1)
    for m in result["moves"]:
        state.play(m)
    assert state.is_won()


def test_winnability_summary(capsys):
    assert main(["winnability", "trigon", "--deals", "16,132", "--max-positions", "10000"]) == 0
    assert "2 deals, 0 solved, 2 unsolvable, 0 unknown" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["show", "nogame", "1"], ["show", "klondike", "0"],
                                  ["show", "klondike", "1", "t1-f9"], ["moves", "klondike", "1", "-o", "draw=2"],
                                  ["winnability", "trigon", "--deals", "5-1"], ["solve", "klondike", "1",
                                                                               "--max-positions", "0"]])
def test_errors_exit_2_with_a_message(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("solitaire: error:")


# ----- the real program, as a person runs it -----

def _console_script():
    # The script pip made for this interpreter, not some other install found first on PATH.
    here = os.path.join(sysconfig.get_path("scripts"), "solitaire")
    found = here if os.access(here, os.X_OK) else shutil.which("solitaire")
    assert found, "the solitaire console script is not installed"
    return found


SOLITAIRE = _console_script()


def run(*args, timeout=60):
    return subprocess.run([SOLITAIRE, *args], capture_output=True, text=True, timeout=timeout)


def assert_one_line_error(proc, *words):
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("solitaire: error: "), proc.stderr
    for w in words:
        assert w in lines[0]


BAD_NUMBERS = [
    (["playout", "deuces-and-queens", "1", "--playouts", "-1"], "--playouts"),
    (["playout", "deuces-and-queens", "1", "--playouts", "0"], "--playouts"),
    (["playout", "deuces-and-queens", "1", "--playouts", str(10**9 + 1)], "--playouts"),
    (["playout", "deuces-and-queens", "1", "--playouts", "many"], "--playouts"),
    (["playout", "deuces-and-queens", "1", "--seed", "-1"], "--seed"),
    (["playout", "deuces-and-queens", "1", "--seed", str(2**64)], "--seed"),
    (["playout", "deuces-and-queens", "1", "--max-steps", "-5"], "--max-steps"),
    (["playout", "deuces-and-queens", "1", "--max-steps", "0"], "--max-steps"),
    (["playout", "deuces-and-queens", "1", "--max-steps", str(10**6 + 1)], "--max-steps"),
    (["perft", "trigon", "3", "0"], "depth"),
    (["perft", "trigon", "3", "-1"], "depth"),
    # Refused before depth 1 is counted: the loop to 33 would never get there.
    (["perft", "trigon", "3", "33"], "depth"),
    (["perft", "trigon", "3", str(10**20)], "depth"),
    (["solve", "klondike", "1", "--max-positions", "0"], "--max-positions"),
    (["solve", "klondike", "1", "--max-positions", str(solving.MAX_POSITIONS_LIMIT + 1)], "--max-positions"),
    (["winnability", "trigon", "--max-positions", "1e6"], "--max-positions"),
    (["solve", "klondike", "1", "--time-limit", "0"], "--time-limit"),
    (["solve", "klondike", "1", "--time-limit", "nan"], "--time-limit"),
    (["solve", "klondike", "1", "--time-limit", "inf"], "--time-limit"),
    (["winnability", "trigon", "--time-limit", str(solving.MAX_TIME_LIMIT * 2)], "--time-limit"),
    (["winnability", "trigon", "--time-limit", "soon"], "--time-limit"),
    (["solve", "klondike", "1", "--memory-mb", "0"], "--memory-mb"),
    (["winnability", "trigon", "--memory-mb", str(solving.MAX_MEMORY_MB + 1)], "--memory-mb"),
    (["winnability", "trigon", "--workers", "0"], "--workers"),
    (["winnability", "trigon", "--workers", "257"], "--workers"),
    (["show", "klondike", "0"], "number"),
    (["show", "klondike", "seven"], "number"),
]


@pytest.mark.parametrize("argv,option", BAD_NUMBERS, ids=[" ".join(a) for a, _ in BAD_NUMBERS])
def test_numbers_out_of_bounds_are_one_line_errors(argv, option):
    assert_one_line_error(run(*argv, timeout=30), option)


MISTAKES = [
    ["show", "nogame", "1"],
    ["show", "klondike", "1", "t1-f9"],
    ["moves", "klondike", "1", "-o", "draw=2"],
    ["moves", "klondike", "1", "-o", "draw"],
    ["winnability", "trigon", "--deals", "5-1"],
    ["winnability", "trigon", "--deals", "0-3"],
    ["show", "klondike"],
    ["nocommand"],
    [],
]


@pytest.mark.parametrize("argv", MISTAKES, ids=[" ".join(a) or "(nothing)" for a in MISTAKES])
def test_mistakes_are_one_line_errors(argv):
    assert_one_line_error(run(*argv))


def test_bounds_are_inclusive():
    p = run("playout", "deuces-and-queens", "1", "--playouts", "1", "--max-steps", "1", "--seed", str(2**64 - 1))
    assert p.returncode == 0 and p.stdout.startswith("1 random playouts, 1 moves, 0 won"), p
    p = run("perft", "trigon", "3", "1")
    assert p.returncode == 0 and p.stdout.splitlines()[0].startswith("depth 1: 4 "), p
    assert run("winnability", "trigon", "--deals", "16", "--workers", "256", "--max-positions", "1").returncode == 0


def test_any_value_error_from_the_library_is_one_line(monkeypatch, capsys):
    def refuse(*args, **kwargs):
        raise ValueError("not a SolitaireError,\nover two lines")

    monkeypatch.setattr(cli, "load_game", refuse)
    assert main(["show", "klondike", "1"]) == 2
    assert capsys.readouterr().err == "solitaire: error: not a SolitaireError, over two lines\n"


def test_a_bug_keeps_its_traceback(monkeypatch):
    def bug(*args, **kwargs):
        raise RuntimeError("a real bug")

    monkeypatch.setattr(cli, "load_game", bug)
    with pytest.raises(RuntimeError, match="a real bug"):
        main(["show", "klondike", "1"])


# ----- closed pipes -----

@pytest.mark.parametrize("argv", [["show", "aces-and-kings", "1", "--json"], ["games"]])
def test_output_into_a_closed_pipe_is_quiet(argv):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first byte is written
    try:
        proc = subprocess.run([sys.executable, "-m", "solitaire_engine", *argv],
                              stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60)
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 141


def test_verbose_winnability_into_head_is_quiet():
    # One line per deal, each flushed: head takes the first and leaves; the next write fails.
    script = (f"set -o pipefail; {SOLITAIRE} winnability trigon --deals 1-5000 --max-positions 100 -v"
              " | head -n 1")
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.stdout.startswith("#1: ") and proc.stdout.count("\n") == 1, proc
    assert proc.stderr == ""
    assert proc.returncode == 141


# ----- help, version, defaults -----

def test_version():
    p = run("--version")
    assert (p.returncode, p.stdout, p.stderr) == (0, f"solitaire-engine {se.__version__}\n", "")


def test_help_is_plain_text():
    p = run("--help")
    assert p.returncode == 0 and p.stderr == ""
    assert "``" not in p.stdout
    assert p.stdout.startswith("usage: solitaire ")
    for command in ("games", "show", "moves", "perft", "solve", "winnability", "playout"):
        assert f"\n    {command}" in p.stdout


def _subparsers():
    parser = cli.build_parser()
    (choices,) = [a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return choices


@pytest.mark.parametrize("command", sorted(_subparsers()))
def test_every_option_has_help_showing_its_default(command):
    sub = _subparsers()[command]
    text = run(command, "--help").stdout
    flat = " ".join(text.split())  # the help wraps lines wherever it likes
    for action in sub._actions:
        assert action.help, f"{command} {action.dest} has no help"
        if action.default not in (None, False, [], argparse.SUPPRESS):
            assert f"(default: {action.default})" in flat, f"{command} {action.dest}"


@pytest.mark.parametrize("argv", [["solve", "klondike", "1"], ["winnability", "trigon"]])
def test_solver_limits_default_to_the_python_apis(argv):
    args = cli.build_parser().parse_args(argv)
    assert (args.time_limit, args.memory_mb, args.max_positions) == (
        solving.DEFAULT_TIME_LIMIT, solving.DEFAULT_MEMORY_MB, solving.DEFAULT_MAX_POSITIONS)


def test_solver_limits_reach_the_solver():
    p = run("solve", "aces-and-kings", "39", "--max-positions", "1000", "--time-limit", "none", "--memory-mb", "none")
    assert p.returncode == 0 and p.stdout.startswith("unknown (1,000 positions, "), p
    assert p.stdout.rstrip().endswith("s, stopped by the positions limit)")
    p = run("winnability", "aces-and-kings", "--deals", "39", "--time-limit", "0.2", "--max-positions", "none", "-v")
    assert p.returncode == 0 and p.stdout.startswith("#39: unknown (") and "stopped by the time limit" in p.stdout, p


def test_every_function_has_a_docstring():
    missing = [name for name, f in inspect.getmembers(cli, inspect.isfunction)
               if f.__module__ == cli.__name__ and not inspect.getdoc(f)]
    assert missing == []


# ----- in a terminal -----

def test_show_in_a_terminal():
    child = pexpect.spawn(SOLITAIRE, ["show", "deuces-and-queens", "1"], encoding="utf-8", timeout=30)
    child.expect_exact("Deuces and Queens #1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "t1" in child.before and "Traceback" not in child.before


def test_a_mistake_in_a_terminal_is_one_line():
    child = pexpect.spawn(SOLITAIRE, ["show", "deuces-and-queens", "1", "x-y"], encoding="utf-8", timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    lines = [line for line in child.before.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("solitaire: error: "), child.before


def test_ctrl_c_stops_winnability_at_once():
    child = pexpect.spawn(SOLITAIRE, ["winnability", "aces-and-kings", "--deals", "1-300", "--workers", "2"],
                          encoding="utf-8", timeout=30)
    time.sleep(1.5)
    assert child.isalive(), "winnability ended before Ctrl-C was sent"
    sent = time.monotonic()
    child.sendintr()
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    took = time.monotonic() - sent
    output = child.before
    assert "Traceback" not in output and "terminate called" not in output, output
    # The terminal may echo ^C; apart from that the only line is the message.
    lines = [line.replace("^C", "").strip() for line in output.splitlines()]
    assert [line for line in lines if line] == ["solitaire: interrupted"], output
    assert child.exitstatus == 130, (child.exitstatus, child.signalstatus)
    assert took < 3, f"took {took:.1f} s to stop"


def test_solve_prints_the_line_numbered_several_a_line():
    p = run("solve", "klondike", "2", "--time", "5", "--memory", "256")
    assert p.returncode == 0, p.stderr
    head, *rows = p.stdout.splitlines()
    assert head.startswith("solved (") and "MB of tables" in head
    cells = [c for row in rows for c in re.findall(r"(\d+)\. (\S+)", row)]
    assert [int(n) for n, _ in cells] == list(range(1, len(cells) + 1))
    assert all(len(re.findall(r"\d+\. ", row)) <= 8 for row in rows) and len(rows) > 1
    state = se.load_game("klondike").deal(2)
    for _, m in cells:
        state.play(m)
    assert state.is_won()
