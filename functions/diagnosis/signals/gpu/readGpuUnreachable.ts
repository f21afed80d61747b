/**
 * The GPU stack's own statement that the GPU or its driver cannot be reached, read in the text a
 * container left (its termination message or log tail relayed by a phase or condition message).
 * Pure.
 *
 * Why container text may decide here (DESIGN §4.8: application text is "never decisive for the
 * category unless a rule says so"): these lines are not the program's opinion of itself. They are
 * the verdict of NVIDIA's libraries — NVML, the CUDA driver, nvidia-smi — on the device the node
 * handed the container, relayed by whatever program asked. A container allocated a GPU that its
 * driver calls lost, not loaded or absent ran on a node whose GPU stack failed it. The same text
 * in a container that was allocated no GPU is the program's mistake (analyseWorkload drops the
 * signal then), and such a line never flags a node alone (verdict/describeNodeFailure.ts: only the
 * node's own reports do). Words, not names: the caller passes text with the users' names masked.
 *
 * The statuses, each the library's documented meaning:
 * - NVML (NVIDIA/go-nvml pkg/nvml/nvml.h, nvmlReturn_t): NVML_ERROR_DRIVER_NOT_LOADED (9, "NVIDIA
 *   driver is not loaded"), NVML_ERROR_GPU_IS_LOST (15, "The GPU has fallen off the bus or has
 *   otherwise become inaccessible"), NVML_ERROR_RESET_REQUIRED (16, "The GPU requires a reset
 *   before it can be used again"), NVML_ERROR_LIB_RM_VERSION_MISMATCH (18, "RM detects a
 *   driver/library version mismatch"); by constant, by pynvml's exception class
 *   (NVIDIA/nvidia-ml-py pynvml.py: NVMLError_DriverNotLoaded, NVMLError_GpuIsLost …) or by
 *   nvmlErrorString's words ("Driver Not Loaded", "GPU is lost").
 * - nvidia-smi, NVML's front end (closed source; the wordings NVIDIA/gpu-operator's validator
 *   validator/main.go runs into): "Failed to initialize NVML: <status>", "NVIDIA-SMI has failed
 *   because it couldn't communicate with the NVIDIA driver", "Unable to determine the device
 *   handle for GPU<bus id>: <status>", and "No devices were found" alone on its line
 *   (NVML_ERROR_NOT_FOUND when enumerating).
 * - CUDA (CUDA Runtime API, cudaError / driver API CUresult): cudaErrorNoDevice (100, "no
 *   CUDA-capable device is detected"), cudaErrorDevicesUnavailable (46, "all CUDA-capable devices
 *   are busy or unavailable"), cudaErrorECCUncorrectable (214, "uncorrectable ECC error
 *   encountered"), cudaErrorNvlinkUncorrectable (220), cudaErrorSystemDriverMismatch (803,
 *   "system has unsupported display driver / cuda driver combination"), and cudaErrorUnknown
 *   (999, "unknown error"), as PyTorch relays them (pytorch/pytorch c10/cuda/CUDAFunctions.cpp:
 *   "CUDA initialization: CUDA unknown error", "Unexpected error from cudaGetDeviceCount() …
 *   Error 999: unknown error"; c10/cuda/CUDAException.h: "CUDA error: unknown error").
 * - CUDA's driver-compatibility errors: cudaErrorInsufficientDriver (35, "CUDA driver version is
 *   insufficient for CUDA runtime version"; PyTorch's "The NVIDIA driver on your system is too old
 *   (found version %d)", c10/cuda/CUDAFunctions.cpp) and cudaErrorCompatNotSupportedOnDevice /
 *   CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE (804, "forward compatibility was attempted on non
 *   supported HW"): the node's driver is older than the CUDA the image carries. Either side may fix
 *   it (a node with a newer driver, or an image built for an older CUDA), but it is the same fact
 *   the NVIDIA container toolkit states before the entrypoint (`nvidia-container-cli: requirement
 *   error: unsatisfied condition: cuda>=12.2`, node-side in the seen corpus): one fact, one
 *   category, whoever states it. The driver line is quoted, so the image side stays visible.
 * - Frameworks finding no device behind an allocation: PyTorch's "Found no NVIDIA driver on your
 *   system" (c10/cuda/CUDAFunctions.cpp, cudaErrorInsufficientDriver with no driver at all) and
 *   JAX's "No visible GPU devices" (jax-ml/jax xla_bridge.py relaying XLA's FAILED_PRECONDITION).
 * - The driver's user-space libraries missing: libcuda.so.1 and libnvidia-ml.so.1 are never in an
 *   image; the NVIDIA container toolkit mounts them from the node's driver
 *   (NVIDIA/libnvidia-container src/nvc_info.c, the utility and compute driver libraries), so the
 *   loader's "cannot open shared object file" for them means the node's runtime did not.
 */
import { MESSAGE_QUOTE_LENGTH } from '../quoteEvidence.js';
import { findStatementLine } from '../findStatementLine.js';

interface UnreachableStatement {
  pattern: RegExp;
  upstream: string;
}

export const GPU_UNREACHABLE_STATEMENTS: readonly UnreachableStatement[] = [
  {
    pattern:
      /\bNVML_ERROR_(?:DRIVER_NOT_LOADED|GPU_IS_LOST|RESET_REQUIRED|LIB_RM_VERSION_MISMATCH)\b|\bNVMLError_(?:DriverNotLoaded|GpuIsLost|ResetRequired|LibRmVersionMismatch)\b|\bDriver Not Loaded\b|\bGPU is lost\b|\bGPU requires a reset\b|\bDriver\/library version mismatch\b/,
    upstream: 'NVIDIA/go-nvml pkg/nvml/nvml.h (nvmlReturn_t 9, 15, 16, 18); NVIDIA/nvidia-ml-py pynvml.py (NVMLError_<Status>)',
  },
  {
    pattern:
      /\bFailed to initialize NVML\b|\bNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver\b|\bUnable to determine the device handle for GPU|^[ \t]*No devices were found[ \t]*$/m,
    upstream: 'NVIDIA/gpu-operator validator/main.go (nvidia-smi, closed source: NVML initialisation and enumeration failures)',
  },
  {
    pattern:
      /\bno CUDA-capable device is detected\b|\bcudaErrorNoDevice\b|\bCUDA_ERROR_NO_DEVICE\b|\bCUDA-capable device(?:s|\(s\))? (?:is\/are|is|are) busy or unavailable\b|\bcudaErrorDevicesUnavailable\b|\buncorrectable ECC error encountered\b|\bcudaErrorECCUncorrectable\b|\bCUDA_ERROR_ECC_UNCORRECTABLE\b|\buncorrectable NVLink error\b|\bcudaErrorNvlinkUncorrectable\b|\bCUDA_ERROR_NVLINK_UNCORRECTABLE\b|\bsystem has unsupported display driver \/ cuda driver combination\b|\bcudaErrorSystemDriverMismatch\b/i,
    upstream:
      'CUDA Runtime API cudaError (100, 46, 214, 220, 803); driver API CUresult CUDA_ERROR_NO_DEVICE, CUDA_ERROR_ECC_UNCORRECTABLE, CUDA_ERROR_NVLINK_UNCORRECTABLE',
  },
  {
    pattern: /\bCUDA unknown error\b|\bCUDA(?: driver)? error:? unknown error\b|\bError 999: unknown error\b|\bcudaErrorUnknown\b|\bCUDA_ERROR_UNKNOWN\b/i,
    upstream:
      'pytorch/pytorch c10/cuda/CUDAFunctions.cpp (cudaGetDeviceCount, "CUDA initialization: "), c10/cuda/CUDAException.h ("CUDA error: "); CUDA Runtime API cudaErrorUnknown (999)',
  },
  {
    pattern:
      /\bcudaErrorInsufficientDriver\b|\bCUDA driver version is insufficient for CUDA runtime version\b|\bThe NVIDIA driver on your system is too old\b|\bcudaErrorCompatNotSupportedOnDevice\b|\bCUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE\b|\bforward compatibility was attempted on non supported HW\b/i,
    upstream:
      'CUDA Runtime API cudaError (35 cudaErrorInsufficientDriver, 804 cudaErrorCompatNotSupportedOnDevice), driver API CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE; pytorch/pytorch c10/cuda/CUDAFunctions.cpp (device_count_impl, "The NVIDIA driver on your system is too old (found version ")',
  },
  {
    pattern: /\bFound no NVIDIA driver on your system\b|\bNo visible GPU devices\b/,
    upstream: 'pytorch/pytorch c10/cuda/CUDAFunctions.cpp (device_count_impl); jax-ml/jax jax/_src/xla_bridge.py (backend initialisation error)',
  },
  {
    pattern: /\blib(?:cuda|nvidia-ml)\.so(?:\.1)?: cannot open shared object file\b/,
    upstream:
      'NVIDIA/libnvidia-container src/nvc_info.c (driver libraries mounted from the node); bminor/glibc elf/dl-load.c ("cannot open shared object file")',
  },
];

/** What is kept before the statement when its line is too long to quote whole: the clause that introduces it. */
const CONTEXT_BEFORE = 60;
const PATTERNS = GPU_UNREACHABLE_STATEMENTS.map((statement) => statement.pattern);

/**
 * The first line of `text` where the GPU stack says the GPU or its driver cannot be reached, else
 * null. A line too long to be quoted whole (a warning behind a file path and a worker label) starts
 * a little before the statement, so that elision never cuts through it.
 */
export function readGpuUnreachable(text: string | null | undefined): string | null {
  const found = findStatementLine(text, PATTERNS);
  if (!found) return null;
  const { line, index } = found;
  if (line.length <= MESSAGE_QUOTE_LENGTH || index <= CONTEXT_BEFORE) return line;
  const wordStart = line.indexOf(' ', index - CONTEXT_BEFORE);
  return `… ${line.slice(wordStart >= 0 && wordStart < index ? wordStart + 1 : index)}`;
}
