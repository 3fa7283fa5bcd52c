import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

/**
 * Renders its children once the first screen is painted and the browser is idle, as a
 * transition (React slices the work): for what lies below the first screen of a long page, so
 * the phone answers a tap while the rest is built; its parts may be lazy chunks. Nothing is shown
 * in its place meanwhile.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const isPainted = useAfterFirstPaint();
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (isPainted) startTransition(() => setShown(true));
  }, [isPainted]);
  return isShown ? <Suspense fallback={null}>{children}</Suspense> : null;
}
