/**
 * The AWS SDK clients our Lambdas use, each loaded on first use. The SDK is external to the
 * bundles (the Lambda runtime provides it), and esbuild hoists a static import of an external
 * module to the top of the ESM bundle, where Node loads it at init — 180 to 290 ms of a cold
 * start for code that a request may never need (docs/performance.md). A dynamic import() stays
 * where it is written, so the SDK is read the first time an adapter sends a command, once per
 * execution environment (Node caches the module; the promise is memoised here too).
 */
type Loader<Module> = () => Promise<Module>;

/**
 * Where the SDK is bundled (local mode's dist/, built with code splitting), esbuild hands a
 * dynamic import of the CommonJS SDK over as `{ default: exports }` only ("s is not a
 * constructor", functions/local/connectSnsTopic.ts); Node's own import of the external SDK
 * (the Lambdas) gives the named exports. `client` is an export every use needs.
 */
function namedExports<Module extends object>(module: Module, client: string): Module {
  if (client in module) return module;
  const inner = (module as { default?: unknown }).default;
  return inner && typeof inner === 'object' && client in inner ? (inner as Module) : module;
}

function once<Module extends object>(client: string, load: Loader<Module>): Loader<Module> {
  let loaded: Promise<Module> | undefined;
  return () => {
    loaded ??= load()
      .then((module) => namedExports(module, client))
      .catch((error: unknown) => {
        loaded = undefined; // a failed load is tried again on the next use
        throw error;
      });
    return loaded;
  };
}

export const loadSqs = once('SQSClient', () => import('@aws-sdk/client-sqs'));
export const loadSns = once('SNSClient', () => import('@aws-sdk/client-sns'));
export const loadDynamoDb = once('DynamoDBClient', () => import('@aws-sdk/client-dynamodb'));
export const loadSecretsManager = once('SecretsManagerClient', () => import('@aws-sdk/client-secrets-manager'));
