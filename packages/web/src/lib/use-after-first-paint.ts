import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser is idle after it: for what a page may show a
 * moment later (install hint, cookie choice), so it never delays the page itself.
 */
export function useAfterFirstPaint(): boolean {
  const [isPainted, setPainted] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setPainted(true), { timeout: 1500 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setPainted(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return isPainted;
}
