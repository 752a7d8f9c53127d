// See refused_api.h.
#include "refused_api.h"

#include <array>

namespace cucpu::compiler {
namespace {

struct RefusedFamily {
  const char* reason;
  std::initializer_list<std::string_view> prefixes;  // a name starting with one of these
  std::initializer_list<std::string_view> names;     // or equal to one of these
};

const RefusedFamily kFamilies[] = {
    {"CUDA graphs and stream capture are not supported by the CPU backend (launch the work directly)",
     {"cudaGraphAdd", "cudaGraphExec", "cudaGraphKernelNode", "cudaGraphMem", "cudaGraphHostNode",
      "cudaGraphEvent", "cudaGraphNode", "cudaGraphExternal", "cudaGraphChild", "cudaUserObject"},
     {"cudaGraphClone", "cudaGraphConditionalHandleCreate", "cudaGraphCreate", "cudaGraphDebugDotPrint",
      "cudaGraphDestroy", "cudaGraphDestroyNode", "cudaGraphGetEdges", "cudaGraphGetNodes",
      "cudaGraphGetRootNodes", "cudaGraphInstantiate", "cudaGraphInstantiateWithFlags",
      "cudaGraphInstantiateWithParams", "cudaGraphLaunch", "cudaGraphReleaseUserObject",
      "cudaGraphRemoveDependencies", "cudaGraphAddDependencies", "cudaGraphRetainUserObject", "cudaGraphUpload",
      "cudaStreamBeginCapture", "cudaStreamBeginCaptureToGraph", "cudaStreamEndCapture",
      "cudaStreamGetCaptureInfo", "cudaStreamUpdateCaptureDependencies", "cudaDeviceGetGraphMemAttribute",
      "cudaDeviceSetGraphMemAttribute", "cudaDeviceGraphMemTrim"}},
    {"graphics interoperability is not supported by the CPU backend", {"cudaGraphics"}, {}},
    {"surfaces, mipmapped arrays and sparse or plane views of CUDA arrays are not supported by the CPU backend "
     "(textures over plain CUDA arrays, pitched and linear memory are)",
     {"cudaMipmappedArray"},
     {"cudaArrayGetPlane", "cudaArrayGetMemoryRequirements", "cudaArrayGetSparseProperties",
      "cudaMallocMipmappedArray", "cudaFreeMipmappedArray", "cudaGetMipmappedArrayLevel", "cudaCreateSurfaceObject",
      "cudaDestroySurfaceObject", "cudaGetSurfaceObjectResourceDesc"}},
    {"external memory and semaphores (Vulkan, Direct3D, NvSci interop) are not supported by the CPU backend",
     {"cudaImportExternal", "cudaExternalMemory", "cudaDestroyExternal"},
     {"cudaSignalExternalSemaphoresAsync", "cudaWaitExternalSemaphoresAsync", "cudaDeviceGetNvSciSyncAttributes"}},
    {"inter-process sharing (IPC) is not supported by the CPU backend",
     {"cudaIpc", "cudaMemPoolExport", "cudaMemPoolImport"},
     {}},
    {"the driver API, modules and libraries of device code are not available on the CPU backend",
     {"cudaLibrary", "cudaGetDriverEntryPoint"},
     {"cudaGetExportTable", "cudaGetKernel", "cudaGetFuncBySymbol", "cudaKernelSetAttributeForDevice",
      "cudaFuncGetParamInfo"}},
    {"thread block clusters are not supported by the CPU backend",
     {},
     {"cudaOccupancyMaxActiveClusters", "cudaOccupancyMaxPotentialClusterSize"}},
    {"batched memory operations are not supported by the CPU backend (issue the copies one by one)",
     {},
     {"cudaMemcpyBatchAsync", "cudaMemcpy3DBatchAsync", "cudaMemDiscardBatchAsync",
      "cudaMemDiscardAndPrefetchBatchAsync", "cudaMemPrefetchBatchAsync"}},
    {"driver logs, asynchronous notifications and atomic capability queries are not available on the CPU "
     "backend",
     {"cudaLogs"},
     {"cudaDeviceRegisterAsyncNotification", "cudaDeviceUnregisterAsyncNotification",
      "cudaDeviceGetHostAtomicCapabilities", "cudaDeviceGetP2PAtomicCapabilities", "cudaMemRangeGetAttribute",
      "cudaMemRangeGetAttributes"}},
};

}  // namespace

std::optional<std::string> refused_runtime_api(std::string_view identifier) {
  if (identifier.size() < 5 || identifier.substr(0, 4) != "cuda") return std::nullopt;
  for (const RefusedFamily& family : kFamilies) {
    bool refused = false;
    for (std::string_view prefix : family.prefixes) refused = refused || identifier.substr(0, prefix.size()) == prefix;
    for (std::string_view name : family.names) refused = refused || identifier == name;
    if (refused) return "'" + std::string(identifier) + "': " + family.reason;
  }
  return std::nullopt;
}

}  // namespace cucpu::compiler
