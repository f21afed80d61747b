/**
 * Turns a Tier 2 configuration into per-cluster `KubernetesReader`s for the diagnosis:
 * `readerFor(clusterId)` returns the cluster's read-only client, or null when the cluster
 * is not configured (the diagnosis then runs exactly as Tier 1 and says Tier 2 was not
 * available). One client (connection pool, CA) per cluster, created on first use and kept
 * for the life of the process (a warm Lambda reuses it).
 */
import { readFile } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { createKubernetesClient, DEFAULT_TIER2_TIMEOUT_MS, tokenFrom, type KubernetesClient } from './createKubernetesClient.js';
import type { Tier2Access } from '../diagnosis/ports/Tier2Access.js';
import { caPem, tier2ClusterFor, type Tier2Config } from './Tier2Config.js';

export type Tier2AccessHandle = Tier2Access & {
  /** GET requests sent to every cluster so far. */
  readonly requests: number;
  close(): Promise<void>;
};

export interface Tier2AccessOptions {
  timeoutMs?: number;
  /** Every cluster's client sends through this one (a replay: functions/recording); never closed here. */
  dispatcher?: Dispatcher;
  /** Sees every exchange of every cluster (`--record`). */
  interceptor?: Dispatcher.DispatcherComposeInterceptor;
}

export function createTier2Access(config: Tier2Config, options: Tier2AccessOptions = {}): Tier2AccessHandle {
  const clients = new Map<string, KubernetesClient>();
  return {
    get requests() {
      let total = 0;
      for (const client of clients.values()) total += client.stats.requests;
      return total;
    },
    readerFor(clusterId) {
      const cluster = tier2ClusterFor(config, clusterId);
      if (!cluster) return null;
      let client = clients.get(clusterId);
      if (!client) {
        const caFile = cluster.caFile;
        client = createKubernetesClient({
          server: cluster.server,
          token: tokenFrom(cluster),
          ca: caFile ? () => readFile(caFile, 'utf8') : cluster.caData ? caPem(cluster.caData) : undefined,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIER2_TIMEOUT_MS,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
          ...(options.interceptor ? { interceptor: options.interceptor } : {}),
        });
        clients.set(clusterId, client);
      }
      return client;
    },
    async close() {
      await Promise.all([...clients.values()].map((client) => client.close()));
      clients.clear();
    },
  };
}
