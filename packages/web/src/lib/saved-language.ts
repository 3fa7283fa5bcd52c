import type { User } from '@giro/contract/auth';
import { apiRequest } from './api-client';
import i18n, { isLanguage, type Language } from './i18n';

/** A signed-in member's language, kept on their account (SPEC §1). */
export const saveLanguage = (languagePreference: Language) =>
  apiRequest('PUT', '/api/user/language', { languagePreference });

/**
 * A language picked in this tab while signed out. It is newer than the one the account saved, so
 * at sign-in it wins and is saved; without a pick, the account's applies.
 */
let pickedSignedOut: Language | null = null;

/**
 * The switcher's pick. Signed in, it is saved to the account at once (not when a listener in a
 * chunk still loading would hear of it); signed out, it is remembered for the sign-in that may
 * follow.
 */
export function pickLanguage(language: string, signedIn: boolean) {
  if (!isLanguage(language)) return;
  pickedSignedOut = signedIn ? null : language;
  if (signedIn) saveLanguage(language).catch((error) => console.error('language not saved', error));
  void i18n.changeLanguage(language);
}

/** The language picked before this sign-in, once: the next sign-in starts from none. */
export function takeLanguagePickedSignedOut(): Language | null {
  const picked = pickedSignedOut;
  pickedSignedOut = null;
  return picked;
}

/**
 * At sign-in, before the signed-in page shows (as main.tsx does on load): a language picked on the
 * sign-in page is the newer choice, so it stays and is saved; without one the account's applies,
 * its strings loaded first. Applied later, on a page already up, the change could still be
 * loading when the member picks a language, and would undo the pick. The user answered, with the
 * language now theirs.
 */
export async function languageAtSignIn(user: User): Promise<User> {
  const picked = takeLanguagePickedSignedOut();
  if (picked) {
    if (picked !== user.languagePreference)
      saveLanguage(picked).catch((error) => console.error('language not saved', error));
    return { ...user, languagePreference: picked };
  }
  if (user.languagePreference && user.languagePreference !== i18n.language)
    await i18n.changeLanguage(user.languagePreference);
  return user;
}
