import {
  cloneElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { recoverable } from '../../lib/stale-build';

const ConfirmDialogContent = lazy(recoverable(() => import('./confirm-dialog-content')));

/**
 * Asks before an irreversible action; the confirm button names the action. `trigger` is the
 * button that opens it; the dialog library loads when it is first opened. `tone`: red for what
 * takes something away (leave, delete, refuse); `primary` for a plain yes to what was asked.
 * `cancelLabel`: the way out, where "Annulla" would read as the action ("Annullare la
 * richiesta?" — "Annulla" kept it).
 */
export function ConfirmDialog({
  trigger,
  title,
  body,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  cancelLabel,
}: {
  trigger: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  tone?: 'danger' | 'primary';
  cancelLabel?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      {cloneElement(trigger, {
        onClick: (event: MouseEvent) => {
          trigger.props.onClick?.(event);
          setOpen(true);
        },
      })}
      {isOpen && (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            title={title}
            body={body}
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
            onClose={() => setOpen(false)}
            tone={tone}
            cancelLabel={cancelLabel}
          />
        </Suspense>
      )}
    </>
  );
}
