import { z } from 'zod';
import { emailSchema } from './auth';

/** POST /api/admin/tester-invites: a single-use tester invite, optionally bound to an email. */
export const issueTesterInviteBodySchema = z.strictObject({
  email: emailSchema.optional(),
  expiresInDays: z.number().int().min(1).max(365),
});
export type IssueTesterInviteBody = z.infer<typeof issueTesterInviteBodySchema>;
export const testerInviteSchema = z.object({ code: z.string(), url: z.string() });
export type TesterInvite = z.infer<typeof testerInviteSchema>;

export const roleSchema = z.enum(['admin', 'member']);
export type Role = z.infer<typeof roleSchema>;
/** POST /api/admin/users/{id}/role */
export const setUserRoleBodySchema = z.strictObject({ role: roleSchema });
export const userRoleSchema = z.object({ id: z.string(), role: roleSchema });
