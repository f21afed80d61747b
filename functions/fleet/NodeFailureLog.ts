/**
 * The fleet's memory of diagnosed failures per node (DESIGN §4.8): the port the worker needs to
 * tell "this node" from "your code" across workloads. Adapters: DynamoDB (AWS, items expire
 * after 7 days), memory (local mode, tests). Failures are thrown as NodeFailureLogError.
 */
import type { NodeFailure } from '../diagnosis/model/NodeFailure.js';

/** How long a remembered failure is kept: the rule reads 24 h; a week leaves room to look back. */
export const NODE_FAILURE_TTL_SECONDS = 7 * 86_400;

export interface NodeFailureLog {
  /** Remembers one failure; remembering the same workload's failure again replaces it. */
  remember(failure: NodeFailure): Promise<void>;
  /** The node's failures remembered at or after `sinceMs` (epoch ms), any order. */
  recent(clusterId: string, node: string, sinceMs: number): Promise<NodeFailure[]>;
  /**
   * Claims the node's one `node_suspect` notice for the window: `claimed` when no notice was
   * claimed for this node within the last `windowMs` (the caller then publishes it), else `taken`.
   */
  claimNotice(clusterId: string, node: string, atMs: number, windowMs: number): Promise<'claimed' | 'taken'>;
  /** Gives a claimed notice back (its publication failed), so the next suspect verdict retries it. */
  releaseNotice(clusterId: string, node: string, atMs: number): Promise<void>;
}

/** A node failure log that could not be read or written. Never fails a verdict: the worker carries on without the node's history. */
export class NodeFailureLogError extends Error {
  override readonly name = 'NodeFailureLogError';
  readonly code = 'NODE_FAILURE_LOG_UNAVAILABLE';
  readonly retryable = true;

  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
  }
}
