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
 * handle`), Go's "stale NFS file handle".
 */
const STALE_FILE_HANDLE = /\bStale (?:NFS )?file handle\b|\bESTALE\b/i;

/**
 * ENOTCONN ("Transport endpoint is not connected") on a file path: what the kernel's FUSE layer
 * returns for every operation on a mount whose daemon has gone (torvalds/linux fs/fuse/dev.c: a
 * request on a connection that is no longer `connected` fails with -ENOTCONN), so the FUSE/CSI
 * data source (gcsfuse, blobfuse2, mountpoint-s3, s3fs) died under the program. Read only with the
 * path it was returned for, as each runtime prints a failed file operation — CPython's `[Errno 107]
 * Transport endpoint is not connected: '/mnt/…'` (Objects/exceptions.c OSError_str "[Errno %S] %S:
 * %R"), coreutils' `cannot access '/mnt/…': Transport endpoint is not connected`, Go's `open /mnt/…:
 * transport endpoint is not connected` (src/io/fs/fs.go PathError "op path: err"), GNU tar's `/mnt/…:
 * Cannot stat: Transport endpoint is not connected` (one short clause between) — because a socket
 * reports the same errno with no path.
 */
const FUSE_DISCONNECTED =
  /\btransport endpoint is not connected: ['"]?\/|(?:^|[\s'"(])\/[^\s'":]*['"]?: (?:[^:\n]{1,40}: )?transport endpoint is not connected\b/i;

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
    read: (text) => findStatementLine(text, [STALE_FILE_HANDLE, FUSE_DISCONNECTED])?.line ?? null,
    upstream:
      'bminor/glibc sysdeps/gnu/errlist.h (ESTALE "Stale file handle", ENOTCONN "Transport endpoint is not connected"); torvalds/linux include/uapi/asm-generic/errno.h (ESTALE 116, ENOTCONN 107), fs/nfs, fs/fuse/dev.c; golang/go src/syscall/zerrors_linux_amd64.go ("stale NFS file handle"); python/cpython Objects/exceptions.c (OSError_str)',
  },
];
