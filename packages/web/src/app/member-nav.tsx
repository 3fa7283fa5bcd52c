import type { User } from '@giro/contract/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../lib/paths';

type Place = { key: string; href: string; icon: string; isHere: (path: string) => boolean };

// 24×24 outline icons, one path each (drawn for this bar: a house, coins, hands, a person, a shield).
const places: Place[] = [
  {
    key: 'home',
    href: paths.dashboard,
    icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
    isHere: (p) => p === '/',
  },
  {
    key: 'fund',
    href: paths.fund,
    icon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v10m-3-7.5c0-1 1.3-1.5 3-1.5s3 .7 3 1.8-1.3 1.6-3 1.7-3 .7-3 1.8 1.3 1.7 3 1.7 3-.6 3-1.5',
    isHere: (p) => p === paths.fund,
  },
  {
    key: 'requests',
    href: paths.requests,
    icon: 'M4 12h4l3 3 6-6m-13 9h16M6 4h12a2 2 0 0 1 2 2v8H4V6a2 2 0 0 1 2-2z',
    isHere: (p) => p.startsWith(paths.requests),
  },
  {
    key: 'account',
    href: paths.account,
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
    isHere: (p) => p.startsWith(paths.account),
  },
];
const admin: Place = {
  key: 'admin',
  href: paths.admin,
  icon: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z',
  isHere: (p) => p.startsWith(paths.admin),
};

/** Where a member goes: the places for this user (Admin for admins), and which one is open. */
function usePlaces(user: User) {
  const [path] = useLocation();
  const mine = user.familyId
    ? places
    : places.filter((place) => place.key === 'home' || place.key === 'account');
  return { path, list: user.role === 'admin' ? [...mine, admin] : mine };
}

/**
 * A phone's bottom bar (issue 13): Home, Fund, Requests, Account (and Admin), in reach of a
 * thumb, the open one marked. Hidden from the medium breakpoint up, where `MemberLinks` sit in
 * the header instead.
 */
export function BottomBar({ user }: { user: User }) {
  const { t } = useTranslation();
  const { path, list } = usePlaces(user);
  return (
    <nav
      aria-label={t('nav.main')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="flex">
        {list.map((place) => (
          <li key={place.key} className="flex-1">
            <Link
              href={place.href}
              aria-current={place.isHere(path) ? 'page' : undefined}
              className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-medium text-stone-700 aria-[current=page]:text-teal-800 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-teal-600"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="24"
                height="24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={place.icon} />
              </svg>
              {t(`nav.${place.key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The same places as links in the header, from the medium breakpoint up. */
export function MemberLinks({ user }: { user: User }) {
  const { t } = useTranslation();
  const { path, list } = usePlaces(user);
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {list.map((place) => (
        <li key={place.key}>
          <Link
            href={place.href}
            aria-current={place.isHere(path) ? 'page' : undefined}
            {...(place.key === 'account' && { 'data-testid': 'account-link' })}
            className="rounded-lg px-2 py-3 text-sm font-medium text-teal-900 hover:bg-teal-50 aria-[current=page]:underline aria-[current=page]:underline-offset-4"
          >
            {t(`nav.${place.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
