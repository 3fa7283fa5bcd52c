import { useEffect, useRef } from 'react';

/**
 * A form's ref that, each time its errors are set anew (a submit refused), moves the focus to
 * the first field marked invalid (aria-invalid, as components/ui/field marks one): the keyboard
 * and a screen reader land on what to fix, not on the button just pressed. Errors without a
 * field (a card's billing address) leave the focus where it is.
 */
export function useFocusFirstInvalid(errors: object) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return form;
}
