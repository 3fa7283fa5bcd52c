import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';

/**
 * Renders its children once the first screen is painted and the browser is idle, as a
 * transition (React slices the work): for what lies below the first screen of a long page, so
 * the phone answers a tap while the rest is built; its parts may be lazy chunks. Nothing is shown
 * in its place meanwhile.
 */
export function Deferred({ children, className }: { children: ReactNode; className?: string }) {
  const isPainted = useAfterFirstPaint();
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (isPainted) startTransition(() => setShown(true));
  }, [isPainted]);
  if (!isShown) return null;
  return (
    // Laid out and painted only as it nears the screen (content-visibility), sized meanwhile by
    // its last size: a long page costs the phone its first screen, not all of it at once.
    <div className={`[contain-intrinsic-size:auto_1200px] [content-visibility:auto] ${className ?? ''}`}>
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}
