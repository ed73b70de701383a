// The hook a block's caller in the cycle model holds: a null pointer when recording is off
// (the call site tests it, nothing else), else the recorder of one block instance. record()
// takes the block's In and Out structs, packs them into their Verilog port bits and appends a
// record for the current cycle of the run.
#pragma once

#include <cassert>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "sim_model/blocks/params.h"
#include "sim_model/trace/trace_writer.h"

namespace wf::trace {

class BlockRecorder {
 public:
  // `clock` is the run's current cycle (BlockTraceSet owns it).
  template <class Params>
  BlockRecorder(std::filesystem::path path, std::string instance, const Params& p,
                const std::uint64_t& clock)
      : path_(std::move(path)),
        clock_(clock),
        params_(std::make_shared<Params>(p)),
        in_type_(&typeid(typename Params::Block::In)),
        pack_(&pack<typename Params::Block>),
        header_(header_of<typename Params::Block>(std::move(instance), p)),
        writer_(path_, header_) {}

  // The block was called this cycle with `in` and answered `out`.
  template <class In, class Out>
  void record(const In& in, const Out& out) {
    assert(typeid(In) == *in_type_);
    // Equal bytes mean equal values (the converse may fail on padding, which only costs the
    // packing), so a call like the previous one skips the port conversion.
    const bool same = last_raw_.size() == sizeof in + sizeof out &&
                      std::memcmp(last_raw_.data(), &in, sizeof in) == 0 &&
                      std::memcmp(last_raw_.data() + sizeof in, &out, sizeof out) == 0;
    if (!same) {
      pack_(params_.get(), &in, &out, bytes_);
      last_raw_.resize(sizeof in + sizeof out);
      std::memcpy(last_raw_.data(), &in, sizeof in);
      std::memcpy(last_raw_.data() + sizeof in, &out, sizeof out);
    }
    writer_.record(clock_, bytes_);
    last_record_cycle_ = clock_;
  }
  // The caller reset the block. A reset before the block's call in this cycle (or with no call
  // in it) takes the place of the previous cycle's clock edge: that edge changed nothing, as
  // the block was not called in it, or the reset undoes what it did.
  void reset() {
    const bool called_now = writer_.records() > 0 && last_record_cycle_ == clock_;
    if (called_now) {
      writer_.reset(clock_);
    } else if (clock_ > 0) {
      writer_.reset(clock_ - 1);
    }  // else: before the first clock edge the block is still in its reset state
  }
  void finish(std::uint64_t end_cycle) { writer_.finish(end_cycle); }

  const TraceHeader& header() const { return header_; }
  const std::filesystem::path& path() const { return path_; }
  std::uint64_t records() const { return writer_.records(); }
  std::uint64_t bytes_written() const { return writer_.bytes_written(); }

 private:
  template <class Block>
  static TraceHeader header_of(std::string instance, const typename Block::Params& p) {
    TraceHeader h;
    h.block = Block::kName;
    h.instance = std::move(instance);
    h.params = blocks::param_list(p);
    h.in_ports = layout_of(Block::in_ports(p, typename Block::In{}));
    h.out_ports = layout_of(Block::out_ports(p, typename Block::Out{}));
    return h;
  }
  template <class Block>
  static void pack(const void* params, const void* in, const void* out,
                   std::vector<std::uint8_t>& bytes) {
    const auto& p = *static_cast<const typename Block::Params*>(params);
    const auto in_ports = Block::in_ports(p, *static_cast<const typename Block::In*>(in));
    const auto out_ports = Block::out_ports(p, *static_cast<const typename Block::Out*>(out));
    unsigned total = 0;
    for (const auto* ports : {&in_ports, &out_ports})
      for (const auto& port : *ports) total += port.value.width();
    bytes.assign((total + 7) / 8, 0);
    unsigned bit = 0;
    pack_ports(in_ports, bit, bytes);
    pack_ports(out_ports, bit, bytes);
  }

  std::filesystem::path path_;
  const std::uint64_t& clock_;
  std::shared_ptr<const void> params_;
  [[maybe_unused]] const std::type_info* in_type_;  // read only by the assert in record()
  void (*pack_)(const void*, const void*, const void*, std::vector<std::uint8_t>&);
  TraceHeader header_;
  TraceWriter writer_;
  std::vector<std::uint8_t> bytes_;     // the last call's record
  std::vector<std::uint8_t> last_raw_;  // the last call's In and Out objects, byte for byte
  std::uint64_t last_record_cycle_ = 0;
};

}  // namespace wf::trace
