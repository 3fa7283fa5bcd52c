import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from './focus-return';

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
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          data-testid={testId}
          onOpenAutoFocus={focusReturn.onOpenAutoFocus}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('common.close')}
              className="-m-2.5 grid size-11 shrink-0 place-items-center rounded text-xl leading-none focus-visible:outline-3 focus-visible:outline-teal-600"
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
