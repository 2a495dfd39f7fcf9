"""A new variant of the family defined from Python alone: PySolFC's Racing Aces (id 820),
three decks, sixteen foundations in four kinds, built only from the public rule-table API."""
import json
from collections import Counter

import pytest

import solitaire_engine as se
from solitaire_engine import variants as v
from solitaire_engine.cards import ACE, KING

SEVEN, SIX = 6, 5


def racing_aces(options):
    return v.RuleTable(
        name="racing-aces",
        decks=3,
        groups=(
            v.Group("foundation", 4, tuple(v.ranks.up()), empty_ranks=v.ranks.ranks(ACE), max_cards=13),
            v.Group("foundation", 4, tuple(v.ranks.down()), empty_ranks=v.ranks.ranks(KING), max_cards=13),
            v.Group("foundation", 4, tuple(v.ranks.up()), empty_ranks=v.ranks.ranks(SEVEN), max_cards=7),
            v.Group("foundation", 4, tuple(v.ranks.down()), empty_ranks=v.ranks.ranks(SIX), max_cards=6),
            v.Group("tableau", 6, empty_ranks=v.ranks.ALL, max_cards=1, fill="stock"),
            v.Group("reserve", 3),
            v.Group("stock"),
            v.Group("waste"),
        ),
        deal_steps=tuple([v.DealRow("reserve", (0, 1, 2))] * 13 + [v.DealRow("tableau", tuple(range(6))), v.ToWaste()]),
        options=options,
    )


@pytest.fixture(scope="module")
def game():
    try:
        v.register_game(v.GameInfo("racing-aces", "Racing Aces", 820, racing_aces))
    except se.OptionError:
        pass  # already registered by an earlier run in this process
    return se.load_game("racing-aces")


def test_custom_variant_deals_and_plays(game):
    s = game.deal(3)
    pos = json.loads(s.to_json())
    assert len(pos["foundations"]) == 16 and len(pos["tableau"]) == 6
    assert [len(r) for r in pos["reserves"]] == [13, 13, 13]
    assert len(pos["stock"]) == 156 - 39 - 6 - 1
    cards = Counter(c for k in ("reserves", "tableau") for p in pos[k] for c in p)
    cards.update(pos["stock"] + pos["waste"])
    assert all(n == 3 for n in cards.values()) and len(cards) == 52
    for _ in range(200):
        moves = s.legal_moves()
        if not moves:
            break
        s.play(moves[-1])
    assert json.loads(game.from_json(s.to_json()).to_json()) == json.loads(s.to_json())


def test_custom_variant_rules_come_from_the_table(game):
    s = game.deal(3)
    pos = json.loads(s.to_json())
    # Put a 7 and a 6 on top of r1 and r2 and check which foundations take them.
    def swap_to_top(pile, card):
        for p in pos["reserves"] + [pos["stock"]]:
            if card in p and p is not pile:
                i = p.index(card)
                p[i], pile[-1] = pile[-1], p[i]
                return
    swap_to_top(pos["reserves"][0], "7H")
    swap_to_top(pos["reserves"][1], "6S")
    moves = {str(m) for m in game.from_json(pos).legal_moves()}
    assert {"r1-f9", "r1-f10", "r1-f11", "r1-f12"} <= moves      # 7 starts the 7-up piles
    assert {"r2-f13", "r2-f14", "r2-f15", "r2-f16"} <= moves     # 6 starts the 6-down piles
    assert not {"r1-f1", "r1-f5", "r1-f13", "r2-f9"} & moves


def test_duplicate_registration_is_refused(game):
    with pytest.raises(ValueError, match="already registered"):
        v.register_game(v.GameInfo("racing-aces", "Other", 0, racing_aces))


def test_a_table_with_too_many_possible_moves_is_refused():
    """Forty tableau piles moving endless runs (a wrap-around build relation) could have more
    legal moves than the core lists in one position: refused up front, not overflowed."""
    def huge(options):
        return v.RuleTable(
            name="huge", decks=3,
            groups=(v.Group("foundation", 4, tuple(v.ranks.up()), empty_ranks=v.ranks.ranks(ACE)),
                    v.Group("tableau", 34, tuple(v.ranks.down(wrap=True)), empty_ranks=v.ranks.ALL, runs=True),
                    v.Group("stock"), v.Group("waste")),
            options=options)

    with pytest.raises(ValueError, match="legal moves"):
        se.Game(v.GameInfo("huge", "Huge", 0, huge), {})


from hypothesis import event, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_groups = st.lists(
    st.builds(
        v.Group,
        kind=st.sampled_from(["foundation", "tableau", "reserve"]),
        count=st.integers(0, 10),
        build=st.lists(st.integers(0, (1 << 13) - 1), min_size=13, max_size=13).map(tuple)
        | st.lists(st.integers(-1, 1 << 13), min_size=13, max_size=13).map(tuple),
        suit=st.sampled_from(["any", "same", "alternate"] * 5 + ["bogus"]),
        empty_ranks=st.integers(0, (1 << 13) - 1) | st.integers(-1, 1 << 13),
        max_cards=st.integers(0, 30) | st.integers(-1, 200),
        runs=st.booleans(),
        can_leave=st.booleans(),
        fill=st.sampled_from(["none", "stock", "waste_then_stock"]),
    ),
    max_size=6,
)


@settings(max_examples=400, deadline=None)
@given(_groups, st.sampled_from([True] * 5 + [False]), st.integers(1, 3), st.integers(-1, 4),
       st.integers(-2, 3), st.data())
def test_fuzzed_rule_tables_fail_cleanly_or_play(groups, with_stock, decks, deal_count, redeals, data):
    """Any rule table either is refused with a ValueError or gives a game that deals and
    plays (random moves, undo) without crashing."""
    extra = (v.Group("stock"), v.Group("waste")) if with_stock else ()

    def table(options):
        return v.RuleTable(name="fuzz", decks=decks, groups=tuple(groups) + extra,
                           deal_count=deal_count, redeals=redeals, options=options)

    try:
        game = se.Game(v.GameInfo("fuzz", "Fuzz", 0, table), {})
        state = game.deal(data.draw(st.integers(1, 10**6)))
    except ValueError:
        event("refused")
        return
    event("played")
    for _ in range(30):
        moves = state.legal_moves()
        if not moves:
            break
        state.play(data.draw(st.sampled_from(moves)))
    while state.moves:
        state.undo()
    assert game.from_json(state.to_json()).to_json() == state.to_json()
