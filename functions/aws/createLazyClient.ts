/**
 * An AWS SDK client that is built on its first `send`, then kept for the life of the
 * execution environment (AWS's advice: one client per environment, reused by every
 * invocation). Until then neither the client nor its SDK module is loaded (loadAwsSdk.ts), so a
 * handler's init costs nothing for a client a request may never use — the intake's Secrets
 * Manager client, for instance, serves only readiness checks.
 *
 * The adapters keep their SDK client type (tests hand them a real client under
 * aws-sdk-client-mock); what they call on it is `send`, which is all this forwards.
 */
interface Sender {
  send(...args: never[]): Promise<unknown>;
}

export function createLazyClient<Client extends Sender>(create: () => Promise<Client>): Client {
  let client: Promise<Client> | undefined;
  const send = async (...args: unknown[]): Promise<unknown> => {
    client ??= create().catch((error: unknown) => {
      client = undefined; // not cached: the next send tries again
      throw error;
    });
    const built = (await client) as unknown as { send(...sent: unknown[]): Promise<unknown> };
    return built.send(...args);
  };
  // Only `send` is ever called on an adapter's client.
  return { send } as unknown as Client;
}
