import type { FundView } from '@giro/contract/fund';
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { clock } from '../../../lib/clock-store';
import { useNotifications } from './notifications';

/**
 * A PayPal contribution is sent, then counts once PayPal confirms the capture, a moment later
 * (by the socket). Meanwhile the member sees it processing, not a button to pay again (issue
 * 13, honest progress): until the fund names them among the round's payers, or a failed
 * payment's alert arrives, or, without news, for three minutes.
 */
const PATIENCE_MS = 3 * 60_000;
type Sent = { fundId: string; roundNumber: number; at: number };
let sent: Sent | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function markPaymentSent(fundId: string, roundNumber: number): void {
  sent = { fundId, roundNumber, at: clock.now() };
  for (const listener of listeners) listener();
}

export function usePaymentProcessing(fund: FundView | undefined, userId: string): boolean {
  const current = useSyncExternalStore(
    subscribe,
    () => sent,
    () => null,
  );
  const notifications = useNotifications(current !== null).data;
  // Rendered again when the patience runs out (no clock ticking while nothing was sent).
  const [, expire] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(expire, Math.max(0, current.at + PATIENCE_MS - clock.now()) + 100);
    return () => clearTimeout(timer);
  }, [current]);
  const round = fund?.round;
  if (!current || !round || current.fundId !== fund.id || current.roundNumber !== round.number) return false;
  if (round.contributedBy.includes(userId)) return false;
  // The server's clock and this one agree to within seconds (domain.md, The clock).
  const failedSince = (at: string) => Date.parse(at) >= current.at - 5_000;
  if (notifications?.some((n) => n.type === 'payment_failed' && failedSince(n.createdAt))) return false;
  return clock.now() - current.at < PATIENCE_MS;
}
