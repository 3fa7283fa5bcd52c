import { useRef } from 'react';

/**
 * A dialog's focus, given back when it closes (WAI-ARIA's dialog pattern): to the button that
 * opened it; when the action made that button go (paid: the Now card changes), to the section
 * that held it, else to the page's main content, never lost to the top of the page.
 *
 * Radix gives the focus back only to a `Dialog.Trigger`, and its modal content prevents the
 * browser's own return. Our dialogs are opened by our own buttons (a controlled `open`), so
 * without this the focus went to the page's body on every close (found at stop 45 with the
 * keyboard in Chromium).
 */
export function useFocusReturn() {
  const opener = useRef<{ button: Element | null; section: Element | null }>({ button: null, section: null });
  return {
    onOpenAutoFocus: () => {
      const button = document.activeElement;
      // Nothing focused (Safari does not focus a button it clicks): nothing to give back.
      opener.current =
        button && button !== document.body
          ? { button, section: button.closest('section') }
          : { button: null, section: null };
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const { button, section } = opener.current;
      if (!button) return;
      const target = (
        button.isConnected ? button : section?.isConnected ? section : document.getElementById('main')
      ) as HTMLElement | null;
      if (!target) return;
      if (target !== button && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus();
    },
  };
}
