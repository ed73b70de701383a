#include "harness/resume_predictor.h"

#include "harness/typed_config.h"

namespace wf::harness {
WF_REGISTER_BLOCK(ResumePredictorHarness,
                  "AWG resume predictor: resume all or one waiter, timers repair a wrong one")
}  // namespace wf::harness
