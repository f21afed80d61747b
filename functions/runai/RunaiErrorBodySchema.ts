/** The Run:ai `Error` body of a non-2xx answer; only the client's error mapping reads it. */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

export const RunaiErrorBodySchema = z.object({
  code: z.number().nullish(),
  message: z.string().nullish(),
  details: z.string().nullish(),
});
