import type { User } from '@giro/contract/auth';
import { useTranslation } from 'react-i18next';
import { UnverifiedBanner } from '../features/account/components/unverified-banner';
import { useLanguageSync } from '../features/account/hooks/use-language-sync';
import { PaymentConfirmationsBanner } from '../features/payments/components/payment-confirmations-banner';
import { ALL_STRINGS } from '../lib/i18n';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { Realtime } from './realtime';

/**
 * What the shell adds for a signed-in member: their saved language, the real-time channel and
 * the banners on every page. A chunk of its own, so the sign-in page does not carry it.
 */
export default function SignedInShell({ user }: { user: User }) {
  useLanguageSync(user);
  // The banners' strings are the signed-in ones: they show once those are in.
  const { ready } = useTranslation(ALL_STRINGS, { useSuspense: false });
  // The channel opens once the first screen is up: its code, its socket and the resync that
  // follows are not in that screen's way (what happened meanwhile, the resync brings).
  const isPainted = useAfterFirstPaint();
  return (
    <>
      {isPainted && <Realtime />}
      {ready && (
        <>
          {/* On every signed-in page until the email is verified (domain.md, Users and accounts). */}
          {!user.emailVerified && (
            <div className="mb-6">
              <UnverifiedBanner />
            </div>
          )}
          <PaymentConfirmationsBanner />
        </>
      )}
    </>
  );
}
