import { InstallBanner } from '../features/pwa/components/install-banner';
import { UpdateCard } from '../features/pwa/components/update-card';

/** The shell's cards that can wait until the page is up: the install hint and the update card. */
export default function ShellExtras() {
  return (
    <>
      <InstallBanner />
      <UpdateCard />
    </>
  );
}
