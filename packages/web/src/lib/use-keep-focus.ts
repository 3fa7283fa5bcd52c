import { useEffect, useRef } from 'react';

/**
 * For a card whose buttons come and go with the state (the Now card): when the focused button
 * inside it goes away (paid, voted: the card changes), the focus moves to the card itself
 * instead of falling to the top of the page, where a keyboard user would start over. Only while
 * the focus was last inside it: a click or focus elsewhere lets go. The card needs tabIndex -1.
 */
export function useKeepFocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let inside = false;
    const follow = (event: Event) => {
      inside = event.target instanceof Node && element.contains(event.target);
    };
    const observer = new MutationObserver(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (inside && lost) element.focus({ preventScroll: true });
    });
    observer.observe(element, { childList: true, subtree: true });
    document.addEventListener('focusin', follow);
    document.addEventListener('pointerdown', follow);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', follow);
      document.removeEventListener('pointerdown', follow);
    };
  }, []);
  return ref;
}
