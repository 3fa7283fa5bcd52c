import { lazy, Suspense, useState } from 'react';
import { useToastMessage } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toaster (Radix Toast) is loaded with the first toast, not with the page: most visits show
 * none. Once loaded it stays, so its F8 region is there for the next one.
 */
export function LazyToaster() {
  const message = useToastMessage();
  const [isNeeded, setNeeded] = useState(false);
  if (message && !isNeeded) setNeeded(true);
  if (!isNeeded && !message) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
