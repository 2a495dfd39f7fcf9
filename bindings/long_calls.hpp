// Long C++ calls from Python (solve, perft, playouts): they run without the GIL and stop
// within milliseconds on Ctrl-C (in whichever thread they run), on a CancelToken, or when
// the interpreter exits. A worker thread never takes the GIL while it searches: a daemon
// thread that did so during interpreter shutdown would be killed mid-call and abort the
// process.
#pragma once
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <utility>

#include "search.hpp"

namespace solpy {

// Set from Python (e.g. by a pool whose caller was interrupted); every call given it stops.
struct CancelToken {
  std::atomic<bool> cancelled{false};
};

// One long call in progress: built and destroyed with the GIL held, polled without it.
class LongCall {
 public:
  explicit LongCall(std::shared_ptr<CancelToken> token);  // raises SystemExit when exiting
  ~LongCall();
  LongCall(const LongCall&) = delete;
  LongCall& operator=(const LongCall&) = delete;

  bool should_stop();             // the StopPoll; no GIL held
  [[noreturn]] void raise_why();  // GIL held: the Python exception for the stop

 private:
  enum class Why { None, Exiting, Cancelled, Signal, CtrlC };
  std::shared_ptr<CancelToken> token_;
  bool on_main_thread_;
  bool ctrl_c_stops_;  // SIGINT means KeyboardInterrupt here (Python's default handler)
  std::uint64_t sigints_seen_;
  std::chrono::steady_clock::time_point next_signal_check_;
  Why why_ = Why::None;
};

// Registers CancelToken and the interpreter-exit hook on the module.
void register_long_calls(pybind11::module_& m);

// Runs work(poll) without the GIL; a stop becomes a Python exception (KeyboardInterrupt,
// or SystemExit at interpreter exit) once the GIL is back.
template <class F>
auto run_long(std::shared_ptr<CancelToken> token, F&& work) {
  LongCall call(std::move(token));
  const sol::StopPoll poll = [&call] { return call.should_stop(); };
  bool stopped = false;
  decltype(work(poll)) result{};
  {
    pybind11::gil_scoped_release release;
    try {
      result = work(poll);
    } catch (const sol::Interrupted&) {
      stopped = true;
    }
  }
  if (stopped) call.raise_why();
  return result;
}

}  // namespace solpy
