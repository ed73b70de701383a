#include "workloads/spec/spec_check.h"

#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace wf::workloads::spec {
namespace {

const HostBuffer& buffer_named(const std::vector<HostBuffer>& buffers, const std::string& name) {
  for (const auto& b : buffers)
    if (b.name == name) return b;
  // The loader checked every name; getting here means the runner lost a buffer.
  throw std::logic_error("spec check: no buffer " + name);
}

bool same(const Value& got, const Value& want, double tolerance) {
  if (!got.is_float() && !want.is_float()) return got.i == want.i;
  const double g = got.as_double(), w = want.as_double();
  if (std::isnan(g) || std::isnan(w)) return std::isnan(g) && std::isnan(w);
  return g == w || std::fabs(g - w) <= tolerance;
}

class BufferSource : public ElementSource {
 public:
  explicit BufferSource(const std::vector<HostBuffer>& buffers) : buffers_(buffers) {}
  Value element(const std::string& name, std::int64_t index) const override {
    const HostBuffer& b = buffer_named(buffers_, name);
    if (index < 0 || static_cast<std::uint64_t>(index) >= b.count())
      throw ExpressionError(
          fmt::format("index {} out of range for {} ({} elements)", index, name, b.count()));
    return b.get(static_cast<std::size_t>(index));
  }

 private:
  const std::vector<HostBuffer>& buffers_;
};

// Element i of what an equals check expects.
Value expected_at(const CheckSpec& c, const HostBuffer& b, std::size_t i) {
  if (!c.expected_file.empty())
    return load_element(b.type, &c.expected_file[i * element_size(b.type)]);
  return c.expected.size() == 1 ? c.expected[0] : c.expected[i];
}

std::optional<std::string> check_equals(const CheckSpec& c, const HostBuffer& b) {
  std::size_t first = 0, count = 0;
  for (std::size_t i = 0; i < b.count(); ++i) {
    if (same(b.get(i), expected_at(c, b, i), c.tolerance)) continue;
    if (count++ == 0) first = i;
  }
  if (count == 0) return std::nullopt;
  return fmt::format("{}: {}[{}] = {}, expected {} ({} of {} elements differ)", c.key, b.name,
                     first, b.get(first).to_string(), expected_at(c, b, first).to_string(), count,
                     b.count());
}

// The operands a failing element saw: "a[5] = 1, b[5] = 2, c[5] = 4".
std::string operands_at(const Expression& e, const std::vector<HostBuffer>& buffers,
                        std::size_t i) {
  std::string out;
  for (const auto& name : e.buffers()) {
    const HostBuffer& b = buffer_named(buffers, name);
    if (i >= b.count()) continue;
    out += fmt::format("{}{}[{}] = {}", out.empty() ? "" : ", ", name, i, b.get(i).to_string());
  }
  return out;
}

std::optional<std::string> check_expr(const CheckSpec& c, const HostBuffer& b,
                                      const std::vector<HostBuffer>& buffers) {
  const BufferSource source(buffers);
  const auto n = static_cast<std::int64_t>(b.count());
  std::int64_t first = -1;
  std::size_t count = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    try {
      if (c.expr->evaluate(source, i, n).truthy()) continue;
    } catch (const ExpressionError& e) {
      return fmt::format("{}: `{}` at i = {}: {}", c.key, c.expr->text(), i, e.what());
    }
    if (count++ == 0) first = i;
  }
  if (count == 0) return std::nullopt;
  return fmt::format("{}: `{}` is false at i = {} ({}) ({} of {} elements)", c.key, c.expr->text(),
                     first, operands_at(*c.expr, buffers, static_cast<std::size_t>(first)), count,
                     n);
}

std::optional<std::string> check_checksum(const CheckSpec& c, const HostBuffer& b) {
  const char* name = c.kind == CheckSpec::Kind::sum        ? "sum"
                     : c.kind == CheckSpec::Kind::xor_bits ? "xor"
                                                           : "fnv1a";
  if (c.kind == CheckSpec::Kind::sum && is_float_type(b.type)) {
    const double got = checksum_sum_float(b);
    if (same(Value::f64(got), c.checksum, c.tolerance)) return std::nullopt;
    return fmt::format("{}: sum of {} = {}, expected {}", c.key, b.name, got,
                       c.checksum.to_string());
  }
  const std::uint64_t got = c.kind == CheckSpec::Kind::sum        ? checksum_sum(b)
                            : c.kind == CheckSpec::Kind::xor_bits ? checksum_xor(b)
                                                                  : checksum_fnv1a(b);
  const auto want = static_cast<std::uint64_t>(c.checksum.i);
  if (got == want) return std::nullopt;
  // Sums read best in decimal, bit patterns in hex.
  if (c.kind == CheckSpec::Kind::sum)
    return fmt::format("{}: sum of {} = {}, expected {}", c.key, b.name, got, want);
  return fmt::format("{}: {} of {} = {:#x}, expected {:#x}", c.key, name, b.name, got, want);
}

}  // namespace

std::uint64_t checksum_sum(const HostBuffer& b) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < b.count(); ++i) sum += static_cast<std::uint64_t>(b.get(i).i);
  return sum;
}

double checksum_sum_float(const HostBuffer& b) {
  double sum = 0;
  for (std::size_t i = 0; i < b.count(); ++i) sum += b.get(i).f;
  return sum;
}

std::uint64_t checksum_xor(const HostBuffer& b) {
  const std::size_t size = element_size(b.type);
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < b.count(); ++i) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &b.bytes[i * size], size);  // little-endian host: zero-extends
    x ^= bits;
  }
  return x;
}

std::uint64_t checksum_fnv1a(const HostBuffer& b) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (auto byte : b.bytes) {
    h ^= byte;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::optional<std::string> run_check(const CheckSpec& check,
                                     const std::vector<HostBuffer>& buffers) {
  const HostBuffer& b = buffer_named(buffers, check.buffer);
  switch (check.kind) {
    case CheckSpec::Kind::equals:
      return check_equals(check, b);
    case CheckSpec::Kind::expr:
      return check_expr(check, b, buffers);
    default:
      return check_checksum(check, b);
  }
}

}  // namespace wf::workloads::spec
