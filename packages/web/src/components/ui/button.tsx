import type { ButtonHTMLAttributes } from 'react';
import i18n from '../../lib/i18n';
import { OFFLINE_REASON_ID, useOnline } from '../../lib/online';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/50',
  secondary: 'bg-white text-stone-900 ring-1 ring-stone-300 hover:bg-stone-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/50',
  ghost: 'text-teal-800 hover:bg-teal-50',
  /** On a dark (teal-800) surface: white text, a visible outline, a darker hover. */
  inverse: 'text-white ring-1 ring-white/70 hover:bg-teal-900',
} as const;
type Variant = keyof typeof variants;

/** A button's look, for a link that reads as one (a step that only moves to another page). */
export function buttonClass(variant: Variant = 'primary'): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed ${variants[variant]}`;
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /**
   * Whether the action needs the server (pay, vote, save): offline such a button is disabled and
   * says why, never queued (issue 13). By default a primary or danger button and any submit
   * button do; a button that only acts in the page (close, cancel, install) says `false`.
   */
  needsNetwork?: boolean;
  /** The action is under way: a spinner, announced (aria-busy), and no second tap sends it twice. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  className = '',
  needsNetwork,
  disabled,
  busy = false,
  children,
  ...props
}: Props) {
  const online = useOnline();
  const waitsForNetwork =
    !online && (needsNetwork ?? (variant === 'primary' || variant === 'danger' || props.type === 'submit'));
  return (
    <button
      type="button"
      className={`${buttonClass(variant)} ${className}`}
      disabled={disabled || busy || waitsForNetwork}
      aria-busy={busy || undefined}
      {...(waitsForNetwork && {
        title: i18n.t('offline.needsNetwork'),
        'aria-describedby': OFFLINE_REASON_ID,
      })}
      {...props}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
