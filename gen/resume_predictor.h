#pragma once

#include <string>

#include "sim_model/blocks/resume_predictor.h"

namespace wf::gen {
std::string emit(const blocks::ResumePredictorParams& p);
}
