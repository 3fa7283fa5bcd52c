import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

// Where the browser's back or forward button went, heard before the router hears of the move. A
// pop that stays on the page (an in-page anchor's entry) is forgotten at the next move.
let poppedTo: string | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    poppedTo = window.location.pathname;
  });
}

/**
 * A page opened by a link or a redirect starts at its top, as a page the browser loads does.
 * Without it a member who tapped "Fondo" in the bottom bar after scrolling the home page down
 * landed at the fund page's foot, the Contribute button a screen above; and a new member came
 * from the long registration form to the middle of their home. Back and forward are left to
 * the browser, which puts the page back where the member left it.
 */
export function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  const shown = useRef(location);
  useLayoutEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const popped = poppedTo === location;
    poppedTo = null;
    if (!popped) window.scrollTo(0, 0);
  }, [location]);
  return null;
}
