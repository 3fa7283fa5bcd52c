import { CookieBanner } from '../features/cookies/components/cookie-banner';
import { InstallBanner } from '../features/pwa/components/install-banner';
import { UpdateCard } from '../features/pwa/components/update-card';

/** The shell's cards that are not the page: cookie choice, install hint, update card. */
export default function ShellExtras() {
  return (
    <>
      <CookieBanner />
      <InstallBanner />
      <UpdateCard />
    </>
  );
}
