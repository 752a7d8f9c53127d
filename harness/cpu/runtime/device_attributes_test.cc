// Every enumerator of the toolkit's cudaDeviceAttr (read from its
// driver_types.h, so a new toolkit's additions are checked too) must answer
// cudaSuccess and leave no last error, and the attributes that mirror a
// cudaDeviceProp field must agree with cudaGetDeviceProperties.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime.h>

namespace {

std::string toolkit_header(const char* name) {
  const char* home = std::getenv("CUDA_HOME");
  std::string path = std::string(home && *home ? home : "/usr/local/cuda") + "/include/" + name;
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// (name, value) of each enumerator of `enum cudaDeviceAttr`, cudaDevAttrMax excluded.
std::vector<std::pair<std::string, int>> device_attribute_enumerators() {
  std::string header = toolkit_header("driver_types.h");
  size_t begin = header.find("enum __device_builtin__ cudaDeviceAttr");
  size_t end = header.find("};", begin);
  std::vector<std::pair<std::string, int>> found;
  if (begin == std::string::npos || end == std::string::npos) return found;
  std::string body = header.substr(begin, end - begin);
  std::regex enumerator(R"((cudaDevAttr\w+)\s*=\s*(\d+))");
  for (std::sregex_iterator it(body.begin(), body.end(), enumerator), stop; it != stop; ++it) {
    found.emplace_back((*it)[1].str(), std::stoi((*it)[2].str()));
  }
  return found;
}

TEST(DeviceAttributes, EveryEnumeratorOfTheToolkitAnswersWithoutError) {
  auto enumerators = device_attribute_enumerators();
  ASSERT_GT(enumerators.size(), 100u) << "could not read enum cudaDeviceAttr from driver_types.h";
  for (const auto& [name, number] : enumerators) {
    int value = -12345;
    EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDeviceAttr(number), 0), cudaSuccess) << name;
    EXPECT_NE(value, -12345) << name << " left its output unwritten";
    EXPECT_EQ(cudaGetLastError(), cudaSuccess) << name << " left a last error behind";
  }
}

TEST(DeviceAttributes, AgreeWithDeviceProperties) {
  cudaDeviceProp p;
  ASSERT_EQ(cudaGetDeviceProperties(&p, 0), cudaSuccess);
  auto attribute = [](cudaDeviceAttr attr) {
    int value = -1;
    EXPECT_EQ(cudaDeviceGetAttribute(&value, attr, 0), cudaSuccess);
    return value;
  };
  EXPECT_EQ(attribute(cudaDevAttrMaxThreadsPerBlock), p.maxThreadsPerBlock);
  EXPECT_EQ(attribute(cudaDevAttrMaxBlockDimZ), p.maxThreadsDim[2]);
  EXPECT_EQ(attribute(cudaDevAttrMaxGridDimY), p.maxGridSize[1]);
  EXPECT_EQ(attribute(cudaDevAttrMaxSharedMemoryPerBlock), int(p.sharedMemPerBlock));
  EXPECT_EQ(attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin), int(p.sharedMemPerBlockOptin));
  EXPECT_EQ(attribute(cudaDevAttrMultiProcessorCount), p.multiProcessorCount);
  EXPECT_EQ(attribute(cudaDevAttrComputeCapabilityMajor), p.major);
  EXPECT_EQ(attribute(cudaDevAttrComputeCapabilityMinor), p.minor);
  EXPECT_EQ(attribute(cudaDevAttrL2CacheSize), p.l2CacheSize);
  EXPECT_EQ(attribute(cudaDevAttrGlobalMemoryBusWidth), p.memoryBusWidth);
  EXPECT_EQ(attribute(cudaDevAttrAsyncEngineCount), p.asyncEngineCount);
  EXPECT_EQ(attribute(cudaDevAttrGpuOverlap), p.asyncEngineCount > 0 ? 1 : 0);
  EXPECT_EQ(attribute(cudaDevAttrCanMapHostMemory), p.canMapHostMemory);
  EXPECT_EQ(attribute(cudaDevAttrConcurrentManagedAccess), p.concurrentManagedAccess);
  EXPECT_EQ(attribute(cudaDevAttrCooperativeLaunch), p.cooperativeLaunch);
  EXPECT_EQ(attribute(cudaDevAttrMaxTexture2DWidth), p.maxTexture2D[0]);
  EXPECT_EQ(attribute(cudaDevAttrHostRegisterSupported), p.hostRegisterSupported);
  EXPECT_EQ(attribute(cudaDevAttrReservedSharedMemoryPerBlock), int(p.reservedSharedMemPerBlock));
  EXPECT_EQ(attribute(cudaDevAttrComputeMode), int(cudaComputeModeDefault));
  EXPECT_GT(attribute(cudaDevAttrClockRate), 0);
  EXPECT_GT(attribute(cudaDevAttrMemoryClockRate), 0);
}

TEST(DeviceAttributes, BadArgumentsAreRefused) {
  int value = 0;
  EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrMax, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

}  // namespace
