#include "sim_model/blocks/resume_predictor.h"

#include <bit>

namespace wf::blocks {

namespace {

std::uint32_t resume_mask(unsigned bits) {
  return bits >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << bits) - 1;
}

// Read from the values map, not Machine::value: that function's object brings the TOML parser
// into every Verilated runner that links this library, which does not link the parser.
unsigned resume_machine_value(const Machine& m, std::string_view key, unsigned fallback) {
  const auto it = m.values.find(key);
  return it == m.values.end() ? fallback : static_cast<unsigned>(it->second.value);
}

}  // namespace

std::string ResumePredictorParams::validate() const {
  if (conditions() < 2) return "cache_sets x cache_ways must be at least 2";
  return {};
}

const std::vector<ParamDesc>& ResumePredictorParams::describe() {
  using P = ResumePredictorParams;
  static const std::vector<ParamDesc> table = {
      uint_param<P>("cache_sets", "s", "sets of the condition cache (ids: set x ways + way)",
                    &P::cache_sets, 1, 4096),
      uint_param<P>("cache_ways", "w", "ways per set of the condition cache", &P::cache_ways, 1,
                    16),
      uint_param<P>("wg_entries", "e", "entries of the waiting-WG list: the most waiters",
                    &P::wg_entries, 2, 4096),
      uint_param<P>("count_bits", "u", "bits of the Bloom filter's unique-update count",
                    &P::count_bits, 2, 8),
      uint_param<P>("resume_timeout", "t", "cycles a resume-one guess waits before the rest",
                    &P::resume_timeout, 1, 1000000),
      uint_param<P>("resume_timers", "n", "timer slots: resume-one guesses awaiting repair",
                    &P::resume_timers, 1, 64),
  };
  return table;
}

std::vector<ResumePredictorParams> ResumePredictorParams::for_machine(const Machine& m) {
  const unsigned sets = resume_machine_value(m, "syncmon.cache_sets", 0);
  if (sets == 0) return {};
  ResumePredictorParams p;
  p.cache_sets = sets;
  p.cache_ways = resume_machine_value(m, "syncmon.cache_ways", p.cache_ways);
  p.wg_entries = resume_machine_value(m, "syncmon.wg_entries", p.wg_entries);
  p.resume_timeout = resume_machine_value(m, "syncmon.resume_timeout", p.resume_timeout);
  p.resume_timers = resume_machine_value(m, "syncmon.resume_timers", p.resume_timers);
  return {p};
}

unsigned ResumePredictorParams::time_bits() const {
  return static_cast<unsigned>(std::bit_width(resume_timeout)) + 1;
}

ResumePredictor::ResumePredictor(const Params& p) : p_(p), slots_(p.resume_timers) {
  reset();
}

void ResumePredictor::reset() {
  slots_.assign(p_.resume_timers, Slot{});
}

bool ResumePredictor::expired(unsigned i, std::uint32_t now) const {
  const unsigned tb = p_.time_bits();
  const std::uint32_t since = (now - slots_[i].deadline) & resume_mask(tb);
  return slots_[i].valid && (since >> (tb - 1)) == 0;
}

unsigned ResumePredictor::armed() const {
  unsigned n = 0;
  for (const Slot& s : slots_) n += s.valid;
  return n;
}

ResumePredictor::Step ResumePredictor::step(const In& in) const {
  Step st;
  const unsigned n = p_.resume_timers;
  const std::uint32_t now = in.now & resume_mask(p_.time_bits());
  for (unsigned i = 0; i < n && !st.shown; ++i)
    if (expired(i, now)) st.shown = i;
  std::vector<bool> kept(n);
  for (unsigned i = 0; i < n; ++i) kept[i] = slots_[i].valid;
  if (in.timeout_ack && st.shown) {
    st.acked = st.shown;
    kept[*st.shown] = false;
  }
  const std::uint32_t cmask = resume_mask(p_.cond_bits());
  if (in.cancel_valid) {
    for (unsigned i = 0; i < n; ++i) {
      if (kept[i] && slots_[i].cond == (in.cancel_cond & cmask)) {
        st.canceled = i;
        kept[i] = false;
      }
    }
  }
  if (!in.met_valid) return st;
  for (unsigned i = 0; i < n; ++i) {
    if (kept[i] && slots_[i].cond == (in.met_cond & cmask) && !st.hit) st.hit = i;
    if (!kept[i] && !st.free) st.free = i;
  }
  const bool many = (in.met_waiters & resume_mask(p_.waiter_bits())) > 1;
  const bool spread = (in.met_unique & resume_mask(p_.count_bits)) > 2;
  st.rule_all = many && spread;
  st.need_timer = many && !spread;
  st.fallback = st.need_timer && !st.hit && !st.free;
  st.resume_all = st.rule_all || st.fallback;
  if (st.need_timer && !st.fallback) {
    st.armed = st.hit ? st.hit : st.free;
  } else {
    st.freed = st.hit;
  }
  return st;
}

ResumePredictor::Out ResumePredictor::eval(const In& in) const {
  const Step st = step(in);
  Out o;
  o.resume_all = st.resume_all;
  o.timeout_valid = st.shown.has_value();
  if (st.shown) o.timeout_cond = slots_[*st.shown].cond;
  return o;
}

void ResumePredictor::tick(const In& in) {
  const Step st = step(in);
  if (st.acked) slots_[*st.acked].valid = false;
  if (st.canceled) slots_[*st.canceled].valid = false;
  if (st.freed) slots_[*st.freed].valid = false;
  if (st.armed) {
    Slot& s = slots_[*st.armed];
    s.valid = true;
    s.cond = in.met_cond & resume_mask(p_.cond_bits());
    s.deadline = (in.now + p_.resume_timeout) & resume_mask(p_.time_bits());
  }
}

std::vector<PortValue> ResumePredictor::in_ports(const Params& p, const In& in) {
  return {{"met_valid_i", BitVec(1, in.met_valid)},
          {"met_cond_i", BitVec(p.cond_bits(), in.met_cond)},
          {"met_waiters_i", BitVec(p.waiter_bits(), in.met_waiters)},
          {"met_unique_i", BitVec(p.count_bits, in.met_unique)},
          {"cancel_valid_i", BitVec(1, in.cancel_valid)},
          {"cancel_cond_i", BitVec(p.cond_bits(), in.cancel_cond)},
          {"timeout_ack_i", BitVec(1, in.timeout_ack)},
          {"now_i", BitVec(p.time_bits(), in.now)}};
}

std::vector<PortValue> ResumePredictor::out_ports(const Params& p, const Out& out) {
  return {{"resume_all_o", BitVec(1, out.resume_all)},
          {"timeout_valid_o", BitVec(1, out.timeout_valid)},
          {"timeout_cond_o", BitVec(p.cond_bits(), out.timeout_cond)}};
}

}  // namespace wf::blocks
