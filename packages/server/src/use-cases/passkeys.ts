import type { PasskeyView } from '@giro/contract/security';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type ChallengePurpose,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeysOfUser,
  type PasskeyRow,
  recordPasskeyUnverified,
  recordPasskeyUse,
  renamePasskey,
  saveChallenge,
  takeChallenge,
} from '../db/passkey.repository';
import { endSessionsOpenedBy, holdLiveSession } from '../db/session.repository';
import { findUserById, type UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { checkMemberPassword, type KnownBrowser } from './password-checks';
import { recordSecurityEvent } from './security-events';

/**
 * Passkeys (issue 18, ADR 0025) with @simplewebauthn/server. The relying party is PUBLIC_URL's
 * host name (WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS for proxies); every challenge is stored, valid
 * five minutes and taken once (db/passkey.repository.ts). Sign-in uses discoverable credentials:
 * the browser offers the member's passkeys for this site, and the one chosen says whose it is.
 */

const CHALLENGE_MS = 5 * 60 * 1000;

/**
 * User verification is required (ADR 0025), but checked here, after the library has verified
 * everything else, signature included: an authenticator that did not check who holds it (a bare
 * security key, or a passkey added before stop 73 that cannot) is refused as such, so its member
 * learns why rather than trying again. Checked by the library, it came before the signature, and
 * an unsigned answer with the flag off told a registered credential from an unknown one.
 */
const USER_VERIFICATION_CHECKED_BELOW = false;

const toView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
  verifiesHolder: row.userVerified,
});

export async function listPasskeys(deps: Deps, userId: string): Promise<PasskeyView[]> {
  return (await listPasskeysOfUser(deps.db, userId)).map(toView);
}

async function remember(deps: Deps, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  await saveChallenge(deps.db, {
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
}

/** The challenge a browser's answer signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string') return data.challenge;
  } catch {
    // Not JSON: refused below like any unknown challenge.
  }
  throw new AppError('PASSKEY_CHALLENGE_INVALID');
}

/**
 * Step one of adding a passkey: the password again (a stolen session must not plant a way back
 * in that outlives a password change), then options for `navigator.credentials.create`, the
 * member's own passkeys excluded. `knownBrowser`: the browser's sign-in cookie (its password
 * checks count apart when it names this member).
 */
export async function passkeyRegistrationOptions(
  deps: Deps,
  user: UserRow,
  password: string,
  knownBrowser: KnownBrowser = null,
) {
  await checkMemberPassword(deps, user, password, 'PASSKEY_PASSWORD_WRONG', knownBrowser);
  const existing = await listPasskeysOfUser(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: 'Giro',
    rpID: deps.config.webauthn.rpId,
    userName: user.username,
    userDisplayName: user.displayName,
    // The member's id, not their name or email: the handle an authenticator keeps is opaque.
    userID: new TextEncoder().encode(user.id),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    // Verified: a passkey alone signs in and moves money, so it must be the member's own finger
    // or PIN, not just the device in hand (a bare security key, or a phone left unlocked).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await remember(deps, options.challenge, 'registration', user.id);
  return options;
}

/** WebAuthn's longest credential id. */
const MAX_CREDENTIAL_ID_BYTES = 1023;

/** Step two: verifies the new credential against the challenge given to this member, and keeps it. */
export async function registerPasskey(
  deps: Deps,
  user: UserRow,
  input: { name: string; response: RegistrationResponseJSON },
  sessionId?: string,
): Promise<PasskeyView> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!(await takeChallenge(deps.db, challenge, 'registration', user.id)))
    throw new AppError('PASSKEY_CHALLENGE_INVALID');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      requireUserVerification: USER_VERIFICATION_CHECKED_BELOW,
    });
  } catch (error) {
    deps.logger.info({ err: error }, 'passkey registration refused');
    throw new AppError('PASSKEY_REFUSED');
  }
  if (!verification.verified) throw new AppError('PASSKEY_REFUSED');
  if (!verification.registrationInfo.userVerified) throw new AppError('PASSKEY_USER_NOT_VERIFIED');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  // The library reads the id's length from the authenticator's data and caps nothing: WebAuthn's
  // own cap (1,023 bytes) keeps a forged one out of the index, which refused it with a 500.
  if (Buffer.from(credential.id, 'base64url').length > MAX_CREDENTIAL_ID_BYTES)
    throw new AppError('PASSKEY_REFUSED');
  const added = await deps.db.transaction(async (tx) => {
    // Signed out meanwhile (a password change or reset elsewhere ended this session): a passkey
    // added now would outlive the change that was meant to lock everyone else out.
    if (sessionId && !(await holdLiveSession(tx, sessionId))) throw new AppError('SESSION_EXPIRED');
    const row = await insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      userVerified: true,
      name: input.name,
      createdAt: deps.clock.now(),
    });
    if (!row) throw new AppError('PASSKEY_ALREADY_REGISTERED');
    await recordSecurityEvent(tx, deps, user, 'passkey_added', { passkey: row.name });
    return toView(row);
  });
  deps.kickOutbox();
  return added;
}

/** Step one of signing in with a passkey: a challenge for any of this site's passkeys. */
export async function passkeySignInOptions(deps: Deps) {
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    timeout: CHALLENGE_MS,
    userVerification: 'required',
  });
  await remember(deps, options.challenge, 'authentication', null);
  return options;
}

/**
 * Step two: the member whose passkey signed our challenge, from this site's origin. A counter
 * that did not move forward (a copied authenticator) is refused, recorded and mailed. Every
 * other failure is one answer, PASSKEY_REFUSED, so an attacker learns nothing from it.
 */
export async function signInWithPasskey(
  deps: Deps,
  response: AuthenticationResponseJSON,
): Promise<{ user: UserRow; passkeyId: string }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!(await takeChallenge(deps.db, challenge, 'authentication', null)))
    throw new AppError('PASSKEY_CHALLENGE_INVALID');
  const passkey = await findPasskeyByCredentialId(deps.db, response.id);
  if (!passkey) throw new AppError('PASSKEY_REFUSED');
  const user = await findUserById(deps.db, passkey.userId);
  if (!user || user.deletedAt) throw new AppError('PASSKEY_REFUSED');
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.config.webauthn.origins,
      expectedRPID: deps.config.webauthn.rpId,
      // The counter is checked below, where a regression can be recorded: the library's own check
      // would only throw.
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: 0,
        transports: passkey.transports as never,
      },
      // A passkey registered before stop 73 was asked for verification only if it could: one that
      // cannot is refused now (below), and its member signs in with their password and adds another.
      requireUserVerification: USER_VERIFICATION_CHECKED_BELOW,
    });
  } catch (error) {
    deps.logger.info({ err: error }, 'passkey sign-in refused');
    throw new AppError('PASSKEY_REFUSED');
  }
  if (!verification.verified) throw new AppError('PASSKEY_REFUSED');
  if (!verification.authenticationInfo.userVerified) {
    // Signed by the passkey itself: its member's Account says it signs in no more.
    await recordPasskeyUnverified(deps.db, passkey.id);
    throw new AppError('PASSKEY_USER_NOT_VERIFIED');
  }
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // Authenticators that keep no counter always say 0; one that does must go up every time, above
  // the stored counter as it is when recorded (a racing sign-in with the same counter loses: a
  // cloned authenticator).
  const moved = !(passkey.counter > 0 || newCounter > 0) || newCounter > passkey.counter;
  const recorded =
    moved &&
    (await recordPasskeyUse(deps.db, passkey.id, {
      counter: newCounter,
      backedUp: credentialBackedUp,
      at: deps.clock.now(),
    }));
  if (!recorded) {
    await deps.db.transaction((tx) =>
      recordSecurityEvent(tx, deps, user, 'passkey_refused', { passkey: passkey.name }),
    );
    deps.kickOutbox();
    throw new AppError('PASSKEY_REFUSED');
  }
  return { user, passkeyId: passkey.id };
}

/**
 * Renames one of the member's passkeys, recorded and mailed as adding one is: unrecorded, whoever
 * planted a passkey could give it the name of the member's own phone, and the list and the
 * password emails would then show only names the member recognises.
 */
export async function renameOwnPasskey(
  deps: Deps,
  user: UserRow,
  id: string,
  name: string,
): Promise<PasskeyView> {
  const view = await deps.db.transaction(async (tx) => {
    const renamed = await renamePasskey(tx, user.id, id, name);
    if (!renamed) throw new AppError('PASSKEY_NOT_FOUND');
    if (renamed.previous !== renamed.row.name)
      await recordSecurityEvent(tx, deps, user, 'passkey_renamed', {
        passkey: renamed.row.name,
        previous: renamed.previous,
      });
    return toView(renamed.row);
  });
  deps.kickOutbox();
  return view;
}

/**
 * Removes one of the member's passkeys, and ends the sessions it signed in but the one asking:
 * the security email's advice for a passkey they do not recognise is to remove it, which until
 * now left its holder signed in.
 */
export async function removeOwnPasskey(
  deps: Deps,
  user: UserRow,
  id: string,
  sessionId: string | undefined,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await deletePasskey(tx, user.id, id);
    if (!row) throw new AppError('PASSKEY_NOT_FOUND');
    await endSessionsOpenedBy(tx, user.id, id, sessionId);
    await recordSecurityEvent(tx, deps, user, 'passkey_removed', { passkey: row.name });
  });
  deps.kickOutbox();
}
