import { useCallback } from 'react';

/**
 * For a card whose buttons come and go with the state (the Now card, the fund): when the focused
 * button inside it goes away (paid, voted, answered: the card changes), the focus moves to the
 * card itself instead of falling to the top of the page, where a keyboard user would start over.
 * Only while the focus was last inside it: a click or focus elsewhere lets go. The card needs
 * tabIndex -1. A dialog opened from it (asked before acting) is not elsewhere: drawn apart from
 * the page, it hands the focus back to its button, which the action then takes away or disables.
 * A ref callback, so it holds from whenever the card is drawn (a page may draw it only later).
 */
export function useKeepFocus<T extends HTMLElement>() {
  return useCallback((element: T | null) => {
    if (!element) return;
    let inside = false;
    const follow = (event: Event) => {
      const target = event.target;
      if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]')) return;
      inside = target instanceof Node && element.contains(target);
    };
    const observer = new MutationObserver(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (inside && lost) element.focus({ preventScroll: true });
    });
    observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', follow);
    document.addEventListener('pointerdown', follow);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', follow);
      document.removeEventListener('pointerdown', follow);
    };
  }, []);
}
