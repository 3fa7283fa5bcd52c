import type { Language } from '@giro/contract/errors';
import { languageOrDefault } from '@giro/contract/language';
import { type SecurityEventKind, type SecurityEventView, securityEventKinds } from '@giro/contract/security';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { DEFAULT_TIME_ZONE, findPreferences } from '../db/notification-preferences.repository';
import { listPasskeysOfUser } from '../db/passkey.repository';
import { securityEvents, sessions } from '../db/schema';
import type { UserRow } from '../db/user.repository';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/enqueue-mail';
import type { SignInEvent } from '../plugins/session';
import { browserLabel } from '../security/user-agent';

/**
 * What happened to a member's account that they should know of (issue 18): recorded, listed in
 * Account → Security, and mailed to them in their language through the outbox, in the same
 * transaction as the change it reports (the caller kicks the outbox once that has committed).
 * The account's creation is recorded (it names the first browser) but not mailed.
 */

const texts: Record<
  Exclude<SecurityEventKind, 'account_created'>,
  Record<Language, { title: string; event: string }>
> = {
  new_browser: {
    en: { title: 'new sign-in', event: 'Someone signed in to your account from a new browser: {{browser}}.' },
    it: {
      title: 'nuovo accesso',
      event: 'È stato fatto un accesso al tuo account da un nuovo browser: {{browser}}.',
    },
  },
  passkey_added: {
    en: { title: 'passkey added', event: 'A passkey was added to your account: "{{passkey}}".' },
    it: { title: 'passkey aggiunta', event: 'Al tuo account è stata aggiunta una passkey: "{{passkey}}".' },
  },
  passkey_removed: {
    en: { title: 'passkey removed', event: 'A passkey was removed from your account: "{{passkey}}".' },
    it: { title: 'passkey rimossa', event: 'Dal tuo account è stata rimossa una passkey: "{{passkey}}".' },
  },
  passkey_renamed: {
    en: {
      title: 'passkey renamed',
      event: 'The passkey "{{previous}}" of your account was renamed "{{passkey}}".',
    },
    it: {
      title: 'passkey rinominata',
      event: 'La passkey "{{previous}}" del tuo account è stata rinominata "{{passkey}}".',
    },
  },
  passkey_refused: {
    en: {
      title: 'passkey sign-in refused',
      event:
        'A sign-in with your passkey "{{passkey}}" was refused: its counter went backwards, which is what a copied passkey does. Remove it if you do not recognise this.',
    },
    it: {
      title: 'accesso con passkey rifiutato',
      event:
        'Un accesso con la tua passkey "{{passkey}}" è stato rifiutato: il suo contatore è tornato indietro, come fa una passkey copiata. Rimuovila se non riconosci questo accesso.',
    },
  },
  password_changed: {
    en: { title: 'password changed', event: 'The password of your account was changed.' },
    it: { title: 'password cambiata', event: 'La password del tuo account è stata cambiata.' },
  },
  password_reset: {
    en: {
      title: 'password reset',
      event: 'The password of your account was reset through the emailed link.',
    },
    it: {
      title: 'password reimpostata',
      event: 'La password del tuo account è stata reimpostata con il link ricevuto per email.',
    },
  },
  payout_email_changed: {
    en: {
      title: 'PayPal address changed',
      event: 'The PayPal address your payouts go to was changed to {{paypal}}.',
    },
    it: {
      title: 'indirizzo PayPal cambiato',
      event: "L'indirizzo PayPal a cui arrivano i tuoi pagamenti è stato cambiato in {{paypal}}.",
    },
  },
};

/**
 * After a password reset or change, the passkeys that still sign the member in: a password is
 * reset to lock out whoever knew the old one, and a passkey such a person added meanwhile is
 * not touched by it. Said in the mail, so the member can remove one they do not recognise.
 */
const passkeysStill: Record<Language, string> = {
  en: ' These passkeys still sign in to your account: {{passkeys}}. Remove any you do not recognise.',
  it: ' Queste passkey permettono ancora di accedere al tuo account: {{passkeys}}. Rimuovi quelle che non riconosci.',
};

/** What a browser the user agent does not name is recorded as, and called in a mail. */
const UNKNOWN_BROWSER = '?';
const unknownBrowser: Record<Language, string> = { en: 'an unknown browser', it: 'un browser sconosciuto' };

const fill = (text: string, detail: Record<string, string>, language: Language) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) =>
    key === 'browser' && detail[key] === UNKNOWN_BROWSER ? unknownBrowser[language] : (detail[key] ?? ''),
  );

/** Records `kind` for `user` and, unless it is the account's creation, mails them about it. */
export async function recordSecurityEvent(
  tx: DbOrTx,
  deps: Deps,
  user: Pick<UserRow, 'id' | 'email' | 'displayName' | 'languagePreference'>,
  kind: SecurityEventKind,
  detail: Record<string, string> = {},
): Promise<void> {
  const now = deps.clock.now();
  await tx.insert(securityEvents).values({ userId: user.id, kind, detail, createdAt: now });
  if (kind === 'account_created') return;
  const language = languageOrDefault(user.languagePreference);
  const text = texts[kind][language];
  const { timeZone } = await findPreferences(tx, user.id);
  const when = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timeZone || DEFAULT_TIME_ZONE,
    timeZoneName: 'short',
  }).format(now);
  await enqueueMail(
    tx,
    {
      to: user.email,
      template: 'security_event',
      language,
      vars: {
        name: user.displayName,
        title: text.title,
        event: fill(`${text.event}${detail.passkeys ? passkeysStill[language] : ''}`, detail, language),
        when,
        link: `${deps.config.publicUrl}/account#security`,
      },
    },
    now,
  );
}

/**
 * Asked before a new session is stored, and answers what to record once it is (a sign-in refused
 * meanwhile records nothing): a registration records the account's first browser; a sign-in from
 * a browser the member has not used (no live session and no earlier sign-in names it) is a
 * `new_browser` event, mailed. Browsers are compared by their label ("Chrome · Android"), so an
 * update of the browser is not news.
 */
export async function noteSignIn(
  deps: Deps,
  { user, userAgent, kind }: SignInEvent,
): Promise<(() => Promise<void>) | undefined> {
  const browser = browserLabel(userAgent) || UNKNOWN_BROWSER;
  if (kind === 'registered')
    return () => recordSecurityEvent(deps.db, deps, user, 'account_created', { browser });
  if (await knowsBrowser(deps.db, user.id, browser)) return undefined;
  return async () => {
    await deps.db.transaction((tx) => recordSecurityEvent(tx, deps, user, 'new_browser', { browser }));
    deps.kickOutbox();
  };
}

async function knowsBrowser(db: DbOrTx, userId: string, browser: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        inArray(securityEvents.kind, ['account_created', 'new_browser']),
        sql`${securityEvents.detail}->>'browser' = ${browser}`,
      ),
    )
    .limit(1);
  if (seen) return true;
  const live = await db
    .select({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`));
  // Sessions from before browsers were recorded name none: a member who has one is not told
  // about a browser that may well be the same.
  return live.some((session) => session.userAgent === null || browserLabel(session.userAgent) === browser);
}

/** The member's security events, newest first, for Account → Security. */
export async function listOwnSecurityEvents(deps: Deps, userId: string): Promise<SecurityEventView[]> {
  const rows = await deps.db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt))
    .limit(50);
  // A kind written by a newer release during a rolling upgrade is left out, not a 500.
  const known = securityEventKinds as readonly string[];
  return rows
    .filter((row) => known.includes(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind as SecurityEventKind,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    }));
}

/** The member's passkeys by name, quoted, for a password event's detail ("" when none). */
export async function passkeysNamed(tx: DbOrTx, userId: string): Promise<Record<string, string>> {
  const names = (await listPasskeysOfUser(tx, userId)).map((passkey) => `"${passkey.name}"`);
  return names.length > 0 ? { passkeys: names.join(', ') } : {};
}
