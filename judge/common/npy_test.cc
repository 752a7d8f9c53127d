#include "judge/common/npy.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <vector>

namespace judge {
namespace {

std::filesystem::path temp_dir() {
  const char* dir = std::getenv("TEST_TMPDIR");
  return dir ? std::filesystem::path(dir) : std::filesystem::temp_directory_path();
}

TEST(Npy, RoundTripsHeaderAndData) {
  std::vector<float> values = {0.5f, -1.25f, 3.0f, 7.75f, 1e-7f, -0.0f};
  std::filesystem::path file = temp_dir() / "round_trip.npy";
  write_npy(file, values.data(), {2, 3});

  NpyHeader header = read_npy_header(file);
  EXPECT_EQ(header.descr, "<f4");
  EXPECT_FALSE(header.fortran_order);
  EXPECT_EQ(header.shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(header.data_offset % 64, 0u) << "numpy aligns the data to 64 bytes";
  EXPECT_EQ(std::filesystem::file_size(file), header.data_offset + values.size() * sizeof(float));

  std::ifstream in(file, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(header.data_offset));
  std::vector<float> read_back(values.size());
  in.read(reinterpret_cast<char*>(read_back.data()), static_cast<std::streamsize>(read_back.size() * sizeof(float)));
  EXPECT_EQ(read_back, values);
}

TEST(Npy, OneDimensionalShapeIsAPythonTuple) {
  std::vector<float> values = {1, 2, 3, 4};
  std::filesystem::path file = temp_dir() / "vector.npy";
  write_npy(file, values.data(), {4});
  std::ifstream in(file, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(bytes.find("'shape': (4,)"), std::string::npos) << bytes.substr(0, 80);
  EXPECT_EQ(read_npy_header(file).shape, (std::vector<int64_t>{4}));
}

TEST(Npy, ScalarShapeIsEmptyTuple) {
  float value = 2.5f;
  std::filesystem::path file = temp_dir() / "scalar.npy";
  write_npy(file, &value, {});
  EXPECT_TRUE(read_npy_header(file).shape.empty());
  EXPECT_EQ(std::filesystem::file_size(file), read_npy_header(file).data_offset + sizeof(float));
}

TEST(Npy, RejectsAFileThatIsNotNpy) {
  std::filesystem::path file = temp_dir() / "not.npy";
  std::ofstream(file) << "hello, world";
  EXPECT_THROW(read_npy_header(file), std::runtime_error);
}

}  // namespace
}  // namespace judge
