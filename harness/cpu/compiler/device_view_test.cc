// Unit tests of the scan for __CUDA_ARCH__/__CUDACC__ and toolkit includes
// through a file and the user headers it includes.
#include "harness/cpu/compiler/device_view.h"

#include <gtest/gtest.h>

#include <fstream>

namespace cucpu::compiler {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(DeviceView, FollowsUserIncludesButNotCommentedOnes) {
  fs::path dir = fs::path(testing::TempDir()) / "device_view";
  fs::create_directories(dir);
  write(dir / "main.cu",
        "#include \"helper.h\"\n"
        "// #include \"commented.h\"\n"
        "/* #include <cuda/std/array>\n"
        "   */\n"
        "  #  include <cuda_fp16.h>\n"
        "const char* s = R\"(\n#include <thrust/sort.h>\n)\";\n");
  write(dir / "helper.h", "#include <cooperative_groups.h>\n#if __CUDA_ARCH__ >= 700\n#endif\n");
  write(dir / "commented.h", "#ifdef __CUDACC__\n#endif\n");
  DeviceView view = scan_device_view(dir / "main.cu", {});
  EXPECT_TRUE(view.tests_cuda_arch);
  EXPECT_FALSE(view.tests_cudacc);
  EXPECT_EQ(view.toolkit_headers, (std::vector<std::string>{"cuda_fp16.h", "cooperative_groups.h"}));
}

}  // namespace
}  // namespace cucpu::compiler
