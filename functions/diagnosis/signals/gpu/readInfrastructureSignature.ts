/**
 * Infrastructure signatures (DESIGN §4.8 "CRASH_APP_ERROR carrying an infrastructure signature
 * (NCCL, CUDA, Xid)"): read over the WHOLE text of a record — the status message, a termination
 * message, a log line — not only its decisive line, because a crash's last exception often sits
 * below the NCCL or driver line that says the GPU or the fabric failed first. For the fleet's
 * count only (classify/decideNodeSuspicion.ts): a signature never changes a workload's category.
 * Pure.
 *
 * What counts, and why (each an error the library documents as a system, device, driver or peer
 * failure, not a programming error):
 * - NCCL: its `NCCL WARN` lines (NCCL prints "a more detailed message when the environment
 *   variable NCCL_DEBUG is set to WARN" whenever a call fails — NCCL User Guide, API > Types,
 *   ncclResult_t), and the results `ncclUnhandledCudaError` ("A call to a CUDA function
 *   failed"), `ncclSystemError` ("A call to the system failed") and `ncclRemoteError` ("A call
 *   failed possibly due to a network error or a remote process exiting prematurely"), by name
 *   or by NCCL's own strings ("unhandled cuda error", "unhandled system error", "remote process
 *   exited or there was a network error"). Not `ncclInvalidUsage` ("usually reflecting a
 *   programming error"), `ncclInvalidArgument` nor `ncclInternalError` (a bug in NCCL or memory
 *   corruption): those are the program's.
 * - PyTorch distributed: `torch.distributed.DistBackendError` (the backend — NCCL — failed) and
 *   ProcessGroupNCCL's watchdog ("Watchdog caught collective operation timeout: WorkNCCL(…) ran
 *   for … milliseconds before timing out", pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp).
 * - CUDA device and driver errors (CUDA Runtime API, cudaError enum): `cudaErrorECCUncorrectable`
 *   (214, "uncorrectable ECC error encountered"), `cudaErrorNvlinkUncorrectable` (220),
 *   `cudaErrorUnknown` (999, "unknown error": "an unknown internal error has occurred" — only
 *   when CUDA says it), `cudaErrorDevicesUnavailable` (46, "all CUDA-capable devices are busy or
 *   unavailable"), `cudaErrorSystemDriverMismatch` (803) and `cudaErrorInsufficientDriver` (35,
 *   the node's driver); NVML's `NVML_ERROR_GPU_IS_LOST` ("GPU is lost": "The GPU has fallen off
 *   the bus or has otherwise become inaccessible") and its driver/library version mismatch.
 *   NOT `cudaErrorIllegalAddress` (700, "an illegal memory access was encountered"),
 *   `cudaErrorAssert` (710, "device-side assert triggered": "An assert triggered in device
 *   code"), `cudaErrorLaunchFailure` (719, "unspecified launch failure": "Common causes include
 *   dereferencing an invalid device pointer and accessing out of bounds shared memory"), nor
 *   CUDA out of memory: the documentation names the program as their cause.
 * - An NCCL or CUDA failure that says it ran out of memory (`NCCL WARN Cuda failure 'out of
 *   memory'`, `ncclUnhandledCudaError … Last error: Cuda failure 'out of memory'`) is the
 *   program's allocation, like a CUDA OOM: not a signature. cuBLAS / cuDNN execution statuses
 *   (`CUBLAS_STATUS_EXECUTION_FAILED`: "The GPU program failed to execute … can be caused by
 *   multiple reasons") name no side and are not counted either.
 * - A hardware Xid (xidCatalogue.ts, `cause: hardware`) or a GPU health fault (gpuHealthFault.ts)
 *   anywhere in the text. An application Xid (13, 31, 43 …) is the program's, like the CUDA
 *   errors above that it accompanies.
 * Where the text came from decides only whether an Xid may flag a node alone (never text an
 * application wrote): that is the caller's (verdict/describeNodeFailure.ts).
 */
import type { InfrastructureSignature } from '../../model/InfrastructureSignature.js';
import { GPU_HEALTH_FAULT } from './gpuHealthFault.js';
import { readXids } from './readXid.js';

/** The whole text read is capped: a signature is a short line, and untrusted text is bounded. */
const MAX_TEXT = 64 * 1024;

// Global: matchesNotMemory reads every match (matchAll copies the pattern, so no lastIndex is shared between calls).
const NCCL = [
  /\bNCCL WARN\b/g,
  /\bnccl(?:UnhandledCudaError|SystemError|RemoteError)\b/g,
  /\bNCCL error\b[^\n]{0,200}?\b(?:unhandled (?:cuda|system) error|remote process exited)/gi,
  /\bremote process exited or there was a network error\b/gi,
];
const TORCH_DISTRIBUTED = [/\bDistBackendError\b/g, /\bWatchdog caught collective operation timeout\b/g, /\bProcessGroupNCCL\b[^\n]{0,200}?\btimed out\b/g];
const CUDA_DEVICE = [
  /\buncorrectable ECC error encountered\b/i,
  /\bcuda(?:Error)?ECCUncorrectable\b|\bCUDA_ERROR_ECC_UNCORRECTABLE\b/,
  /\buncorrectable NVLink error\b/i,
  /\bcudaErrorNvlinkUncorrectable\b|\bCUDA_ERROR_NVLINK_UNCORRECTABLE\b/,
  /\bCUDA(?: driver)? error:? unknown error\b/i,
  /\bcudaErrorUnknown\b|\bCUDA_ERROR_UNKNOWN\b/,
  /\bCUDA-capable device(?:s|\(s\))? (?:is\/are|is|are) busy or unavailable\b/i,
  /\bcudaErrorDevicesUnavailable\b/,
  /\bcudaErrorSystemDriverMismatch\b|\bsystem has unsupported display driver \/ cuda driver combination\b/i,
  /\bCUDA driver version is insufficient for CUDA runtime version\b/i,
  /\bGPU is lost\b/i,
  /\bNVML_ERROR_GPU_IS_LOST\b/,
  /\bDriver\/library version mismatch\b/i,
];

const OUT_OF_MEMORY = /\bout of memory\b/i;
/** Lines read after an NCCL / PyTorch distributed match for its cause (PyTorch prints "Last error:" and the CUDA failure below the NCCL line). */
const NCCL_CAUSE_LINES = 3;

/** Whether a global pattern matches somewhere its own line and the few lines after it do not blame memory exhaustion. */
function matchesNotMemory(pattern: RegExp, text: string): boolean {
  for (const match of text.matchAll(pattern)) {
    const start = text.lastIndexOf('\n', match.index) + 1;
    let end = match.index;
    for (let n = 0; n <= NCCL_CAUSE_LINES && end !== -1; n++) end = text.indexOf('\n', end + 1);
    if (!OUT_OF_MEMORY.test(text.slice(start, end === -1 ? text.length : end))) return true;
  }
  return false;
}

export function readInfrastructureSignature(text: string | null | undefined): InfrastructureSignature | null {
  if (!text) return null;
  const whole = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const hardware = readXids(whole).find((reading) => reading.entry?.cause === 'hardware');
  if (hardware) return { kind: 'xid', xid: hardware.xid };
  if (GPU_HEALTH_FAULT.test(whole)) return { kind: 'gpu-health' };
  if (NCCL.some((pattern) => matchesNotMemory(pattern, whole))) return { kind: 'nccl' };
  if (TORCH_DISTRIBUTED.some((pattern) => matchesNotMemory(pattern, whole))) return { kind: 'torch-distributed' };
  if (CUDA_DEVICE.some((pattern) => pattern.test(whole))) return { kind: 'cuda-device' };
  return null;
}
