/**
 * NVIDIA's Xid catalogue, the rows this product decodes: what the driver's Xid number means,
 * who caused it, and the catalogue's resolution bucket (what to do first).
 *
 * Source: NVIDIA, "Analyzing Xid Errors with the Xid Catalog", Table 1 "Xids" (Ampere and
 * newer GPUs), https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html — column
 * "Resolution Bucket (Immediate Action)". Pinned: the page as published on 2026-12-02. Only the
 * table's first rows (Xids 1–13: Xid 13 RESTART_APP) could be read from this workplace; the
 * other rows' `bucket` values are transcribed from the catalogue and must be checked against
 * its downloadable spreadsheet before a wording change relies on them. The hardware /
 * application split does not depend on them: it follows the lists below. `cause` is ours:
 * `hardware` when the bucket acts on the GPU or the node (RESET_GPU, RESTART_BM, a drain) or the
 * mnemonic names a hardware fault (ECC, NVLink, PCIe, GSP firmware), `application` when the
 * bucket is RESTART_APP and the investigatory bucket points at the application (CHECK_APP/CUDA,
 * WORKFLOW_XID_13/31) — DESIGN §4.8's lists (hardware 48, 63, 64, 74, 79, 92, 94, 95, 119,
 * 120; application 13, 31, 43). A number not in this table is reported as unknown, never guessed.
 *
 * Mnemonics are the driver's own (NVIDIA/open-gpu-kernel-modules src/common/sdk/nvidia/inc/nverror.h,
 * `ROBUST_CHANNEL_*`), which is also where the kernel line's number comes from
 * (src/nvidia/src/kernel/gpu/rc/kernel_rc.c, `"NVRM: Xid (%s): %d, …"`).
 */
import type { XidEntry } from '../../model/XidReading.js';
export const XID_CATALOGUE: readonly XidEntry[] = [
  // Application-attributable: the catalogue restarts the application and sends the investigation to the app / CUDA code.
  { xid: 13, mnemonic: 'ROBUST_CHANNEL_GR_EXCEPTION', description: 'Graphics Engine Exception', bucket: 'RESTART_APP', cause: 'application' },
  { xid: 31, mnemonic: 'ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT', description: 'GPU memory page fault', bucket: 'RESTART_APP', cause: 'application' },
  { xid: 43, mnemonic: 'ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR', description: 'GPU stopped processing', bucket: 'RESTART_APP', cause: 'application' },
  { xid: 45, mnemonic: 'ROBUST_CHANNEL_PREEMPTIVE_REMOVAL', description: 'Preemptive cleanup, due to previous errors', bucket: 'IGNORE', cause: 'application' },
  // Hardware / driver: the GPU or the node must be reset, drained or serviced.
  { xid: 48, mnemonic: 'ROBUST_CHANNEL_GR_ECC_DBE', description: 'Double Bit ECC Error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 61, mnemonic: 'PMU_BREAKPOINT', description: 'Internal micro-controller breakpoint/warning', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 62, mnemonic: 'PMU_HALT_ERROR', description: 'Internal micro-controller halt', bucket: 'RESET_GPU', cause: 'hardware' },
  {
    xid: 63,
    mnemonic: 'INFOROM_PAGE_RETIREMENT_EVENT',
    description: 'ECC page retirement or row remapping recording event',
    bucket: 'RESET_GPU',
    cause: 'hardware',
  },
  {
    xid: 64,
    mnemonic: 'INFOROM_PAGE_RETIREMENT_FAILURE',
    description: 'ECC page retirement or row remapper recording failure',
    bucket: 'RESET_GPU',
    cause: 'hardware',
  },
  { xid: 74, mnemonic: 'NVLINK_ERROR', description: 'NVLink Error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 79, mnemonic: 'ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS', description: 'GPU has fallen off the bus', bucket: 'RESTART_BM', cause: 'hardware' },
  { xid: 92, mnemonic: 'EXCESSIVE_SBE_INTERRUPTS', description: 'High single-bit ECC error rate', bucket: 'CONTACT_SUPPORT', cause: 'hardware' },
  { xid: 94, mnemonic: 'ROBUST_CHANNEL_CONTAINED_ERROR', description: 'Contained ECC error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 95, mnemonic: 'ROBUST_CHANNEL_UNCONTAINED_ERROR', description: 'Uncontained ECC error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 109, mnemonic: 'ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR', description: 'Context switch timeout error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 119, mnemonic: 'GSP_RPC_TIMEOUT', description: 'GSP RPC timeout', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 120, mnemonic: 'GSP_ERROR', description: 'GSP error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 121, mnemonic: 'C2C_ERROR', description: 'C2C link error', bucket: 'RESET_GPU', cause: 'hardware' },
  { xid: 140, mnemonic: 'UNRECOVERABLE_ECC_ERROR_ESCAPE', description: 'ECC unrecovered error', bucket: 'RESET_GPU', cause: 'hardware' },
];

const BY_NUMBER = new Map(XID_CATALOGUE.map((entry) => [entry.xid, entry]));

/** The catalogue row for an Xid number, or null: an unknown number is named as unknown, never guessed. */
export function lookUpXid(xid: number): XidEntry | null {
  return BY_NUMBER.get(xid) ?? null;
}
