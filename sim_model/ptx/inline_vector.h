// A vector of trivially copyable elements whose first N live inside the object: a warp's SIMT
// stack is seldom deeper than a few entries, and keeping them in the Warp's own cache line
// saves the executor a dependent host-cache miss per step (the heap block a std::vector would
// point to). Beyond N the elements move to the heap, as a std::vector's would on growth.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace wf::ptx {

template <class T, std::uint32_t N>
class InlineVector {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  InlineVector() = default;
  ~InlineVector() { release(); }
  InlineVector(const InlineVector& o) { *this = o; }
  InlineVector& operator=(const InlineVector& o) {
    if (this == &o) return *this;
    clear();
    for (const T& x : o) push_back(x);
    return *this;
  }
  InlineVector(InlineVector&& o) noexcept { *this = std::move(o); }
  InlineVector& operator=(InlineVector&& o) noexcept {
    if (this == &o) return *this;
    release();
    size_ = o.size_;
    if (o.on_heap()) {
      data_ = std::exchange(o.data_, o.inline_);
      capacity_ = std::exchange(o.capacity_, N);
    } else {
      std::copy_n(o.inline_, o.size_, inline_);
    }
    o.size_ = 0;
    return *this;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

  void push_back(const T& x) {
    if (size_ == capacity_) grow();
    data_[size_++] = x;
  }
  void pop_back() { --size_; }
  // Back to the inline storage, so that a recycled warp starts as a fresh one.
  void clear() {
    release();
    size_ = 0;
  }

 private:
  bool on_heap() const { return data_ != inline_; }
  void release() {
    if (!on_heap()) return;
    delete[] data_;
    data_ = inline_;
    capacity_ = N;
  }
  void grow() {
    const std::uint32_t cap = 2 * capacity_;
    T* bigger = new T[cap];
    std::copy_n(data_, size_, bigger);
    release();
    data_ = bigger;
    capacity_ = cap;
  }

  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = N;
  // inline_ or a heap block of capacity_ elements. A plain array, so that taking its address
  // here, before it is initialised, calls no member function of it.
  T* data_ = inline_;
  T inline_[N];
};

}  // namespace wf::ptx
