"""The `solitaire` command, run in-process through its main()."""
import json

import pytest

import solitaire_engine as se
from solitaire_engine.cli import main


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
