import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { ModalProps } from './modal';

/** The open dialog of `Modal` (Radix: focus trapped and restored, Escape closes, title and description announced). */
export default function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: ModalProps) {
  const { t } = useTranslation();
  // Closing gives the focus back to the button that opened the dialog (Radix). When the action
  // made that button go (paid: the Now card changes), the focus goes to the section that held
  // it, else to the page's main content: never lost to the top of the page.
  const opener = useRef<{ button: Element | null; section: Element | null }>({ button: null, section: null });
  const rememberOpener = () => {
    const button = document.activeElement;
    opener.current = { button, section: button?.closest('section') ?? null };
  };
  const restoreFocus = (event: Event) => {
    const { button, section } = opener.current;
    if (!button || button.isConnected) return;
    event.preventDefault();
    const target = (section?.isConnected ? section : document.getElementById('main')) as HTMLElement | null;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid={testId}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={restoreFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              className="rounded px-2 text-xl leading-none focus-visible:outline-3 focus-visible:outline-teal-600"
            >
              ×
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description asChild>
              <div className="mt-1 text-sm text-stone-700">{description}</div>
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
