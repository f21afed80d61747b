/** The Run:ai token endpoint's answer; only the client's token source reads it. Unknown fields are tolerated. */
import * as z from 'zod'; // not `{ z }`, which makes esbuild bundle all of zod (npm run bench, bundles)

export const TokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.number().nullish(),
  idToken: z.string().nullish(),
  refreshToken: z.string().nullish(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
