// A splitmix64 stream: tiny, fast, and good enough to pick random moves and orders.
#pragma once
#include <cstdint>

#include "state.hpp"

namespace sol {

struct Rng {
  std::uint64_t x;
  std::uint64_t next() { return mix64(x += 0x9E3779B97F4A7C15ull); }
  int below(int n) { return static_cast<int>((next() >> 32) * static_cast<std::uint64_t>(n) >> 32); }
};

}  // namespace sol
