import * as Toast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToastMessage } from './toast-store';

/**
 * SPEC §9: display 5 s, swipe right past 50 px to close, F8 focuses the notifications region.
 * Above the bottom bar on a phone; at the top while the cookie banner is up (the `cookie-banner-up`
 * variant of styles.css, CSS `:has`, no script): a sign-in error must not cover the banner's buttons.
 * Above an open dialog (z-50) too: a tall one (a card's address) covered every toast on a phone.
 */
export function Toaster() {
  const message = useToastMessage();
  const { t } = useTranslation();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toast.label')}>
      {message && (
        <Toast.Root
          key={message.id}
          onOpenChange={(open) => !open && dismissToast()}
          className={`grid grid-cols-[1fr_auto] items-start gap-2 rounded-xl p-4 shadow-lg ring-1 ${
            message.variant === 'destructive'
              ? 'bg-red-700 text-white ring-red-800'
              : 'bg-white text-stone-900 ring-stone-200'
          }`}
        >
          <Toast.Title className="font-semibold">{message.title}</Toast.Title>
          <Toast.Close
            aria-label={t('common.close')}
            className="-m-2.5 grid size-11 place-items-center rounded text-lg leading-none focus-visible:outline-2"
          >
            ×
          </Toast.Close>
          {message.description && (
            <Toast.Description className="col-span-2 text-sm">{message.description}</Toast.Description>
          )}
        </Toast.Root>
      )}
      <Toast.Viewport
        hotkey={['F8']}
        label={t('toast.region', { hotkey: '{hotkey}' })}
        className="fixed right-0 bottom-16 z-[60] md:bottom-0 cookie-banner-up:top-16 cookie-banner-up:bottom-auto flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
