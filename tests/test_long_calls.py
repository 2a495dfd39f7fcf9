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


def _long_solve():
    return se.load_game("aces-and-kings").deal(39)  # undecided after minutes of search


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
    state = _long_solve()
    with pytest.raises(KeyboardInterrupt), ctrl_c_after(0.3):
        state.solve(time_limit=None)


# ----- Ctrl-C reaches searches in worker threads; interpreter exit never aborts -----

POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="POSIX signals")


@POSIX_ONLY
def test_ctrl_c_stops_winnability_workers_within_half_a_second():
    sent = []

    def ctrl_c():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.5, ctrl_c)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            se.winnability(se.load_game("aces-and-kings"), [39, 85, 125], time_limit=None, workers=2)
        returned = time.perf_counter()
    finally:
        timer.cancel()
        timer.join()
    # winnability returns only once its pool has shut down, so the solves had all stopped.
    assert returned - sent[0] < 0.5
    assert not [t for t in threading.enumerate() if t.name.startswith("ThreadPoolExecutor")]


def _thread_solving(state, errors, cancel=None):
    def run():
        try:
            state._core.solve(cancel=cancel)
        except BaseException as e:  # noqa: BLE001 - the test inspects what arrived
            errors.append((type(e), time.perf_counter()))

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


@POSIX_ONLY
def test_ctrl_c_stops_a_solve_in_a_plain_worker_thread():
    errors: list = []
    worker = _thread_solving(_long_solve(), errors)
    time.sleep(0.3)
    t_signal = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)  # the main thread's KeyboardInterrupt cuts this short
    worker.join(2)
    assert not worker.is_alive()
    assert errors and errors[0][0] is KeyboardInterrupt
    assert errors[0][1] - t_signal < 0.5


def test_a_cancel_token_stops_calls_in_other_threads():
    from solitaire_engine import _core

    token = _core.CancelToken()
    errors: list = []
    workers = [_thread_solving(se.load_game("aces-and-kings").deal(n), errors, token) for n in (39, 85)]
    time.sleep(0.3)
    assert not errors  # both still searching
    t_cancel = time.perf_counter()
    token.cancel()
    for w in workers:
        w.join(2)
    assert token.cancelled
    assert [e[0] for e in errors] == [KeyboardInterrupt, KeyboardInterrupt]
    assert max(e[1] for e in errors) - t_cancel < 0.5
    # A token already cancelled stops a new call at once.
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        _long_state()._core.perft(9, token)
    assert time.perf_counter() - t0 < 0.5


def test_a_custom_sigint_handler_keeps_worker_searches_running():
    # Ctrl-C stops worker searches only where it means KeyboardInterrupt.
    seen = []
    old = signal.signal(signal.SIGINT, lambda *a: seen.append(1))
    try:
        from solitaire_engine import _core

        errors: list = []
        token = _core.CancelToken()
        worker = _thread_solving(_long_solve(), errors, token)
        time.sleep(0.2)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.5)
        assert seen == [1]
        assert worker.is_alive() and not errors
        token.cancel()
        worker.join(2)
        assert [e[0] for e in errors] == [KeyboardInterrupt]
    finally:
        signal.signal(signal.SIGINT, old)


_EXIT_SCRIPT = """
import threading, time, solitaire_engine as se
s = se.load_game("aces-and-kings").deal(39)
calls = {
    "solve": lambda: s.solve(time_limit=None),
    "perft": lambda: s.perft(12),
    "playouts": lambda: s._core.random_playouts(10**12, 500, 1),
}
for name in %r:
    threading.Thread(target=calls[name], daemon=True).start()
time.sleep(0.5)
print("leaving", flush=True)
"""


@pytest.mark.parametrize("calls", [["solve"], ["perft"], ["playouts"], ["solve", "perft", "playouts", "solve"]])
def test_interpreter_exit_with_daemon_threads_in_long_calls_is_clean(calls):
    import subprocess
    import sys

    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _EXIT_SCRIPT % (calls,)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "leaving\n"
    assert done.stderr == ""  # no "terminate called", no thread traceback
    assert time.perf_counter() - t0 < 10


def test_interpreter_exit_right_after_ctrl_c_in_winnability_is_clean():
    # The reported abort: Ctrl-C in winnability(workers=2), caught, then the program ends.
    import subprocess
    import sys

    script = (
        "import os, signal, threading, solitaire_engine as se\n"
        "threading.Timer(0.4, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
        "try:\n"
        "    se.winnability(se.load_game('aces-and-kings'), [39, 85, 125], time_limit=None, workers=2)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    for _ in range(5):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
        assert (done.returncode, done.stdout, done.stderr) == (0, "interrupted\n", "")


def test_playouts_of_no_steps_stay_interruptible():
    from solitaire_engine import _core

    token = _core.CancelToken()
    threading.Timer(0.2, token.cancel).start()
    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        _long_state()._core.random_playouts(10**15, 0, 1, token)
    assert time.perf_counter() - t0 < 2
