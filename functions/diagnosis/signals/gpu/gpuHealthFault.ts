/**
 * A GPU health monitor's verdict on one GPU's hardware, when it carries no Xid number: the subject
 * is a GPU by index ("GPU 3", "GPU 3's"), the predicate a fault of one of the hardware subsystems
 * DCGM's health watches cover — memory (ECC, row remapping, page retirement), NVLink, PCIe,
 * InfoROM, thermal and power. What the health check says about the device is the node's fault,
 * never the workload's, whatever the message's exact wording (DCGM words each failure its own way).
 *
 * NVIDIA/DCGM dcgmlib/dcgm_structs.h (dcgmHealthSystems_enum: DCGM_HEALTH_WATCH_PCIE, NVLINK,
 * PMU, MCU, MEM, SM, INFOROM, THERMAL, POWER, DRIVER) and dcgmlib/dcgm_errors.h (DCGM_FR_*_MSG:
 * "Detected %d volatile double-bit ECC error(s) in GPU %u.", "GPU %u had uncorrectable memory errors
 * and row remapping failed.", "GPU %u's NvLink link %d is currently down", "Detected %ld %s NvLink
 * errors on GPU %u's NVLink (should be 0)", "GPU %u had memory errors and row remappings are pending").
 */
const SUBSYSTEM_FAULT =
  '(?:(?:double|single)-bit ECC|ECC errors?|uncorrectable (?:memory |ECC )?errors?|memory errors?|row remapp\\w*|retired pages?|page retirement|NvLink|PCIe (?:replay|link|errors?)|InfoROM|thermal violations?|power violations?|fallen off the bus)';
const GPU_SUBJECT = "GPU \\d{1,3}(?:'s)?";

/** Fault then subject ("… ECC error(s) in GPU 3", "… NvLink errors on GPU 3's NVLink"), or subject then fault ("GPU 3 had … row remapping failed"), within one sentence. */
export const GPU_HEALTH_FAULT = new RegExp(
  `\\b${SUBSYSTEM_FAULT}\\b[^.\\n]{0,80}\\b${GPU_SUBJECT}(?!\\w|\\.\\d)|\\b${GPU_SUBJECT} [^.\\n]{0,80}\\b${SUBSYSTEM_FAULT}\\b[^.\\n]{0,80}`,
  'i',
);
