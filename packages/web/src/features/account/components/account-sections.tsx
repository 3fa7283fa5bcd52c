import { useTranslation } from 'react-i18next';

/** The account page's parts, in page order; each id is on the part's wrapper. */
export const accountSections = ['profile', 'notifications', 'payments', 'organization', 'security'] as const;
export type AccountSection = (typeof accountSections)[number];
export const sectionId = (section: AccountSection) => `account-${section}`;

/**
 * Links to the account page's parts, under its title: on a phone the page is about six screens
 * long, and reaching the passkeys meant scrolling through all of it. Plain fragment links: the
 * browser scrolls, and the next Tab starts from the part reached.
 */
export function AccountSections() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('account.sections.label')} data-testid="account-sections">
      <ul className="flex flex-wrap gap-2 text-sm">
        {accountSections.map((section) => (
          <li key={section}>
            <a
              href={`#${sectionId(section)}`}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-3 font-medium text-teal-900 ring-1 ring-stone-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              {t(`account.sections.${section}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
