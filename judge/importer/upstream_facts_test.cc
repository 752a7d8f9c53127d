// What the facts table reads from a def.py: get_flops evaluated per case
// (loops and augmented assignments included) and the input recipes.
#include "judge/importer/upstream_facts.h"

#include <gtest/gtest.h>

#include "judge/importer/tensara_def.h"

namespace judge::importer {
namespace {

constexpr const char* kReduction = R"PY(
class sum_dim(Problem):
    parameters = [
        {"name": "input", "type": "float", "pointer": True, "const": True},
        {"name": "output", "type": "float", "pointer": True, "const": False},
    ]

    def generate_test_cases(self):
        test_configs = [((16, 128, 256), 1), ((8, 1024), 0)]
        test_cases = []
        for shape, dim in test_configs:
            test_cases.append({
                "name": f"shape={shape}",
                "shape": shape,
                "dim": dim,
                "create_inputs": lambda shape=shape: (torch.rand(shape) * 2.0 - 1.0,)
            })
        return test_cases

    def get_flops(self, test_case):
        """One addition per element after the first of each line."""
        shape = test_case["shape"]
        total = 1
        for s in shape:
            total *= s
        return total // shape[test_case["dim"]] * (shape[test_case["dim"]] - 1)
)PY";

TEST(UpstreamFactsTest, GetFlopsIsEvaluatedPerCaseWithItsLoop) {
  const TensaraDefinition def = read_tensara_def(kReduction);
  ASSERT_EQ(def.cases.size(), 2u);
  ASSERT_TRUE(def.cases[0].flops.has_value()) << def.cases[0].flops_error;
  EXPECT_EQ(*def.cases[0].flops, 16.0 * 256 * 127);
  ASSERT_TRUE(def.cases[1].flops.has_value()) << def.cases[1].flops_error;
  EXPECT_EQ(*def.cases[1].flops, 1024.0 * 7);
}

TEST(UpstreamFactsTest, GetFlopsThatIsNotDataSaysWhy) {
  std::string source = kReduction;
  source.replace(source.find("total *= s"), 10, "total = math.prod(shape)");
  const TensaraDefinition def = read_tensara_def(source);
  ASSERT_FALSE(def.cases.empty());
  EXPECT_FALSE(def.cases[0].flops.has_value());
  EXPECT_NE(def.cases[0].flops_error.find("line"), std::string::npos) << def.cases[0].flops_error;
}

TEST(UpstreamFactsTest, RecipesAreRecognisedInCreateInputsOnly) {
  EXPECT_EQ(input_recipes("x = torch.tril(torch.rand(n, n) * 2 - 1)\n"),
            (std::vector<std::string>{"lower-triangular", "uniform"}));
  EXPECT_EQ(input_recipes("t = torch.randint(0, 2, (n,), dtype=dtype) * 2 - 1\n"),
            (std::vector<std::string>{"labels-plus-minus-one"}));
  EXPECT_EQ(input_recipes("img = torch.randint(0, b, (h, w))\n"), (std::vector<std::string>{"whole-numbers"}));
  // A randint in verify_result picks elements to show, not inputs.
  EXPECT_TRUE(input_recipes("    def verify_result(self, a, b):\n        i = torch.randint(0, 4, (1,))\n").empty());
  // One that feeds a scatter picks indices.
  EXPECT_EQ(input_recipes("z = torch.zeros(n).scatter_(\n  0, torch.randint(0, n, (k,)), v).softmax(dim=0)\n"),
            (std::vector<std::string>{"scattered-sparse", "softmax"}));
}

}  // namespace
}  // namespace judge::importer
