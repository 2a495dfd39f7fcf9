"""Foundations that pair up (seeds/solver.md, "Foundations that pair up"): in Aces and Kings
an Ace pile holding n cards and a King pile holding 13 - n can hand the card where they meet
back and forth, so the solver takes every split of their run for one position, joined on the
King pile, with the moves of every split."""
import random

import pytest

import solitaire_engine as se
from positions import position, winning_line

GAMES = [("aces-and-kings", {}), ("aces-and-kings", {"empty_tableau": "stock"}),
         ("acey-and-kingsley", {})]


def joined(core):
    """A copy of plain position `core` with its pairs joined, as the solver starts."""
    c = core.copy()
    assert c.start_pairing() is not None
    return c


def pair_piles(core):
    """The first empty Ace pile and the first full King pile, by name, or None."""
    piles = core.piles()
    ace = next((f"f{i + 1}" for i in range(4) if not piles[i]), None)
    king = next((f"f{i + 1}" for i in range(4, 8) if len(piles[i]) == 13), None)
    return (ace, king) if ace and king else None


def code_of(core, text):
    return next(c for c in core.legal_moves() if core.move_text(c) == text)


@pytest.mark.parametrize("name,options", GAMES, ids=lambda x: str(x))
def test_every_split_of_a_pair_is_one_position_with_the_moves_of_every_split(name, options):
    # Random positions with a pair: every split of it (reached by plain moves) has the
    # joined position's key, every legal move of every split reaches a key the solver's
    # moves reach (or the position itself), and every solver move reaches one of theirs.
    game = se.load_game(name, **options)
    rng = random.Random(name + str(options))
    checked = splits = pad_moves = 0
    for number in range(1, 200):
        core = game.deal(number)._core
        for _ in range(150):
            legal = core.legal_moves()
            if not legal:
                break
            # Lean towards the foundations, where pairs form.
            up = [c for c in legal if core.move_text(c).split("-")[1].startswith("f")]
            core.play(rng.choice(up if up and rng.random() < 0.8 else legal))
            rep = joined(core)
            ends = pair_piles(rep)
            if ends is None or checked >= 40:
                continue
            # The joined position as a plain one: the same cards, moved by plain moves.
            plain = core.copy()
            for code in core.copy().start_pairing():
                assert plain.play(code)
            ace, king = ends
            members = [plain]
            for _ in range(13):
                nxt = members[-1].copy()
                nxt.play(code_of(nxt, f"{king}-{ace}"))
                members.append(nxt)
            reached = set()
            for member in members:
                assert joined(member).solver_key() == rep.solver_key()
                for code in member.legal_moves():
                    after = member.copy()
                    after.play(code)
                    reached.add(joined(after).solver_key())
            solver = set()
            for code, pad in rep.solver_moves():
                solver.add(rep.solver_key_after(code, pad))
                pad_moves += pad > 0
            assert reached - {rep.solver_key()} <= solver
            assert solver <= reached
            checked += 1
            splits += len(members)
    assert checked >= 40 and pad_moves > 100  # the checks above really ran


def test_a_pair_takes_a_card_of_any_rank_and_gives_one_of_any_rank():
    # f1 holds A-5 and f5 K-6: one run of thirteen, split after the 5. The solver joins it
    # on f5 and offers the reserve's 9 a place (at the split where f1's top is an 8), and
    # the empty tableau pile the run's card of every rank.
    pos = position("aces-and-kings", "stock",
                   foundations=[[r + "C" for r in "A2345"], [], [], [],
                                [r + "D" for r in "KQJT9876"], [], [], []],
                   tableau=[["3S"], ["4S"], ["5S"], []], reserves=[["9H"], ["JH"]], waste=["2H"])
    core = se.load_game("aces-and-kings").from_json(pos)._core
    joining = core.start_pairing()
    assert [core.move_text(c) for c in joining] == ["f1-f5"] * 5
    assert len(core.piles()[0]) == 0 and len(core.piles()[4]) == 13
    moves = {(core.move_text(code), pad) for code, pad in core.solver_moves()}
    assert ("r1-f1", 8) in moves and ("r2-f1", 10) in moves and ("w-f1", 1) in moves
    assert {("f5-t4", r) for r in range(13)} <= moves
    # No move between foundations: each only splits the pair again.
    assert not any(text.count("f") == 2 for text, _ in moves)


def test_a_win_that_needs_the_pair_split_replays():
    # All is home but one deck's spades: f4 holds A-6 and f8 K-7 (a pair split after the 6),
    # the other spades lie in the reserves and the full tableau. No card on top is a 6 or a
    # 7, so no card goes up before the pair is split elsewhere, card by card in the line.
    full = [r + s for r in "A23456789TJQK" for s in "CDH"]
    foundations = [[r + s for r in "A23456789TJQK"] for s in "CDH"] + [[r + "S" for r in "A23456"]]
    foundations += [[r + s for r in "KQJT98765432A"] for s in "CDH"] + [[r + "S" for r in "KQJT987"]]
    assert sum(map(len, foundations)) == 2 * len(full) + 13
    pos = position("aces-and-kings", "r2", foundations=foundations,
                   tableau=[["TS"], ["JS"], ["QS"], ["KS"]],
                   reserves=[["9S"], ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]])
    line = winning_line(se.load_game("aces-and-kings"), pos)
    # The first moves split the pair: cards pass between foundations before any card goes
    # up, and only as many as a win needs (the 13 spades go up, and two or three pass from f8
    # to f4 first), not the pair joined on a King pile first and split from another.
    first_up = next(i for i, m in enumerate(line) if not m.startswith("f"))
    assert 2 <= first_up <= 3 and set(line[:first_up]) == {"f8-f4"}
    assert len(line) == first_up + 13
