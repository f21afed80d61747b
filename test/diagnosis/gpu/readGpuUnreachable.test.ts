import { describe, expect, it } from 'vitest';
import { readGpuUnreachable } from '../../../functions/diagnosis/signals/gpu/readGpuUnreachable.js';

describe('readGpuUnreachable', () => {
  // Wordings of each class from other programs than the held-out corpora's (a Go NVML client, a CUDA C sample, TF, a shell).
  it.each([
    ['nvml: Init failed: NVML_ERROR_DRIVER_NOT_LOADED'],
    ['pynvml.nvml.NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.'],
    ['gpu 2: GPU requires a reset before it can be used again'],
    ['Failed to initialize NVML: Driver/library version mismatch'],
    ['Failed to initialize NVML: Insufficient Permissions'],
    ['cudaGetDeviceCount returned 100\n-> no CUDA-capable device is detected'],
    ['E external/xla/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected'],
    ['CUDA error at matrixMul.cu:253 code=46(cudaErrorDevicesUnavailable) "cudaSetDevice(devID)"'],
    ["terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: unknown error"],
    ['OSError: libnvidia-ml.so.1: cannot open shared object file: No such file or directory'],
    // The node's driver older than the image's CUDA (TF's and a CUDA sample's wordings, XLA's cuInit, llama.cpp's ggml).
    [
      '2026-01-05 10:00:00.1: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] cudaGetDevice() failed. Status: CUDA driver version is insufficient for CUDA runtime version',
    ],
    ['CUDA error at vectorAdd.cu:52 code=35(cudaErrorInsufficientDriver) "cudaMalloc(&d_A, size)"'],
    ['E cuda_driver.cc:266] failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted on non supported HW'],
    ['ggml_cuda_init: failed to initialize CUDA: forward compatibility was attempted on non supported HW'],
    // PTX newer than the driver's JIT (CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222): the driver API name (Numba's CudaAPIError,
    // OpenMM), the runtime API name (a CUDA sample's checkCudaErrors), the runtime's text (PyTorch's "CUDA error: ").
    ['numba.cuda.cudadrv.driver.CudaAPIError: [222] Call to cuModuleLoadDataEx results in CUDA_ERROR_UNSUPPORTED_PTX_VERSION'],
    ['openmm.OpenMMException: Error loading CUDA module: CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222)'],
    ['CUDA error at reduction.cu:118 code=222(cudaErrorUnsupportedPtxVersion) "cudaLaunchKernel(...)"'],
    ['RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain.'],
    // The same statuses by number only, in TensorRT's logger wordings (NVIDIA/TensorRT issues #149, #308, #1052; onnx/onnx-tensorrt #91).
    ['[12/07/2026-10:41:22] [TRT] [E] createInferBuilder: Error Code 6: API Usage Error (CUDA initialization failure with error: 35)'],
    ['[TensorRT] ERROR: CUDA initialization failure with error 222. Please check your CUDA installation:  http://docs.nvidia.com/cuda/'],
    ['[2019-04-04 17:21:17   ERROR] Cuda initialization failure with error 35. Please check cuda installation'],
    ['[E] [TRT] Cuda initialization failure with error 100. Please check cuda installation'],
  ])('finds the GPU stack refusing the device in %j', (text) => {
    expect(readGpuUnreachable(text)).not.toBeNull();
  });

  it('returns the line that says it, not the whole text', () => {
    expect(readGpuUnreachable('step 100 loss 2.1\n+ nvidia-smi -L\nNo devices were found\n')).toBe('No devices were found');
  });

  it('reads "No devices were found" only as a line of its own', () => {
    expect(readGpuUnreachable('scanner: No devices were found matching the filter, using defaults')).toBeNull();
  });

  // The program's own errors on a working GPU, and libraries the image itself should carry: not the node's.
  it.each([
    ['torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB'],
    ['RuntimeError: CUDA error: an illegal memory access was encountered'],
    ['RuntimeError: CUDA error: device-side assert triggered'],
    ['ImportError: libcudnn.so.8: cannot open shared object file: No such file or directory'],
    ['the scheduler lost track of GPU 3 for a moment'],
    // A PTX the program's own build made invalid (218) is not the driver's age.
    ['numba.cuda.cudadrv.driver.CudaAPIError: [218] Call to cuModuleLoadDataEx results in CUDA_ERROR_INVALID_PTX'],
    // A status number the program causes (2, out of memory; 1, invalid value), and a number that is no status.
    ['[E] [TRT] Cuda initialization failure with error 2. Please check cuda installation'],
    ['[TensorRT] ERROR: CUDA initialization failure with error 1. Please check cuda installation'],
    ['RuntimeError: CUDA error: out of memory while allocating 100 MiB'],
    ['CUDA kernel error: 35.5% of the threads diverged'],
  ])('leaves the program its own error: %j', (text) => {
    expect(readGpuUnreachable(text)).toBeNull();
  });

  it('starts a line too long to quote shortly before the statement, so elision never cuts through it', () => {
    const prefix = `(RayTrainWorker pid=1, ip=10.0.0.1) ${'/very/long/path/'.repeat(20)}__init__.py:129: UserWarning: `;
    const line = readGpuUnreachable(
      `${prefix}CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment. ${'x'.repeat(80)}`,
    );
    expect(line?.startsWith('… ')).toBe(true);
    expect(line).toContain('UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up environment.');
  });
});

describe('a relay header in front of the statement changes nothing (findStatementLine.ts reads the line without its log headers)', () => {
  /** Relays that log each line of nvidia-smi's output, each format cited in decisiveLine/withoutLogPrefix.ts LOG_PREFIXES. */
  const HEADERS: readonly string[] = [
    'INFO:launcher:', // python/cpython Lib/logging/__init__.py BASIC_FORMAT
    'I1207 07:01:12.681000 140213 run.py:64] ', // abseil/abseil-py get_absl_log_prefix
    '[rank3]: ', // pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py
    '(TrainWorker pid=812, ip=10.0.3.17) ', // ray-project/ray python/ray/_private/worker.py print_worker_logs
    '[1,3]<stderr>:', // open-mpi/ompi orte/mca/iof/base/iof_base_output.c
    '2026-12-07T07:01:20.5818Z ', // kubectl logs --timestamps (RFC3339Nano)
  ];
  for (const header of HEADERS) {
    it(`"No devices were found" behind ${JSON.stringify(header)}`, () => {
      const line = `${header}No devices were found`;
      expect(readGpuUnreachable(`${header}+ nvidia-smi -L\n${line}`)).toBe(line);
    });
  }

  it('the words inside a sentence stay a sentence (anchored on the body, not anywhere)', () => {
    expect(readGpuUnreachable('INFO:launcher:retrying: No devices were found yet, waiting')).toBeNull();
  });
});
