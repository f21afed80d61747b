/**
 * Log-line selection as data: which line of a failed container's log tail is the most
 * informative one to quote. Each row names a hint (used to tailor the recommendation,
 * never to choose the category: log text is untrusted) and a priority; the line with the
 * highest priority wins, and among equals the one nearest the end of the log (the last
 * traceback line is the exception, a launcher's summary comes after the real error).
 *
 * Patterns follow what the frameworks really print:
 * - PyTorch: `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0
 *   has a total capacity of …` (older: `torch.cuda.OutOfMemoryError`, `RuntimeError: CUDA
 *   out of memory.`), `RuntimeError: CUDA error: an illegal memory access was encountered`,
 *   `torch.distributed.DistBackendError: NCCL error in: …`, `[Rank 3] Watchdog caught
 *   collective operation timeout: WorkNCCL(…)`, DataLoader's `ERROR: Unexpected bus error
 *   encountered in worker. This might be caused by insufficient shared memory (shm).`;
 * - TensorFlow/JAX: `ResourceExhaustedError: OOM when allocating tensor …`,
 *   `RESOURCE_EXHAUSTED: Out of memory while trying to allocate …`;
 * - shells and runtimes: `Killed` (a child SIGKILLed), `Segmentation fault (core dumped)`,
 *   `Fatal Python error: Segmentation fault`, Go `panic:`, Java `Exception in thread`.
 */
import type { LogHint } from '../model/LogHint.js';

export interface LogLineRow {
  hint: LogHint;
  pattern: RegExp;
  priority: number;
}

export const LOG_LINE_TABLE: readonly LogLineRow[] = [
  {
    hint: 'cuda-oom',
    priority: 100,
    pattern:
      /\b(?:torch\.(?:cuda\.)?OutOfMemoryError|CUDA out of memory|CUDA error: out of memory|CUBLAS_STATUS_ALLOC_FAILED|cudaErrorMemoryAllocation|OOM when allocating tensor|RESOURCE_EXHAUSTED: Out of memory)/i,
  },
  {
    hint: 'nccl',
    priority: 90,
    pattern:
      /\bNCCL (?:error|WARN)\b|\bnccl(?:SystemError|InternalError|UnhandledCudaError|RemoteError|InvalidUsage)\b|\bDistBackendError\b|Watchdog caught collective operation timeout|NCCL communicator was aborted/i,
  },
  {
    hint: 'cuda-error',
    priority: 85,
    pattern:
      /\bCUDA error\b|\bcudaError\w+|CUDA driver version is insufficient|no CUDA-capable device is detected|device-side assert triggered|\bCUDNN_STATUS_\w+|\bCUBLAS_STATUS_(?!SUCCESS)\w+/i,
  },
  { hint: 'segfault', priority: 80, pattern: /\bSegmentation fault\b|\bSIGSEGV\b|Fatal Python error: (?:Segmentation fault|Aborted)|\bcore dumped\b/i },
  // The gap stops at the next "No space left on device" (which then matches by itself): a line repeating
  // it is read once, not once per repetition (quadratic: 170 ms for an 80 kB line; selectLogLine
  // cuts lines to 4,000 characters, but reads up to 2,000 of them). Only ever tested, never quoted.
  {
    hint: 'shm',
    priority: 78,
    pattern:
      /insufficient shared memory \(shm\)|\bBus error\b|\bSIGBUS\b|No space left on device(?:(?!No space left on device)[^\n\r\u2028\u2029])*\/dev\/shm/i,
  },
  { hint: 'killed', priority: 70, pattern: /^\s*(?:\S+: line \d+: +\d+ )?Killed\b|killed by signal: Killed|\bKilled process \d+\b/i },
  {
    hint: 'exception',
    priority: 60,
    pattern:
      /^\s*(?:[A-Za-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Fault)\b(?::|\s*$)|^Exception in thread\b|^panic: |^thread '[^']*' panicked at\b|^terminate called after throwing an instance of\b/,
  },
  {
    hint: 'launcher',
    priority: 45,
    pattern:
      /\bChildFailedError\b|torch\.distributed\.elastic\.multiprocessing\.errors|^\s*mpirun (?:detected|noticed) that\b|^Primary job +terminated normally, but\b/i,
  },
  // `ERROR: …`, `[ERROR] …`, `Error: …`, `fatal error: …` (AWS CLI), `FATAL: …`.
  { hint: 'error', priority: 40, pattern: /(?:^|[\s[(])(?:error|fatal|critical)(?:[\])]|\s*:)/i },
];
