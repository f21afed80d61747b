/**
 * A compiler's or assembler's own diagnostic that stopped a build: the tool says what it could not
 * do, where the program that ran it (torch.utils.cpp_extension's `RuntimeError: Error building
 * extension 'x'`, Triton's `PTXASError: PTXAS error: Internal Triton PTX codegen error`, a
 * `CalledProcessError` over `gcc`) only says that the build failed — a consequence, however it is
 * raised. So the tool's line ranks above any exception line.
 *
 * Two shapes:
 * - GCC's (and clang's) diagnostic prefix, `<location>: <kind>: <message>`, where the location is
 *   `file:line[:column]` or the program's name when there is no source position, and the kind is
 *   `error` or `fatal error` (gcc-mirror/gcc gcc/diagnostic.c diagnostic_build_prefix "%s: %s",
 *   location then the kind's text; gcc/diagnostic.def DEFINE_DIAGNOSTIC_KIND (DK_FATAL, "fatal
 *   error: "), (DK_ERROR, "error: ")): `/tmp/x/cuda_utils.c:6:10: fatal error: Python.h: No such
 *   file or directory`, `cc1plus: fatal error: …` (a
 *   program's own name before a plain `error:` is not read: slurm's srun reports a child's exit that way).
 * - NVIDIA's CUDA tools, which pad the level to a column before the colon: `nvcc fatal   :
 *   Unsupported gpu architecture 'compute_89'`, `ptxas fatal   : Value 'sm_90' is not defined for
 *   option 'gpu-architecture'`, `ptxas /tmp/k.ptx, line 5; error   : …` (closed source; the shape as users quote it,
 *   e.g. ethereum-mining/ethminer and gromacs build logs, and Triton's relay of ptxas' stderr in
 *   triton-lang/triton third_party/nvidia/backend/compiler.py make_cubin). A lower-case tool name,
 *   the level word, blanks, then the colon: prose does not put blanks before a colon.
 * A warning or note of either shape is not read (the build went on after it).
 */
import type { LineRule } from './lineRules.js';

// Without a source position only `fatal error:` is read: `<program>: error:` is also how launchers report a child (`srun: error: … Exited with exit code 1`).
const GCC_DIAGNOSTIC = /^\s*(?:\S+?:\d+(?::\d+)?: (?:fatal )?error: \S|[a-z][\w.+-]*: fatal error: \S)/;
// ptxas puts the input's position between its name and the level: `ptxas /tmp/k.ptx, line 5; fatal   : …`.
const PADDED_LEVEL = /^\s*[a-z][\w+-]*(?: [^\n;]{1,200}, line \d+;)? (?:fatal|error) +: \S/;

export const TOOL_DIAGNOSTIC: LineRule = {
  name: 'tool-diagnostic',
  // Above an exception (the wrapper that reports the build), below an errno and an accelerator report.
  rank: 82,
  // The first error stops or misleads the rest of a compilation: later ones often follow from it.
  prefer: 'earliest',
  pattern: new RegExp(`${GCC_DIAGNOSTIC.source}|${PADDED_LEVEL.source}`),
  upstream:
    'gcc-mirror/gcc gcc/diagnostic.c (diagnostic_build_prefix), gcc/diagnostic.def (DK_FATAL "fatal error: ", DK_ERROR "error: "); NVIDIA nvcc/ptxas "<tool> fatal   : <message>" as relayed by triton-lang/triton third_party/nvidia/backend/compiler.py (make_cubin)',
};
