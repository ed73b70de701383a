// What a block's property generator hands the prover: a Verilog wrapper module that instantiates
// the generated block and states its properties as immediate assertions (Yosys
// `read_verilog -formal`), plus what the prover and the report need to know about it.
#pragma once

#include <string>
#include <vector>

namespace wf::gen {

struct Property {
  std::string name;  // the assertion's label, e.g. grant_only_requesters
  std::string doc;   // one line: what it says
  // A strengthening invariant: a fact about internal state that is true in every reachable
  // state and is asserted so that one-step induction can close; not a requirement in itself.
  bool invariant = false;
};

struct Assumption {
  std::string name;
  std::string doc;  // the input contract it encodes, as the block's model header documents it
};

struct PropertySet {
  std::string top;      // <module>_props
  std::string verilog;  // the wrapper module (it instantiates the block's module as `dut`)
  // Internal registers of the block the wrapper reads through ports of the same name; the
  // prover turns each into an output of the block (Yosys `expose`) before elaborating.
  std::vector<std::string> exposed;
  std::vector<std::string> outputs;  // the block's output ports (wires of the wrapper)
  std::vector<Property> properties;  // in the order stated
  std::vector<Assumption> assumptions;
  // How many cycles deep the prover searches for a counterexample when induction does not
  // close: enough to reach the block's interesting states where that is cheap.
  unsigned depth = 8;
};

}  // namespace wf::gen

namespace wf::gen {
// The 1-bit wire of the wrapper that carries a property (1 = holds, gated by reset); the prover
// shows these in a counterexample to name the assertion that failed.
inline std::string property_wire(const std::string& name) {
  return "prop_" + name;
}
}  // namespace wf::gen
