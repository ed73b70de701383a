#pragma once

#include "gen/properties/property_set.h"
#include "sim_model/blocks/resume_predictor.h"

namespace wf::gen {
PropertySet emit_properties(const blocks::ResumePredictorParams& p);
}
