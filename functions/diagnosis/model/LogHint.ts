/** What kind of failure a log line shows (signals/logLineTable.ts recognises them). */
export type LogHint =
  | 'cuda-oom' // GPU memory exhausted: not a CPU memory limit problem
  | 'nccl' // multi-GPU / multi-node communication failed
  | 'cuda-error' // another CUDA runtime or driver error
  | 'segfault' // native crash
  | 'shm' // shared memory (/dev/shm) exhausted, typically DataLoader workers
  | 'killed' // a process inside the container was SIGKILLed
  | 'exception' // the exception line of a traceback (Python, Java, Go panic, Rust panic)
  | 'launcher' // a launcher's summary of a child failure (torchrun, mpirun): the real error is earlier
  | 'error'; // a line that says it is an error
