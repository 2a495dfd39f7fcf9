// The positions of a search that walks one state about its tree (the best-first searches,
// the beam over the stock's deals): each the move from its parent and the move's undo record.
#pragma once
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "position_set.hpp"
#include "state.hpp"

namespace sol {

constexpr std::uint32_t kRoot = 0xFFFFFFFFu;  // the parent of the start

// A position is the move that led to it from its parent and what undoing it needs (24 bytes),
// not a copy of the state.
struct Node {
  std::uint32_t parent;
  Move move;
  Undo undo;
  std::uint16_t depth;
};

// Nodes in fixed-size chunks: growing never copies, so the memory charged is the memory held.
class NodeStore {
 public:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  // Bytes charged per node: the node and its place in the queue (vectors may double).
  static constexpr std::size_t kBytesPerNode = sizeof(Node) + 2 * sizeof(std::uint32_t);

  explicit NodeStore(MemoryBudget& budget) : budget_(budget) {}
  ~NodeStore() { release(); }
  NodeStore(const NodeStore&) = delete;
  NodeStore& operator=(const NodeStore&) = delete;

  Node& operator[](std::uint32_t i) { return *std::launder(reinterpret_cast<Node*>(&slot(i))); }
  std::uint32_t size() const { return static_cast<std::uint32_t>(size_); }
  // False when the budget (or 2^32 nodes) is used up. Written field by field: a Node built
  // whole and copied in was read back before its parts were stored, a stall on every node.
  bool add(std::uint32_t parent, Move move, const Undo& undo, std::uint16_t depth) {
    if (size_ == chunks_.size() * kChunk) {
      if (size_ + kChunk >= kRoot || !budget_.take(kChunk * kBytesPerNode)) return false;
      chunks_.emplace_back(new Slot[kChunk]);
    }
    Node& n = *new (&slot(static_cast<std::uint32_t>(size_++))) Node;
    n.parent = parent;
    n.move = move;
    n.undo = undo;
    n.depth = depth;
    return true;
  }
  void release() {
    budget_.give(chunks_.size() * kChunk * kBytesPerNode);
    chunks_.clear();
    size_ = 0;
  }

 private:
  // Raw room for a node: a chunk of Nodes would be initialised, 2 MiB written before the
  // first position, which a search decided within thousands of positions cannot repay.
  struct Slot {
    alignas(Node) unsigned char bytes[sizeof(Node)];
  };
  static_assert(std::is_trivially_destructible<Node>::value, "nodes are never destroyed");
  Slot& slot(std::uint32_t i) { return chunks_[i / kChunk][i % kChunk]; }

  MemoryBudget& budget_;
  std::vector<std::unique_ptr<Slot[]>> chunks_;
  std::size_t size_ = 0;
};

// Brings s from node `from` to node `to`: back up to their common ancestor, then down along
// to's path. A node is stored after its parent, so of two nodes the later one is never the
// other's ancestor. `down`: scratch room.
inline void walk(State& s, NodeStore& nodes, std::uint32_t from, std::uint32_t to,
                 std::vector<std::uint32_t>& down) {
  down.clear();
  while (from != to) {
    if (from != kRoot && (to == kRoot || from > to)) {
      s.unmake_macro(nodes[from].move, nodes[from].undo);
      from = nodes[from].parent;
    } else {
      down.push_back(to);
      to = nodes[to].parent;
    }
  }
  for (auto it = down.rbegin(); it != down.rend(); ++it) {
    Undo u;
    s.make_macro(nodes[*it].move, u);
  }
}

}  // namespace sol
