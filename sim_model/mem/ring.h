// A FIFO with a capacity fixed at construction: the memory system's queues are all bounded by
// the hardware they model, and a fixed ring keeps the cycle loop free of heap traffic.
#pragma once

#include <cassert>
#include <cstddef>
#include <vector>

namespace wf::mem {

template <typename T>
class Ring {
 public:
  Ring() = default;
  explicit Ring(std::size_t capacity) : slots_(capacity) {}

  std::size_t capacity() const { return slots_.size(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ == slots_.size(); }

  T& front() {
    assert(size_ > 0);
    return slots_[head_];
  }
  const T& front() const {
    assert(size_ > 0);
    return slots_[head_];
  }
  // i-th oldest element.
  const T& at(std::size_t i) const { return slots_[wrap(head_ + i)]; }

  // Returns the element pushed, for callers that complete it in place.
  T& push(const T& value) {
    assert(!full());
    T& slot = slots_[wrap(head_ + size_)];
    slot = value;
    ++size_;
    return slot;
  }
  T pop() {
    assert(size_ > 0);
    T value = slots_[head_];
    head_ = wrap(head_ + 1);
    --size_;
    return value;
  }

 private:
  std::size_t wrap(std::size_t i) const { return i >= slots_.size() ? i - slots_.size() : i; }

  std::vector<T> slots_;
  std::size_t head_ = 0, size_ = 0;
};

}  // namespace wf::mem
