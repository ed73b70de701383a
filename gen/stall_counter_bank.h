#pragma once

#include <string>

#include "sim_model/blocks/stall_counter_bank.h"

namespace wf::gen {
std::string emit(const blocks::StallCounterBankParams& p);
}
