#include "workloads/spec/buffer_init.h"

#include "workloads/rng.h"

namespace wf::workloads::spec {
namespace {

Value iota_element(const BufferInit& init, std::size_t i, bool float_type) {
  if (float_type || init.start.is_float() || init.step.is_float())
    return Value::f64(init.start.as_double() + static_cast<double>(i) * init.step.as_double());
  // Unsigned arithmetic: a sequence that runs past the type's range wraps instead of being UB.
  const auto v = static_cast<std::uint64_t>(init.start.i) +
                 static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(init.step.i);
  return Value::integer(static_cast<std::int64_t>(v));
}

Value random_element(const BufferInit& init, SplitMix64& rng, bool float_type) {
  if (float_type) {
    const double lo = init.min.as_double(), hi = init.max.as_double();
    return Value::f64(lo + rng.unit() * (hi - lo));
  }
  const auto span = static_cast<std::uint64_t>(init.max.i) - static_cast<std::uint64_t>(init.min.i);
  const std::uint64_t offset = span == ~0ULL ? rng.next() : rng.below(span + 1);
  return Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(init.min.i) + offset));
}

}  // namespace

void fill(HostBuffer& buffer, const BufferInit& init) {
  const bool float_type = is_float_type(buffer.type);
  const std::size_t n = buffer.count();
  SplitMix64 rng(init.seed);
  switch (init.kind) {
    case BufferInit::Kind::zeros:
      std::fill(buffer.bytes.begin(), buffer.bytes.end(), 0);
      return;
    case BufferInit::Kind::file:
      buffer.bytes = init.file_bytes;
      return;
    case BufferInit::Kind::constant:
      for (std::size_t i = 0; i < n; ++i) buffer.set(i, init.value);
      return;
    case BufferInit::Kind::iota:
      for (std::size_t i = 0; i < n; ++i) buffer.set(i, iota_element(init, i, float_type));
      return;
    case BufferInit::Kind::random:
      for (std::size_t i = 0; i < n; ++i) buffer.set(i, random_element(init, rng, float_type));
      return;
    case BufferInit::Kind::values:
      std::fill(buffer.bytes.begin(), buffer.bytes.end(), 0);
      for (const InitSlot& s : init.slots)
        if (!s.address) store_element(s.type, &buffer.bytes[s.offset], s.value);
      return;
  }
}

}  // namespace wf::workloads::spec
