import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import it from '../locales/it.json';

export const LANGUAGE_KEY = 'giro.language';
export type Language = 'it' | 'en';

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'it' ? value : 'it';
  } catch {
    return 'it';
  }
}

/** Italian by default, English as the fallback (SPEC §1); <html lang> follows the language. */
void i18n.use(initReactI18next).init({
  resources: { it: { translation: it }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['it', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

const syncHtmlLang = (language: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
};
syncHtmlLang(i18n.language);
i18n.on('languageChanged', (language) => {
  syncHtmlLang(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode): the choice lasts for this visit
  }
});

export default i18n;
