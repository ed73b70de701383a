// A number as launch specs and check expressions see it: an integer, or a float that remembers
// whether it is single precision, so that `c[i] == a[i] + b[i]` on f32 buffers rounds the sum
// to float the way the kernel did (C's usual arithmetic conversions, minus integer widths).
#pragma once

#include <cstdint>
#include <string>

namespace wf::workloads::spec {

struct Value {
  enum class Kind { integer, f32, f64 };  // in promotion order
  Kind kind = Kind::integer;
  std::int64_t i = 0;  // when kind == integer
  double f = 0;        // otherwise (an f32 value is kept rounded to float)

  static Value integer(std::int64_t v) { return Value{Kind::integer, v, 0}; }
  static Value f64(double v) { return Value{Kind::f64, 0, v}; }
  static Value f32(double v) { return Value{Kind::f32, 0, static_cast<float>(v)}; }

  bool is_float() const { return kind != Kind::integer; }
  double as_double() const { return is_float() ? f : static_cast<double>(i); }
  bool truthy() const { return is_float() ? f != 0.0 : i != 0; }
  std::string to_string() const;
};

}  // namespace wf::workloads::spec
