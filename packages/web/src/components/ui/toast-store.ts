import { useSyncExternalStore } from 'react';

/** One toast at a time (SPEC §9): a new one replaces the one showing. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string | undefined;
  variant: 'default' | 'destructive';
}

let current: ToastMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(
  message: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastMessage['variant'] },
): void {
  current = { variant: 'default', ...message, id: nextId++ };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

export function useToastMessage(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
