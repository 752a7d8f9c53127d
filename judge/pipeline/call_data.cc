#include "judge/pipeline/call_data.h"

namespace judge {

const char* output_fill_name(OutputFill fill) {
  switch (fill) {
    case OutputFill::Zero:
      return "zeros";
    case OutputFill::Poison:
      return "poison";
  }
  return "zeros";
}

CallData generate_call(const Problem& problem, const TestCase& test_case, uint64_t seed, OutputFill output_fill) {
  CallData call;
  call.output_fill = output_fill;
  call.test_case = &test_case;
  call.seed = seed;
  call.tensors = generate_case_inputs(problem, test_case, seed);
  return call;
}

CallData prepare_call(const Problem& problem, const TestCase& test_case, uint64_t seed, OutputFill output_fill) {
  CallData call = generate_call(problem, test_case, seed, output_fill);
  compute_expected(problem, test_case, call.tensors);
  return call;
}

}  // namespace judge
