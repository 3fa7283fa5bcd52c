import type { User } from '@giro/contract/auth';
import { useEffect, useRef } from 'react';
import i18n from '../../../lib/i18n';
import { saveLanguage } from '../api/account';

/**
 * A signed-in user's saved language is applied on load; one who has picked none keeps the
 * browser's. Every later change of language (a pick in the switcher) is saved (SPEC §1).
 */
export function useLanguageSync(user: User | null) {
  const appliedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.languagePreference && i18n.language !== user.languagePreference)
      void i18n.changeLanguage(user.languagePreference);
  }, [user]);

  useEffect(() => {
    if (!user) return;
    const onChange = (language: string) => {
      if (language === 'it' || language === 'en')
        saveLanguage(language).catch((error) => console.error('language not saved', error));
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [user]);
}
