import type { User } from '@giro/contract/auth';
import { useEffect, useRef } from 'react';
import i18n from '../../../lib/i18n';

/**
 * A signed-in user's saved language is applied on load (main.tsx) and at sign-in
 * (lib/saved-language), before their page shows; here too, for a user who arrives otherwise
 * (signed in meanwhile in another tab). One who has picked none keeps the browser's. A pick in
 * the switcher is saved where it is made (lib/saved-language); this change is not a pick.
 */
export function useLanguageSync(user: User | null) {
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.languagePreference && i18n.language !== user.languagePreference)
      void i18n.changeLanguage(user.languagePreference);
  }, [user]);
}
