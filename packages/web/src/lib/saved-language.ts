import type { User } from '@giro/contract/auth';
import { apiRequest } from './api-client';
import i18n, { type Language, takeLanguagePickedSignedOut } from './i18n';

/** A signed-in member's language, kept on their account (SPEC §1). */
export const saveLanguage = (languagePreference: Language) =>
  apiRequest('PUT', '/api/user/language', { languagePreference });

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
