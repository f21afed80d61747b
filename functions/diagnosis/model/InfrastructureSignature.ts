/**
 * An infrastructure signature read anywhere in a record's whole text (NCCL, PyTorch distributed,
 * CUDA device/driver errors, a hardware Xid, a GPU health fault): what the fleet counts against a
 * node (§4.8), never what decides a category. Read by signals/gpu/readInfrastructureSignature.ts.
 */
export type InfrastructureSignatureKind = 'nccl' | 'torch-distributed' | 'cuda-device' | 'xid' | 'gpu-health';

export interface InfrastructureSignature {
  kind: InfrastructureSignatureKind;
  /** The hardware Xid the text names, when the signature is one. */
  xid?: number;
}
