// Builds a block's property wrapper `<module>_props`: every block input becomes a free input of
// the wrapper, the block is instantiated as `dut`, and properties are stated as immediate
// assertions over its ports. Properties hold from the first reset on (before it the state is
// undefined), so every assertion and assumption is gated by `reset_seen_q`; transition
// properties can use `past_valid_q` (the previous cycle was after a reset and not a reset
// itself) and `past_reset_q` (the previous cycle was a reset).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "gen/properties/property_set.h"
#include "sim_model/blocks/bitvec.h"

namespace wf::gen {

class PropertyModule {
 public:
  // `inputs` / `outputs`: the block's ports without clk_i/rst_ni, as its golden model lists them
  // (Block::in_ports / out_ports), in declaration order.
  PropertyModule(std::string block_module, const std::vector<blocks::PortValue>& inputs,
                 const std::vector<blocks::PortValue>& outputs);

  // An internal register of the block the properties read (an invariant over internal state).
  void expose(const std::string& reg, unsigned width);
  // A free input of the wrapper that models the environment (e.g. a CTA's size).
  void free_input(const std::string& name, unsigned width, const std::string& doc);
  // Declarations, helper logic and ghost state the properties use, verbatim.
  void logic(const std::string& verilog);
  // An input contract: constrains the free inputs. `expr` is a 1-bit Verilog expression.
  void assume(const std::string& name, const std::string& expr, const std::string& doc);
  // A property of the block: `expr` must hold in every cycle after the first reset.
  void require(const std::string& name, const std::string& expr, const std::string& doc);
  // A strengthening invariant over internal state (asserted like a property).
  void invariant(const std::string& name, const std::string& expr, const std::string& doc);
  void set_depth(unsigned cycles) { depth_ = cycles; }

  PropertySet finish() const;

 private:
  void add_check(const std::string& name, const std::string& expr, const std::string& doc,
                 bool invariant);

  std::string block_module_;
  std::vector<blocks::PortValue> inputs_, outputs_;
  std::vector<std::pair<std::string, unsigned>> exposed_;
  std::vector<std::string> free_inputs_;  // declaration lines
  std::ostringstream logic_;
  std::ostringstream checks_;
  PropertySet set_;
  unsigned depth_ = 8;
};

}  // namespace wf::gen
