/**
 * The decisive-line rules on upstream-shaped text (each case cites the code that prints it).
 * The finder must pick the line a person acts on from formats no table row knows.
 */
import { describe, expect, it } from 'vitest';
import { afterCarrier, innermostClause } from '../../functions/diagnosis/signals/decisiveLine/errorClause.js';
import { findDecisiveLines } from '../../functions/diagnosis/signals/decisiveLine/findDecisiveLine.js';
import { lineFor } from '../../functions/diagnosis/signals/decisiveLine/signalLine.js';
import { quoteMessage } from '../../functions/diagnosis/signals/quoteEvidence.js';

const payloadOf = (message: string) => findDecisiveLines(message, { splitPayload: true }).payload?.text;
const systemOf = (message: string, matched?: string) => findDecisiveLines(message, { matched: matched ?? null }).system?.text;

describe('error clause after a carrier', () => {
  it('takes the clause after kubelet "Failed to pull image" (kubernetes/kubernetes pkg/kubelet/images/image_manager.go)', () => {
    const message =
      'Failed to pull image "registry.example.com/ml/trainer:2.1": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/ml/trainer:2.1": failed to resolve reference "registry.example.com/ml/trainer:2.1": registry.example.com/ml/trainer:2.1: not found';
    const line = systemOf(message, 'Failed to pull image');
    expect(line).toMatch(/^(?:rpc error|failed to)/);
    expect(line).toMatch(/: not found$/);
    expect(line).not.toContain('Failed to pull image');
  });

  it('a row that matched only the carrier sentence quotes its clause, not the carrier (containers/image docker/errors.go ErrTooManyRequests)', () => {
    const message =
      'Failed to pull image "quay.io/acme/svc:v3": rpc error: code = Unknown desc = initializing source docker://quay.io/acme/svc:v3: reading manifest v3 in quay.io/acme/svc: too many requests to registry';
    const line = systemOf(message, 'Failed to pull image');
    expect(line).toMatch(/too many requests to registry$/);
    expect(line).not.toContain('Failed to pull image');
  });

  it('takes a failed mount\'s Output line (the tool\'s stderr) over its generic "exit status" clause (kubernetes/mount-utils mount_linux.go doMount)', () => {
    const message =
      'MountVolume.SetUp failed for volume "data" : mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.20.0.5:/exports/team /var/lib/kubelet/pods/0b1c/volumes/kubernetes.io~nfs/data\nOutput: mount.nfs: access denied by server while mounting 10.20.0.5:/exports/team';
    expect(systemOf(message, 'MountVolume.SetUp failed')).toBe('mount.nfs: access denied by server while mounting 10.20.0.5:/exports/team');
  });

  it("takes a tool's own errno line after its wrapper's exit status (ceph/ceph-csi internal/rbd/rbd_attach.go)", () => {
    const message =
      'MountVolume.MountDevice failed for volume "pvc-1" : rpc error: code = Internal desc = rbd: map failed with error exit status 2, rbd error output: rbd: sysfs write failed\nrbd: map failed: (2) No such file or directory';
    expect(systemOf(message, 'MountVolume.MountDevice failed')).toBe('rbd: map failed: (2) No such file or directory');
  });

  it("keeps a tool's one-word prefix when narrowing a long chain (util-linux mount; nfs-utils mount.nfs4)", () => {
    const path = '/var/lib/kubelet/pods/0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e/volumes/kubernetes.io~csi/pvc-0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d/mount';
    const clause = `rpc error: code = Internal desc = mount failed: mount.nfs4: mounting fs.example.internal:/exports/team on ${path} failed, reason given by server: No such file or directory`;
    expect(innermostClause(clause)).toMatch(/^mount\.nfs4: mounting /);
  });

  it('keeps a long wrapped chain to its innermost cause, cutting only at wrapper boundaries (containerd/containerd errdefs wrapping)', () => {
    const chain = `rpc error: code = Unknown desc = ${'failed to do something rather long: '.repeat(8)}dial tcp: lookup registry.example.com on 10.96.0.10:53: no such host`;
    const clause = innermostClause(chain);
    expect(clause.length).toBeLessThanOrEqual(240);
    expect(clause.endsWith('no such host')).toBe(true);
    expect(chain.endsWith(clause)).toBe(true);
  });

  it('takes the multi-line mount output line that names the errno (kubernetes/kubernetes pkg/volume/util/operationexecutor/operation_generator.go; util-linux mount)', () => {
    const message = [
      'MountVolume.SetUp failed for volume "team-share" : mount failed: exit status 32',
      'Mounting command: mount',
      'Mounting arguments: -t cifs -o <masked> //fs01.corp.example/ml /var/lib/kubelet/pods/0a1b/volumes/kubernetes.io~csi/team-share/mount',
      'Output: mount error(13): Permission denied',
    ].join('\n');
    expect(systemOf(message, 'MountVolume.SetUp failed')).toBe('mount error(13): Permission denied');
  });

  it('names the Lustre client error inside a CSI chain (lustre mount.lustre; kubernetes-sigs/aws-fsx-csi-driver)', () => {
    const message =
      'MountVolume.MountDevice failed for volume "fsx-pv" : rpc error: code = Internal desc = Could not mount "fs-0abc.fsx.us-east-1.amazonaws.com@tcp:/fsx" at "/var/lib/kubelet/plugins/kubernetes.io/csi/fsx.csi.aws.com/0a1b/globalmount": mount failed: exit status 2 Output: mount.lustre: mount fs-0abc.fsx.us-east-1.amazonaws.com@tcp:/fsx at /mnt failed: No such file or directory';
    expect(systemOf(message, 'MountVolume.MountDevice failed')).toContain('mount.lustre: mount');
  });

  it('strips every carrier on a line: controller "Error creating:" then the webhook denial (kubernetes/kubernetes pkg/controller/controller_utils.go; kubernetes/apiserver statuserror.go)', () => {
    expect(
      afterCarrier('Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [gpu-limits] container <trainer> has no resource limits'),
    ).toBe('admission webhook "validation.gatekeeper.sh" denied the request: [gpu-limits] container <trainer> has no resource limits');
  });
});

describe('the container text a message carries', () => {
  it("reads Knative's termination message and takes the traceback's last exception line (knative/serving revision_lifecycle.go; python traceback)", () => {
    const message = [
      'Container failed with: Traceback (most recent call last):',
      '  File "/app/serve.py", line 41, in <module>',
      "    ids = batch['input_ids']",
      "KeyError: 'input_ids'",
    ].join('\n');
    expect(payloadOf(message)).toBe("KeyError: 'input_ids'");
  });

  it('reads Ray\'s log tail after "last available logs" in either spelling (ray-project/ray job_supervisor.py)', () => {
    for (const head of [
      'Job entrypoint command failed with exit code 1. Last available logs (truncated to 20,000 chars):',
      'Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):',
    ]) {
      const message = `${head}\n(RayTrainWorker pid=812) loading shards\nRuntimeError: CUDA error: an illegal memory access was encountered\n`;
      expect(payloadOf(message)).toBe('RuntimeError: CUDA error: an illegal memory access was encountered');
    }
  });

  it('finds a qualified exception written mid-line in a one-line termination message, starting at its name', () => {
    const message =
      'Pod p-0 failed: container c terminated with exit code 1 (Error): INFO start ... requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://hub.example/api';
    expect(payloadOf(message)).toBe('requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://hub.example/api');
  });

  it('an application exit quotes the container text; a system signal quotes the system clause', () => {
    const regions = findDecisiveLines('Pod p-0 failed: container c terminated with exit code 1 (Error): ValueError: bad shape', {
      splitPayload: true,
      matched: 'exit code 1',
    });
    expect(lineFor('CONTAINER_CRASH', regions)?.text).toBe('ValueError: bad shape');
    // The terminated reason in parentheses is the kubelet's word: part of the system clause.
    expect(lineFor('OOM_KILLED', regions)?.text).toBe('Pod p-0 failed: container c terminated with exit code 1 (Error)');
  });
});

describe('root error over consequence', () => {
  it("prefers a rank's CUDA OOM over torchrun's ChildFailedError summary (pytorch/pytorch torch/distributed/elastic/multiprocessing/errors)", () => {
    const log = [
      '[rank1]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacity of 79.15 GiB of which 1.02 GiB is free.',
      'E1202 10:01:02.000000 140 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 1 (pid: 212) of binary: /usr/bin/python',
      'Traceback (most recent call last):',
      'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^\[rank1\]: torch\.OutOfMemoryError: CUDA out of memory/);
  });

  it('quotes the root-cause rank of a ChildFailedError block that carries no exception (pytorch/pytorch torch/distributed/elastic/multiprocessing/errors/__init__.py)', () => {
    const log = [
      'torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
      '============================================================',
      'train.py FAILED',
      '------------------------------------------------------------',
      'Failures:',
      '  <NO_OTHER_FAILURES>',
      '------------------------------------------------------------',
      'Root Cause (first observed failure):',
      '[0]:',
      '  time      : 2026-03-02_11:58:01',
      '  host      : trainer-worker-1',
      '  rank      : 3 (local_rank: 3)',
      '  exitcode  : -9 (pid: 4121)',
      '  error_file: <N/A>',
      '  traceback : Signal 9 (SIGKILL) received by PID 4121',
      '============================================================',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toBe('traceback : Signal 9 (SIGKILL) received by PID 4121');
  });

  it("prefers the first NCCL WARN over a peer's watchdog timeout (NVIDIA/nccl debug.h; pytorch ProcessGroupNCCL.cpp)", () => {
    const log = [
      'node-0:812:901 [1] NCCL WARN NET/IB : Got completion from peer 10.0.3.12<51234> with status=12 opcode=0 len=0 vendor err 129 (Recv)',
      '[rank3]:[E1202 10:11:00.000000000 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600012 milliseconds before timing out.',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/NCCL WARN NET\/IB : Got completion/);
  });

  it('quotes the watchdog timeout when it is the only failure (a consequence is still the best line there is)', () => {
    const log =
      '[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800471 milliseconds before timing out.';
    expect(payloadOf(`Container failed with: ${log}`)).toBe(log);
  });

  it("takes the exception of Java's root Caused by (openjdk Throwable.printStackTrace)", () => {
    const log = [
      'Exception in thread "main" org.apache.spark.SparkException: Job aborted.',
      '\tat org.apache.spark.sql.execution.FileFormatWriter.write(FileFormatWriter.scala:231)',
      'Caused by: java.io.IOException: Failed to write shard 12',
      '\tat example.Writer.write(Writer.java:40)',
      'Caused by: java.nio.file.AccessDeniedException: /data/out/part-00012',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toBe('java.nio.file.AccessDeniedException: /data/out/part-00012');
  });

  it('takes a Go panic over the goroutine dump (golang/go runtime/panic.go)', () => {
    const log = ['panic: runtime error: index out of range [3] with length 3', '', 'goroutine 1 [running]:', 'main.main()', '\t/app/main.go:12 +0x1d'].join(
      '\n',
    );
    expect(payloadOf(`Container failed with: ${log}`)).toBe('panic: runtime error: index out of range [3] with length 3');
  });

  it('takes the NVRM Xid line (NVIDIA open-gpu-kernel-modules, "NVRM: Xid")', () => {
    const log = ['epoch 3 step 1200', 'NVRM: Xid (PCI:0000:3b:00): 79, pid=2231, name=python, GPU has fallen off the bus.', 'Killed'].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toBe('NVRM: Xid (PCI:0000:3b:00): 79, pid=2231, name=python, GPU has fallen off the bus.');
  });

  it('names the failing resource: a gated Hugging Face repo (huggingface/huggingface_hub utils/_http.py)', () => {
    const log = [
      'Downloading shards:   0%|          | 0/4',
      'Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B/resolve/main/config.json.',
      'Access to model meta-llama/Llama-3.1-8B is restricted. You must have access to it and be authenticated to access it. Please log in.',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^Cannot access gated repo/);
  });
});

describe('a line that points elsewhere quotes what it points to', () => {
  it('a wrapper that defers ("See root cause above") quotes the earlier root error, behind its log header (vllm-project/vllm v1/engine/utils.py; logging_utils/formatter.py)', () => {
    const log = [
      '(EngineCore_DP0 pid=87) ERROR 03-14 10:02:11 [core.py:586] EngineCore failed to start.',
      '(EngineCore_DP0 pid=87) ERROR 03-14 10:02:11 [core.py:586] ValueError: Free memory on device (20.1/79.2 GiB) on startup is less than desired GPU memory utilization (0.95, 75.2 GiB).',
      '(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^ValueError: Free memory on device/);
  });

  it('an exception whose first line is an HTTP status quotes its continuation with the URL (huggingface/huggingface_hub utils/_http.py hf_raise_for_status)', () => {
    const log = [
      'Traceback (most recent call last):',
      '  File "/app/download.py", line 12, in <module>',
      'huggingface_hub.errors.RepositoryNotFoundError: 404 Client Error. (Request ID: Root=1-65f0c1d2-0a1b2c3d4e5f)',
      '',
      'Repository Not Found for url: https://huggingface.co/api/models/acme/encoder-small/revision/main.',
      'Please make sure you specified the correct `repo_id` and `repo_type`.',
    ].join('\n');
    const line = payloadOf(`Container failed with: ${log}`);
    expect(line).toContain('Repository Not Found for url: https://huggingface.co/api/models/acme/encoder-small/revision/main.');
    expect(line).toMatch(/^huggingface_hub\.errors\.RepositoryNotFoundError/);
  });

  it('a generic exception line whose fields and cause follow quotes the cause (ray-project/ray python/ray/exceptions.py ActorDiedError)', () => {
    const log = [
      'ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.',
      '\tclass_name: Evaluator',
      '\tactor_id: 0f9e8d7c6b5a',
      '\tpid: 4410',
      'The actor is dead because its owner has died. Owner Id: 01000000 Owner Ip address: 10.1.2.3 Owner worker exit type: INTENDED_USER_EXIT',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^The actor is dead because its owner has died/);
  });

  it('in an explicit chain the exception raised `from` the cause is quoted, even over a CUDA line (python/cpython Lib/traceback.py _cause_message)', () => {
    const log = [
      'Traceback (most recent call last):',
      '  File "/srv/model.py", line 90, in warmup',
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 39.38 GiB of which 512.00 MiB is free.',
      '',
      'The above exception was the direct cause of the following exception:',
      '',
      'RuntimeError: Not enough memory to handle 8192 prefill tokens. You need to decrease `--max-batch-prefill-tokens`',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^RuntimeError: Not enough memory to handle 8192 prefill tokens/);
  });

  it('a failed assertion explains "device-side assert triggered" (pytorch c10/macros/Macros.h CUDA_KERNEL_ASSERT; c10/cuda/CUDAException.cpp)', () => {
    const log = [
      '/pytorch/aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [5,0,0] Assertion `t >= 0 && t < n_classes` failed.',
      'RuntimeError: CUDA error: device-side assert triggered',
      'For debugging consider passing CUDA_LAUNCH_BLOCKING=1.',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toContain('Assertion `t >= 0 && t < n_classes` failed.');
  });

  it('C++ terminate names a type; its message is the what() line, and without one a stated failure says more (gcc libstdc++-v3/libsupc++/vterminate.cc)', () => {
    const withWhat = ["terminate called after throwing an instance of 'std::runtime_error'", '  what():  failed to open shard /data/shard-0007.bin'].join('\n');
    expect(payloadOf(`Container failed with: ${withWhat}`)).toContain('failed to open shard /data/shard-0007.bin');
    // The record is quoted whole: the type says what the message may not (here it only repeats it).
    const badAlloc = ['[loader] 2048 shards', "terminate called after throwing an instance of 'std::bad_alloc'", '  what():  std::bad_alloc'].join('\n');
    const quoted = payloadOf(`Container failed with: ${badAlloc}`);
    expect(quoted).toContain("terminate called after throwing an instance of 'std::bad_alloc'");
    expect(quoted).toContain('what():  std::bad_alloc');
    const without = [
      '[rank3]:[E0314 10:02:11.000000000 ProcessGroupNCCL.cpp:616] [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600101 milliseconds before timing out.',
      "terminate called after throwing an instance of 'c10::DistBackendError'",
    ].join('\n');
    expect(payloadOf(`Container failed with: ${without}`)).toContain('Watchdog caught collective operation timeout');
  });

  it('a label that announces the error ("Last error:") quotes the announced NCCL line over the code\'s fixed interpretation (pytorch torch/csrc/distributed/c10d/NCCLUtils.cpp getNcclErrorDetailStr)', () => {
    const log = [
      '[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5',
      '[rank1]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ',
      '[rank1]: Last error:',
      '[rank1]: socketStartConnect: Connect to 10.0.4.9<41873> failed : Software caused connection abort',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toContain('socketStartConnect: Connect to 10.0.4.9<41873> failed');
  });

  it("a launcher's count of failed processes ranks below the line naming the process (open-mpi/ompi orte/tools/orterun/help-orterun.txt)", () => {
    const log = [
      'Primary job  terminated normally, but 1 process returned',
      'a non-zero exit code. Per user-direction, the job has been aborted.',
      'mpirun noticed that process rank 0 with PID 0 on node trainer-w-0 exited on signal 11 (Segmentation fault).',
    ].join('\n');
    expect(payloadOf(`Container failed with: ${log}`)).toMatch(/^mpirun noticed that process rank 0/);
  });

  it('a system clause that ends by announcing ("denied the request:") quotes what it announces (kyverno/kyverno pkg/webhooks/utils/block.go GetBlockedMessages)', () => {
    const message = [
      'Error creating: admission webhook "validate.kyverno.svc-fail" denied the request: ',
      '',
      'resource Pod/team-a/job-7-0 was blocked due to the following policies ',
      '',
      'require-requests-limits:',
      "  validate-resources: 'validation error: CPU and memory resource requests and limits are required. rule validate-resources failed at path /spec/containers/0/resources/limits/'",
    ].join('\n');
    expect(systemOf(message, 'denied the request')).toContain('validation error: CPU and memory resource requests and limits are required.');
  });
});

describe('names never steer the choice', () => {
  it('a name that looks like an exception does not make its line the decisive one once masked', () => {
    const message = 'Container failed with: starting RuntimeError: worker\nOSError: [Errno 28] No space left on device';
    const masked = findDecisiveLines(message, { splitPayload: true, mask: (text) => text.replace('RuntimeError: worker', '<name>') });
    expect(masked.payload?.text).toBe('OSError: [Errno 28] No space left on device');
  });
});

describe('elision keeps the decisive line whole', () => {
  it('measures a line with its names masked, so a long name never decides whether it is elided', () => {
    const name = 'a-very-long-project-name-chosen-by-someone';
    const regions = findDecisiveLines(`Failed to pull image "r.example/${name}/x:1": failed to resolve reference "r.example/${name}/x:1": not found`, {
      matched: 'Failed to pull image',
      mask: (text) => text.split(name).join('<name>'),
    });
    expect(regions.system?.nameSlack).toBe(name.length - '<name>'.length);
  });

  it('drops head and tail around a long decisive line, never the line itself', () => {
    const decisive = `KeyError: '${'k'.repeat(200)}'`;
    const text = `${'a'.repeat(400)}\n${decisive}\n${'z'.repeat(400)}`;
    const quoted = quoteMessage(text, decisive);
    expect(quoted).toContain(decisive);
    expect(Array.from(quoted).length).toBeLessThanOrEqual(362);
  });
});
