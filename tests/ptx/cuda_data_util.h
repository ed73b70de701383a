// Loading the nvcc-compiled test kernels in tests/ptx/data and measuring floating-point error.
#pragma once

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace wf::ptx::test {

inline std::string data_file(const std::string& name) {
  std::ifstream in(std::string(WF_PTX_TEST_DATA "/") + name);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Distance of `got` from the correctly rounded value of `exact`, in units in the last place of
// T there (the subnormal spacing below the normal range): the measure of the CUDA Programming
// Guide's error tables. Infinite when exactly one of them is NaN, or an infinity differs.
template <class T>
double ulp_error(T got, long double exact) {
  const T ref = static_cast<T>(exact);
  if (std::isnan(got) || std::isnan(ref))
    return std::isnan(got) && std::isnan(ref) ? 0 : std::numeric_limits<double>::infinity();
  if (std::isinf(ref) || std::isinf(got))
    return got == ref ? 0 : std::numeric_limits<double>::infinity();
  int e = std::ilogb(ref);
  if (ref == 0 || e < std::numeric_limits<T>::min_exponent - 1)
    e = std::numeric_limits<T>::min_exponent - 1;
  const long double ulp = std::ldexp(1.0L, e - (std::numeric_limits<T>::digits - 1));
  return static_cast<double>(
      std::fabs(static_cast<long double>(got) - static_cast<long double>(ref)) / ulp);
}

// Bit-exact equality where every NaN equals every NaN.
template <class T>
bool same_value(T a, T b) {
  return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
}

}  // namespace wf::ptx::test
