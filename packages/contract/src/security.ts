import { z } from 'zod';

/**
 * Passkeys, sessions and security events (issue 18; api.md, Second wave). The WebAuthn bodies
 * are what @simplewebauthn/browser produces (RegistrationResponseJSON, AuthenticationResponseJSON):
 * checked here for shape and size, and by @simplewebauthn/server for everything else.
 */

export const securityEventKinds = [
  'account_created',
  'new_browser',
  'passkey_added',
  'passkey_removed',
  'passkey_renamed',
  'passkey_refused',
  'password_changed',
  'password_reset',
  'payout_email_changed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];

export const securityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(securityEventKinds),
  /** What the event names: `browser`, `passkey` (its name; a rename's old one `previous`), `paypal`. */
  detail: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SecurityEventView = z.infer<typeof securityEventSchema>;
export const securityEventsSchema = z.object({ events: z.array(securityEventSchema) });

export const sessionViewSchema = z.object({
  id: z.string(),
  /** "Chrome · Android", from the User-Agent at sign-in; empty when unknown. */
  browser: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionsSchema = z.object({ sessions: z.array(sessionViewSchema) });
export const sessionParamsSchema = z.object({ id: z.uuid() });
export const signedOutOthersSchema = z.object({ ended: z.number().int() });

export const passkeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced across the member's devices (a platform passkey) or bound to one device (a key). */
  synced: z.boolean(),
  /**
   * Whether it verifies who holds it (a fingerprint, a face, a PIN), which signing in requires:
   * false once a sign-in came without it (it signs in no more), null when not known (added
   * before stop 75's release and not used since).
   */
  verifiesHolder: z.boolean().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;
export const passkeysSchema = z.object({ passkeys: z.array(passkeyViewSchema) });
export const passkeyParamsSchema = z.object({ id: z.uuid() });

export const passkeyNameSchema = z.string().trim().min(1).max(60);
/**
 * Adding a passkey asks for the password again: a stolen session alone must not be able to plant
 * a way back in that outlives a password change.
 */
export const passkeyRegistrationOptionsBodySchema = z.strictObject({ password: z.string().min(1).max(200) });
export const renamePasskeyBodySchema = z.strictObject({ name: passkeyNameSchema });

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const clientExtensionResults = z.record(z.string(), z.unknown());

export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});

export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});

export const registerPasskeyBodySchema = z.strictObject({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });

/** The options @simplewebauthn/server generates, passed through to the browser as they are. */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());
