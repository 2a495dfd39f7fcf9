#include "long_calls.hpp"

#include <csignal>
#include <thread>

namespace py = pybind11;

namespace solpy {

namespace {

// Counts SIGINTs seen by our handler, which runs ahead of Python's own C-level handler:
// Python only looks at its flag on the main thread, so a search in a worker thread would
// otherwise never learn of Ctrl-C.
std::atomic<std::uint64_t> g_sigints{0};
std::atomic<PyOS_sighandler_t> g_python_handler{nullptr};
std::atomic<bool> g_exiting{false};
int g_active = 0;  // calls between LongCall's constructor and destructor; GIL-protected

extern "C" void on_sigint(int sig) {
  g_sigints.fetch_add(1, std::memory_order_relaxed);
  const PyOS_sighandler_t next = g_python_handler.load(std::memory_order_relaxed);
  if (next != nullptr && next != SIG_DFL && next != SIG_IGN) next(sig);
}

// Puts on_sigint in front of whatever C handler Python has installed. Python reinstalls
// its own when a script calls signal.signal(), so this is checked at every long call.
void chain_sigint() {
  const PyOS_sighandler_t current = PyOS_getsig(SIGINT);
  if (current == on_sigint || current == SIG_DFL || current == SIG_IGN || current == nullptr)
    return;
  g_python_handler.store(current);
  PyOS_setsig(SIGINT, on_sigint);
}

bool main_thread() {
  const py::object main = py::module_::import("threading").attr("main_thread")();
  return main.attr("ident").cast<unsigned long>() == PyThread_get_thread_ident();
}

bool ctrl_c_raises() {
  const py::module_ signal = py::module_::import("signal");
  return signal.attr("getsignal")(signal.attr("SIGINT")).is(signal.attr("default_int_handler"));
}

// Registered with atexit: runs after non-daemon threads are joined and before the
// interpreter starts tearing down, the last moment a daemon thread in a long call can still
// take the GIL back safely. Stops every call and waits until all have left.
void stop_long_calls_at_exit() {
  g_exiting.store(true);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (g_active > 0 && std::chrono::steady_clock::now() < give_up) {
    py::gil_scoped_release release;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

[[noreturn]] void raise_exception(PyObject* type) {
  PyErr_SetNone(type);
  throw py::error_already_set();
}

constexpr auto kSignalCheckEvery = std::chrono::milliseconds(250);

}  // namespace

LongCall::LongCall(std::shared_ptr<CancelToken> token) : token_(std::move(token)) {
  // Checked with the GIL held, as the exit hook sets it: no call can slip past the hook.
  if (g_exiting.load()) raise_exception(PyExc_SystemExit);
  chain_sigint();
  on_main_thread_ = main_thread();
  ctrl_c_stops_ = on_main_thread_ || ctrl_c_raises();
  sigints_seen_ = g_sigints.load();
  next_signal_check_ = std::chrono::steady_clock::now() + kSignalCheckEvery;
  ++g_active;
}

LongCall::~LongCall() { --g_active; }

bool LongCall::should_stop() {
  if (g_exiting.load(std::memory_order_relaxed)) {
    why_ = Why::Exiting;
    return true;
  }
  if (token_ && token_->cancelled.load(std::memory_order_relaxed)) {
    why_ = Why::Cancelled;
    return true;
  }
  const std::uint64_t sigints = g_sigints.load(std::memory_order_relaxed);
  if (on_main_thread_) {
    // Python's handlers run here, so a handler that does not raise lets the search go on;
    // the timed check catches other signals and a SIGINT handler installed past ours.
    const auto now = std::chrono::steady_clock::now();
    if (sigints != sigints_seen_ || now >= next_signal_check_) {
      sigints_seen_ = sigints;
      next_signal_check_ = now + kSignalCheckEvery;
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) {
        why_ = Why::Signal;
        return true;
      }
    }
    return false;
  }
  if (ctrl_c_stops_ && sigints != sigints_seen_) {
    why_ = Why::CtrlC;
    return true;
  }
  return false;
}

void LongCall::raise_why() {
  switch (why_) {
    case Why::Exiting:
      // Threads end quietly on SystemExit: no traceback printed at exit.
      raise_exception(PyExc_SystemExit);
    case Why::Signal:
      if (PyErr_Occurred()) throw py::error_already_set();
      raise_exception(PyExc_KeyboardInterrupt);
    case Why::Cancelled:
    case Why::CtrlC:
    case Why::None:
      break;
  }
  raise_exception(PyExc_KeyboardInterrupt);
}

void register_long_calls(py::module_& m) {
  py::class_<CancelToken, std::shared_ptr<CancelToken>>(
      m, "CancelToken", "Stops every long call it was given, from any thread.")
      .def(py::init<>())
      .def("cancel", [](CancelToken& t) { t.cancelled.store(true); })
      .def_property_readonly("cancelled", [](const CancelToken& t) { return t.cancelled.load(); });
  py::module_::import("atexit").attr("register")(py::cpp_function(&stop_long_calls_at_exit));
}

}  // namespace solpy
