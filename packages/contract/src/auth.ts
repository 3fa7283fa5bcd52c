import { NAME_MAX, PASSWORD_MAX, USERNAME_PATTERN } from '@giro/domain/account';
import { ORGANIZATION_NAME_MAX, ORGANIZATION_NAME_MIN, organizationTypes } from '@giro/domain/organization';
import { z } from 'zod';
import { languageSchema } from './language';

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, 'username: 3–30 of a-z 0-9 _ . -');
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** Length bounds only; the full policy (common list, identity) is checked by the domain. */
export const passwordSchema = z.string().min(1).max(PASSWORD_MAX);
export const personNameSchema = z.string().trim().min(1).max(NAME_MAX);
export const inviteCodeInputSchema = z.string().trim().min(1).max(64);

export const organizationInputSchema = z.strictObject({
  name: z.string().trim().min(ORGANIZATION_NAME_MIN).max(ORGANIZATION_NAME_MAX),
  type: z.enum(organizationTypes),
});

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  acceptTerms: z.boolean(),
  captcha: z.string().max(20_000),
  organization: organizationInputSchema.nullable(),
  inviteCode: inviteCodeInputSchema.optional(),
  languagePreference: languageSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(254),
  password: passwordSchema,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  /** Null until the member picks one: the interface follows the browser meanwhile. */
  languagePreference: languageSchema.nullable(),
  paypalEmail: z.string().nullable(),
  familyId: z.string().nullable(),
  role: z.enum(['member', 'admin']),
  strikes: z.number().int(),
  memberSince: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The session check carries the signed-in user too (the same shape as GET /api/user), so a page
 * load needs one request, not a check followed by a second round trip for the user.
 */
export const sessionCheckSchema = z.object({ authenticated: z.boolean(), user: userSchema.optional() });

export const inviteConvertBodySchema = z.strictObject({ inviteCode: inviteCodeInputSchema });

export const tokenBodySchema = z.strictObject({ token: z.string().trim().min(1).max(200) });
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  password: passwordSchema,
});
export const changePasswordBodySchema = z.strictObject({
  currentPassword: passwordSchema,
  newPassword: passwordSchema,
});
export const updateProfileBodySchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  displayName: z.string().trim().max(NAME_MAX).optional(),
});
export const updateLanguageBodySchema = z.strictObject({ languagePreference: languageSchema });
export const updatePaypalBodySchema = z.strictObject({ paypalEmail: emailSchema.nullable() });
export const deleteRequestBodySchema = z.strictObject({ password: passwordSchema });
export const cookieConsentBodySchema = z.strictObject({
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
});

export const registrationModeSchema = z.object({
  registration: z.enum(['open', 'invite-only']),
  testClock: z.boolean(),
  /** `sandbox`: no real money anywhere; the interface says so. */
  payments: z.enum(['sandbox', 'live']),
  /**
   * Live mode: the card provider's publishable key, for its own card elements in the browser
   * (card details never reach our server). Absent in the sandbox, which takes test ids.
   */
  cardElementsKey: z.string().optional(),
});
