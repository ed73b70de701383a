// A bit vector of any width, used where a block's ports are viewed as flat Verilog vectors:
// mismatch reports, traces and the Verilator port copy. The golden models themselves keep
// their values in machine words.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wf::blocks {

class BitVec {
 public:
  BitVec() = default;
  explicit BitVec(unsigned width) : width_(width), words_((width + 63) / 64, 0) {}
  BitVec(unsigned width, std::uint64_t value) : BitVec(width) { set_field(0, width, value); }

  unsigned width() const { return width_; }
  const std::vector<std::uint64_t>& words() const { return words_; }
  std::vector<std::uint64_t>& words() { return words_; }

  // Writes `value` (its low `width` bits, width <= 64) at bit `lsb`.
  void set_field(unsigned lsb, unsigned width, std::uint64_t value);
  std::uint64_t get_field(unsigned lsb, unsigned width) const;
  bool bit(unsigned i) const { return get_field(i, 1) != 0; }

  // Verilog-style hex literal: 48'h0000_0000_0f01.
  std::string hex() const;

  bool operator==(const BitVec&) const = default;

 private:
  unsigned width_ = 0;
  std::vector<std::uint64_t> words_;
};

// A named port value, in the order the module declares its ports.
struct PortValue {
  std::string name;
  BitVec value;
};

// Packs `count` fields of `width` bits each, element 0 in the least significant bits (the
// layout of a flat Verilog vector indexed [i*width +: width]).
template <class Array>
BitVec pack_fields(const Array& fields, unsigned count, unsigned width) {
  BitVec v(count * width);
  for (unsigned i = 0; i < count; ++i) v.set_field(i * width, width, fields[i]);
  return v;
}

// The inverse of pack_fields.
template <class Array>
void unpack_fields(const BitVec& v, Array& fields, unsigned count, unsigned width) {
  for (unsigned i = 0; i < count; ++i)
    fields[i] = static_cast<typename Array::value_type>(v.get_field(i * width, width));
}

}  // namespace wf::blocks
