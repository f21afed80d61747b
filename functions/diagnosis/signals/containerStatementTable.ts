/**
 * The few statements that decide a category even though the container wrote them (DESIGN §4.8:
 * application text is "never decisive for the category unless a rule says so"): each names a fault
 * outside the program, in the words of the library or kernel that detected it. Read only in the
 * container-written part of a phase, condition or history message (after `… (Error): `), on masked
 * text so a name never steers; the signal quotes the line that says it. Everything else the
 * container writes is quoted, never obeyed.
 */
import type { LineRuleName } from '../model/LineRuleName.js';
import type { SignalKind } from '../model/Signal.js';
import { readGpuUnreachable } from './gpu/readGpuUnreachable.js';
import { findStatementLine } from './findStatementLine.js';

export interface ContainerStatementRow {
  kind: SignalKind;
  /** The line rule the quoted line stands for (the verdict's evidence names it). */
  rule: LineRuleName;
  /** The line of the container's text that states the fault (trimmed), else null. */
  read: (text: string) => string | null;
  upstream: string;
}

/**
 * ESTALE: the file handle the program holds is no longer valid on the server (the NFS export was
 * remounted, moved or its server restarted under a running program). Only a network or FUSE
 * filesystem returns it for a file operation, so the mounted data source broke, not the program.
 * Its strerror text in any runtime: "Stale file handle" (Python `OSError: [Errno 116] Stale file
 * handle`), Go's "stale NFS file handle". ENOTCONN ("Transport endpoint is not connected") is not
 * read: sockets report it too.
 */
const STALE_FILE_HANDLE = /\bStale (?:NFS )?file handle\b|\bESTALE\b/i;

export const CONTAINER_STATEMENT_TABLE: readonly ContainerStatementRow[] = [
  {
    // NODE_FAILURE only behind a GPU allocation (classify/wasAllocatedGpu.ts, applied by analyseWorkload).
    kind: 'GPU_UNREACHABLE',
    rule: 'accelerator',
    read: readGpuUnreachable,
    upstream:
      'NVIDIA/go-nvml pkg/nvml/nvml.h; NVIDIA/nvidia-ml-py pynvml.py; CUDA Runtime API cudaError; pytorch/pytorch c10/cuda/CUDAFunctions.cpp (gpu/readGpuUnreachable.ts)',
  },
  {
    kind: 'MOUNT_FAILED',
    rule: 'resource',
    read: (text) => findStatementLine(text, [STALE_FILE_HANDLE])?.line ?? null,
    upstream:
      'bminor/glibc sysdeps/gnu/errlist.h (ESTALE "Stale file handle"); torvalds/linux include/uapi/asm-generic/errno.h (ESTALE 116), fs/nfs; golang/go src/syscall/zerrors_linux_amd64.go ("stale NFS file handle")',
  },
];
