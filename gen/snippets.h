// Verilog building blocks several generators use. Each returns text indented for a module body.
#pragma once

#include <string>

namespace wf::gen {

// function [wb-1:0] <name>(base, step): (base + step) mod n, for base < n and 1 <= step <= n.
// The round-robin scans use it to walk the ring of warps starting after a pointer.
std::string ring_add_function(const std::string& name, unsigned n);

// A one-hot decode of an index: assign <onehot> = <valid> ? (1 << <index>) : 0.
std::string onehot_assign(const std::string& onehot, const std::string& valid,
                          const std::string& index, unsigned width);

}  // namespace wf::gen

namespace wf::gen {

// An always block that gives every warp a field looked up through its CTA slot:
//   <out>[w*fw +: fw] = <table>[<warp_cta>[w*cb +: cb] * fw +: fw]
// written as a compare per slot (a mux tree) rather than a variable part-select, which both
// Yosys and Verilator read the same way.
std::string per_warp_lookup(const std::string& out, const std::string& table,
                            const std::string& warp_cta, unsigned num_warps, unsigned num_cta_slots,
                            unsigned cta_bits, unsigned field_bits, const std::string& loop_tag);

// An always block computing the oldest warp of <mask>: the smallest <age> field, ties to the
// lower warp id. Declares <prefix>_valid, <prefix>_warp, <prefix>_age.
std::string oldest_warp_block(const std::string& prefix, const std::string& mask,
                              const std::string& age, unsigned num_warps, unsigned age_bits);

// An always block with the lowest set bit of <mask>: declares <prefix>_valid, <prefix>_warp.
std::string lowest_warp_block(const std::string& prefix, const std::string& mask,
                              unsigned num_warps);

// An always block with the first set bit of <mask> after <last> round the ring of num_warps
// (needs ring_add_function("ring_add", num_warps)): declares <prefix>_valid, <prefix>_warp.
std::string round_robin_block(const std::string& prefix, const std::string& mask,
                              const std::string& last, unsigned num_warps);

}  // namespace wf::gen
