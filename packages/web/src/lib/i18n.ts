import { ITALIAN_ARTICLES, withItalianA, withItalianArticle } from '@giro/contract/italian';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { useEffect } from 'react';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'giro.language';
export type Language = 'it' | 'en';

/**
 * The strings are chunks of their own, per language and per namespace: `public` holds what a
 * visitor sees before signing in (the sign-in page, the shell), `app` what a member sees,
 * `admin` the admin pages. A visitor downloads only the language they read (the other on
 * switching: i18next loads it before it changes language), and only the parts they reach.
 */
export const APP_STRINGS = 'app';
export const ADMIN_STRINGS = 'admin';
/** Account → Security's strings (issue 18): only that part of one page reads them. */
export const ACCOUNT_STRINGS = 'account';
/**
 * The strings of a visitor's other pages (email verification, password reset, the legal pages,
 * not found): not on the sign-in page, whose JavaScript budget (issue 12) they pressed on.
 */
export const PAGES_STRINGS = 'pages';
type Namespace =
  | 'public'
  | typeof APP_STRINGS
  | typeof ACCOUNT_STRINGS
  | typeof ADMIN_STRINGS
  | typeof PAGES_STRINGS;
/** For `useTranslation` on a member's page: waits until the `app` strings are in. */
export const ALL_STRINGS: Namespace[] = ['public', APP_STRINGS];
/** For `useTranslation` in Account → Security: suspends until its strings are in. */
export const ACCOUNT_PAGE_STRINGS: Namespace[] = ['public', APP_STRINGS, ACCOUNT_STRINGS];
/** For `useTranslation` on one of a visitor's other pages: suspends until its strings are in. */
export const VISITOR_PAGE_STRINGS: Namespace[] = ['public', PAGES_STRINGS];
/** For `useTranslation` on an admin page. */
export const ADMIN_PAGE_STRINGS: Namespace[] = ['public', APP_STRINGS, ADMIN_STRINGS];
const bundles: Record<Language, Record<Namespace, () => Promise<{ default: object }>>> = {
  it: {
    public: () => import('../locales/it/public.json'),
    app: () => import('../locales/it/app.json'),
    account: () => import('../locales/it/account.json'),
    admin: () => import('../locales/it/admin.json'),
    pages: () => import('../locales/it/pages.json'),
  },
  en: {
    public: () => import('../locales/en/public.json'),
    app: () => import('../locales/en/app.json'),
    account: () => import('../locales/en/account.json'),
    admin: () => import('../locales/en/admin.json'),
    pages: () => import('../locales/en/pages.json'),
  },
};
export const isLanguage = (value: unknown): value is Language => value === 'it' || value === 'en';
const isNamespace = (value: unknown): value is Namespace =>
  value === 'public' ||
  value === APP_STRINGS ||
  value === ACCOUNT_STRINGS ||
  value === ADMIN_STRINGS ||
  value === PAGES_STRINGS;

/** The language this browser last used, if any (read once: storage is slow to open on a phone). */
function readStoredLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}
/**
 * A first visit follows the browser: Italian if it is among the languages the person reads
 * before English, else English. Nothing is written: only a language picked is kept.
 */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = tag.slice(0, 2).toLowerCase();
    if (isLanguage(language)) return language;
  }
  return 'en';
}
const navigatorLanguages = () =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];
/** The language picked on this browser, else the browser's own (not worth a write). */
let storedLanguage: Language = readStoredLanguage() ?? browserLanguage(navigatorLanguages());
// The first strings are asked for now, while this chunk still evaluates: i18next's own load
// starts a task later (its init is asynchronous), a round trip's worth on a slow phone. The
// module loader keeps the one import, so i18next's request for them finds it under way.
void bundles[storedLanguage].public().catch(() => {});

/**
 * The browser's language until one is picked (Italian for a browser that reads it before
 * English, else English); <html lang> follows the language. No fallback language: the
 * locale test keeps both complete, and a fallback would make every visitor download both.
 * Resolves once the first language's strings are in: main.tsx renders after it.
 */
export const i18nReady = i18n
  .use(
    resourcesToBackend((language: string, namespace: string) =>
      isLanguage(language) && isNamespace(namespace) ? bundles[language][namespace]() : Promise.reject(),
    ),
  )
  .use(initReactI18next)
  .init({
    lng: storedLanguage,
    fallbackLng: false,
    supportedLngs: ['it', 'en'],
    load: 'currentOnly',
    // A key of the `app` or `admin` strings (fund.title) is found once they are in (components use
    // the default namespace); the pages that need them load them first (RequireAuth).
    ns: ['public'],
    defaultNS: 'public',
    fallbackNS: [APP_STRINGS, ACCOUNT_STRINGS, ADMIN_STRINGS, PAGES_STRINGS],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Italian's "a" before a name is "ad" before one that starts with an a ("Versa 50,00 € ad Anna",
 * not "a Anna"): the Italian strings write "{{name, a}}" where the preposition goes; the English
 * ones never use it. The formatter exists once init has run, synchronously, before any string.
 */
i18n.services.formatter?.add('a', (value: unknown) => withItalianA(String(value)));
/**
 * The article before a date or a number follows how it is said: "{{date, il}}" reads "il 21 dicembre", "l'8 dicembre"
 * ("dal", "al", "del", "nel" alike; the server's notices follow the same rule). i18next lowercases
 * a format's name, so a sentence that begins with one adds "capital": "{{created, dal, capital}}".
 */
for (const article of ITALIAN_ARTICLES)
  i18n.services.formatter?.add(article, (value: unknown) => withItalianArticle(article, String(value)));
i18n.services.formatter?.add(
  'capital',
  (value: unknown) => String(value).charAt(0).toUpperCase() + String(value).slice(1),
);

/**
 * Starts loading a visitor page's strings beside its chunk (app/routes): asked for only when the
 * page renders, they would come a round trip after it, on pages opened from an email's link.
 */
export function preloadVisitorPageStrings(): void {
  void i18n.loadNamespaces(PAGES_STRINGS).catch(() => {});
}

/** What the tab and a screen reader call the app when no page names itself (index.html). */
const APP_TITLE = 'Giro';

/**
 * The page's own name, in the language shown, in the tab, the history and a screen reader's list
 * of windows (WCAG 2.4.2, Page Titled): "Fondo a rotazione · Giro" rather than "Giro" on every
 * page. Back to the app's name when the page goes, so a page that names nothing never shows the
 * last one's. Here, beside <html lang>, rather than in a module of its own: every page calls it,
 * and a chunk of its own would weigh on the sign-in page's budget (issue 12).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}

/** <html lang> and the page's description follow the language (search engines, screen readers). */
const syncHtmlLang = (language: string) => {
  if (typeof document === 'undefined' || document.documentElement.lang === language) return;
  document.documentElement.lang = language;
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('meta.description'));
};
i18n.on('languageChanged', (language) => {
  syncHtmlLang(language);
  // Written only when it changes: a write to storage costs a phone tens of milliseconds.
  if (language === storedLanguage || !isLanguage(language)) return;
  storedLanguage = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode): the choice lasts for this visit
  }
});

export default i18n;
