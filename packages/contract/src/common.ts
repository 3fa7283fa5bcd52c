import { z } from 'zod';

/** The body of every error answer (api.md, Conventions). */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), rule: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export const csrfTokenSchema = z.object({ csrfToken: z.string() });
