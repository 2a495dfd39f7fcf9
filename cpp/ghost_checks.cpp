// Klondike #341 (with other settings than these, measured in seeds/solver.md): the first
// proof, at a position with six cards face down, kept 18 cards; the same 18 then proved 2,258
// of the next 2,259 positions checked lost, in 175 positions each on average, and the
// deal with them in 3.8 s, which the searches alone had not decided in 10 s.
#include "ghost_checks.hpp"

#include <algorithm>

#include "ghost_relaxation.hpp"
#include "rules.hpp"

namespace sol {

namespace {

// Measured on Klondike's deals 1-1000 at 10 s (seeds/solver.md): the checks' cost falls
// mostly on deals won within a second, each of which pays up to kCredit.
constexpr std::uint64_t kCredit = 50'000;
constexpr std::uint64_t kShare = 4;
constexpr std::size_t kRemembered = 8;           // kept sets that proved a loss, tried first
constexpr std::uint64_t kRememberedCap = 2'000;  // positions for each of them
constexpr std::uint64_t kFreshBudget = 50'000;   // positions for the fresh tries of one check
constexpr std::size_t kAnswers = std::size_t{1} << 16;  // answers remembered: 1.5 MB

}  // namespace

bool GhostChecks::apply(const Rules& R, bool stuck_cards) { return stuck_cards && R.pins_prove_losses; }

int GhostChecks::answer(const State& s, std::uint64_t kept, bool play, std::uint64_t* n) {
  *n = 0;
  std::uint64_t a, b;
  smaller_game_key(s, kept, a, b);
  if (answers_.empty()) answers_.resize(kAnswers);
  Answer& slot = answers_[b & (kAnswers - 1)];
  if (slot.verdict != -2 && slot.a == a && slot.b == b) return slot.verdict;
  if (!play) return -2;
  slot = Answer{a, b, smaller_game_lost(s, kept, kRememberedCap, n)};
  return slot.verdict;
}

bool GhostChecks::lost_by_kept_sets(const State& s) {
  if (expanded_ < delay_ || proved_.empty()) return false;
  const bool play = wasted_ < kCredit + (expanded_ - delay_) / kShare;
  for (std::size_t i = proved_.size(); i-- > 0;) {
    std::uint64_t n;
    const int r = answer(s, proved_[i], play, &n);
    positions_ += n;
    if (r == 1) {  // the most recent proof first next time
      const auto at = proved_.begin() + static_cast<std::ptrdiff_t>(i);
      std::rotate(at, at + 1, proved_.end());
      return true;
    }
    wasted_ += n;
  }
  return false;
}

bool GhostChecks::lost(const State& s) {
  if (expanded_ < delay_ || wasted_ >= kCredit + (expanded_ - delay_) / kShare) return false;
  if (lost_by_kept_sets(s)) return true;
  GhostProof proof;
  const bool lost = ghost_relaxation_loss(s, &proof, 30, 5'000, kFreshBudget);
  positions_ += proof.positions;
  if (!lost) {
    wasted_ += proof.positions;
    return false;
  }
  if (proved_.size() == kRemembered) proved_.erase(proved_.begin());
  proved_.push_back(proof.kept);
  return true;
}

}  // namespace sol
