import type { User } from '@giro/contract/auth';
import { useEffect, useRef } from 'react';
import i18n from '../../../lib/i18n';
import { saveLanguage } from '../../../lib/saved-language';

/**
 * A signed-in user's saved language is applied on load (main.tsx) and at sign-in
 * (lib/saved-language), before their page shows; here too, should a user arrive otherwise. One
 * who has picked none keeps the browser's. Every later change of language is saved (SPEC §1).
 */
export function useLanguageSync(user: User | null) {
  const appliedFor = useRef<string | null>(null);
  // The account's own language on its way in: its change is not a pick, so it is not saved back.
  const applying = useRef<string | null>(null);
  useEffect(() => {
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (user.languagePreference && i18n.language !== user.languagePreference) {
      const language = user.languagePreference;
      applying.current = language;
      // Its strings may fail to load: then no change comes, and a later pick must still be saved.
      void i18n.changeLanguage(language).finally(() => {
        if (applying.current === language) applying.current = null;
      });
    }
  }, [user]);

  useEffect(() => {
    if (!user) return;
    const onChange = (language: string) => {
      const applied = applying.current === language;
      applying.current = null;
      if (!applied && (language === 'it' || language === 'en'))
        saveLanguage(language).catch((error) => console.error('language not saved', error));
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [user]);
}
