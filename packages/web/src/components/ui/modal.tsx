import { lazy, type ReactNode, Suspense } from 'react';
import { recoverable } from '../../lib/stale-build';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}

// The dialog library loads with the first dialog opened, not with the page that may open one.
const ModalDialog = lazy(recoverable(() => import('./modal-dialog')));

/**
 * A dialog: focus trapped and restored, Escape closes, title and description announced.
 * Controlled, so a form inside can close it once its action succeeded.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
