import { useSyncExternalStore } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** The cookie choice (SPEC §3): necessary always true, the rest chosen, stored with its date. */
export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
  date: string;
}

const KEY = 'giro.cookie-consent';
const listeners = new Set<() => void>();
let settingsOpen = false;
let cached: CookieConsent | null | undefined;

function read(): CookieConsent | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    cached = raw ? (JSON.parse(raw) as CookieConsent) : null;
  } catch {
    cached = null;
  }
  return cached;
}

const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function saveConsent(choice: Omit<CookieConsent, 'necessary' | 'date'>): void {
  const consent: CookieConsent = { necessary: true, ...choice, date: new Date().toISOString() };
  cached = consent;
  try {
    localStorage.setItem(KEY, JSON.stringify(consent));
  } catch {
    // kept for this visit only
  }
  settingsOpen = false;
  emit();
  apiRequest('POST', '/api/cookie-consent', choice).catch((error) =>
    console.error('consent not recorded', error),
  );
}

export function openCookieSettings(): void {
  settingsOpen = true;
  emit();
}

export function closeCookieSettings(): void {
  settingsOpen = false;
  emit();
}

export const useCookieConsent = () => useSyncExternalStore(subscribe, read, () => null);
export const useCookieSettingsOpen = () =>
  useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => false,
  );
