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

/** GET /api/admin/admins: who holds the admin role (`you` marks the asking admin). */
export const adminsSchema = z.object({
  admins: z.array(
    z.object({ id: z.string(), username: z.string(), displayName: z.string(), you: z.boolean() }),
  ),
});
export type Admins = z.infer<typeof adminsSchema>;

/** POST /api/admin/admins: grants the role to the user with this username or email. */
export const grantAdminBodySchema = z.strictObject({ login: z.string().trim().min(1).max(254) });
export type GrantAdminBody = z.infer<typeof grantAdminBodySchema>;
