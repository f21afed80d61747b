/**
 * Every field name the diagnosis's zod schemas declare for the Run:ai and Kubernetes answers
 * (functions/diagnosis/ports/), found by walking the schemas themselves — so the anonymizer's
 * allow-list follows the schemas when a field is added. A field no schema declares is never read:
 * its value is pseudonymised whole (anonymizeRecording.ts), whatever it looks like.
 *
 * zod 4 exposes a schema's definition to library code as `schema._zod.def`
 * (https://zod.dev/library-authors): object shapes, and the inner schemas of optional, nullable,
 * catch, array, union, record, pipe and lazy wrappers.
 */
import * as kubernetes from '../diagnosis/ports/KubernetesSchemas.js';
import * as runai from '../diagnosis/ports/RunaiSchemas.js';
import { RunaiErrorBodySchema } from '../runai/RunaiErrorBodySchema.js';

interface SchemaLike {
  _zod: { def: Record<string, unknown> };
}

const isSchema = (value: unknown): value is SchemaLike =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as SchemaLike)._zod?.def === 'object';

function collect(schema: SchemaLike, into: Set<string>, seen: Set<SchemaLike>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const shape = def.shape;
  if (shape && typeof shape === 'object') {
    for (const [field, inner] of Object.entries(shape)) {
      into.add(field);
      if (isSchema(inner)) collect(inner, into, seen);
    }
  }
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape') continue;
    if (isSchema(value)) collect(value, into, seen);
    else if (Array.isArray(value)) for (const item of value) if (isSchema(item)) collect(item, into, seen);
  }
  if (def.type === 'lazy' && typeof def.getter === 'function') {
    const inner: unknown = (def.getter as () => unknown)();
    if (isSchema(inner)) collect(inner, into, seen);
  }
}

/** The field names of every schema exported by the two port modules, and the Run:ai error body. */
export function readFieldNames(): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<SchemaLike>();
  for (const exported of [...Object.values(runai), ...Object.values(kubernetes), RunaiErrorBodySchema]) if (isSchema(exported)) collect(exported, names, seen);
  return names;
}
