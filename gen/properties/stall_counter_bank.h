#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/stall_counter_bank.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::StallCounterBankParams& p);
}
