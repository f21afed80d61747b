/**
 * The NVIDIA driver stack saying, in a program's own output, that the program could not reach the
 * GPU at all: the kernel driver absent, not loaded, unreachable, mismatched with its user-space
 * library or older than the runtime needs, or a device lost, unreachable or held elsewhere. The
 * program never got to run GPU work, so nothing in its code can have caused it: the node's GPU stack
 * (driver, device plugin, container runtime's device injection, the device itself) is at fault,
 * whichever program relayed the words (nvidia-smi in a start script, pynvml in a monitor, PyTorch at
 * `torch.cuda` initialisation). NODE_FAILURE, read in container-written text only for these, because
 * the libraries document each as a driver, system or device condition, never a programming error.
 *
 * Not here (the program ran GPU work on a reachable device): ECC or NVLink faults during execution,
 * an illegal address, a device-side assert, out of memory, `no kernel image is available` (the
 * image), `no CUDA-capable device is detected` (the pod asked for no GPU), `system not yet
 * initialized` (cudaErrorSystemNotReady) — they stay the program's crash, with the infrastructure
 * signature the fleet counts (readInfrastructureSignature.ts).
 *
 * Sources, each the library's own words:
 * - NVML (NVIDIA/nvidia-ml-py pynvml.py nvmlErrorString values and NVMLError_<Status> classes; NVIDIA
 *   go-nvml pkg/nvml/nvml.h): NVML_ERROR_DRIVER_NOT_LOADED "Driver Not Loaded", NVML_ERROR_GPU_IS_LOST
 *   "GPU is lost", NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvidia-smi: "Driver/library version mismatch");
 *   nvidia-smi's "Failed to initialize NVML: %s" (any status: NVML could not open the driver), as
 *   NVIDIA/nvidia-container-toolkit documents for a container that lost its device nodes.
 * - nvidia-smi (closed source; the GPU Operator validator NVIDIA/gpu-operator validator/main.go runs it):
 *   "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver", "Unable to
 *   determine the device handle for GPU%s: %s".
 * - CUDA runtime (cudaGetErrorString, CUDA Runtime API cudaError enum): cudaErrorInsufficientDriver (35)
 *   "CUDA driver version is insufficient for CUDA runtime version", cudaErrorDevicesUnavailable (46)
 *   "CUDA-capable device(s) is/are busy or unavailable", cudaErrorSystemDriverMismatch (803) "system has
 *   unsupported display driver / cuda driver combination".
 * - PyTorch's wording of a failed device count (pytorch/pytorch c10/cuda/CUDAFunctions.cpp
 *   device_count_impl): "Found no NVIDIA driver on your system", "The NVIDIA driver on your system is
 *   too old (found version %d)", "Unexpected error from cudaGetDeviceCount()" (any other error while
 *   merely counting the devices, e.g. 999 "unknown error").
 */
export const GPU_STACK_UNREACHABLE = new RegExp(
  [
    String.raw`\bFailed to initialize NVML: \S`,
    String.raw`\bDriver Not Loaded\b`,
    String.raw`\bGPU is lost\b`,
    String.raw`\bDriver/library version mismatch\b`,
    String.raw`\bNVMLError_(?:DriverNotLoaded|GpuIsLost|LibRmVersionMismatch)\b`,
    String.raw`\bNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver\b`,
    String.raw`\bUnable to determine the device handle for GPU`,
    String.raw`\bCUDA driver version is insufficient for CUDA runtime version\b`,
    String.raw`\bCUDA-capable device(?:s|\(s\))? (?:is/are|is|are) busy or unavailable\b`,
    String.raw`\bsystem has unsupported display driver / cuda driver combination\b`,
    String.raw`\bcudaError(?:InsufficientDriver|DevicesUnavailable|SystemDriverMismatch)\b|\bCUDA_ERROR_(?:SYSTEM_DRIVER_MISMATCH)\b`,
    String.raw`\bFound no NVIDIA driver on your system\b`,
    String.raw`\bThe NVIDIA driver on your system is too old\b`,
    String.raw`\bUnexpected error from cudaGetDeviceCount\(\)`,
  ].join('|'),
  'i',
);
