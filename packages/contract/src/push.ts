import { z } from 'zod';

/** Web Push (issue 14, api.md second wave). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[\w-]+=*$/);

/** What the browser's PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url().max(2048),
  // Milliseconds since 1970; past the largest date a Date can hold it is bad input, not a crash.
  expirationTime: z.number().int().nonnegative().max(8.64e15).nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key: 65 bytes, 87 characters of base64url. */
    p256dh: base64url(86, 90),
    /** The shared authentication secret: 16 bytes, 22 characters of base64url. */
    auth: base64url(21, 25),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().max(2048) });

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** A test notification: how many of the member's browsers it went to. */
export const pushTestResultSchema = z.object({ browsers: z.number().int() });
