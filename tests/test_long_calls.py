"""Long C++ calls release the GIL and stop on Ctrl-C (SIGINT) with KeyboardInterrupt."""
import contextlib
import os
import signal
import threading
import time

import pytest

import solitaire_engine as se


@contextlib.contextmanager
def ctrl_c_after(seconds):
    """Sends SIGINT to this process after `seconds`; the timer never outlives the block."""
    timer = threading.Timer(seconds, os.kill, args=(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()


def _long_state():
    return se.load_game("deuces-and-queens").deal(617)  # perft(9) would take minutes


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name == "nt", reason="POSIX signals")
def test_ctrl_c_interrupts_perft_and_leaves_the_state_alone():
    state = _long_state()
    before = state.to_json()
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        state.perft(9)
    assert time.perf_counter() - t0 < 10
    assert state.to_json() == before
    assert state.perft(2) > 0  # still usable


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_interrupts_playouts():
    state = _long_state()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        state._core.random_playouts(10**12, 500, 1)


def test_perft_releases_the_gil():
    state = _long_state()
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    worker = threading.Thread(target=count)
    worker.start()
    t0 = time.perf_counter()
    state.perft(6)
    elapsed = time.perf_counter() - t0
    done.set()
    worker.join()
    # With the GIL held for the whole call the counter could not move at all.
    assert elapsed > 0.02
    assert ticks > 1000


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_interrupts_the_solver():
    state = se.load_game("aces-and-kings").deal(1)  # far more than 0.3 s of search
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        state.solve(max_positions=10**8)
