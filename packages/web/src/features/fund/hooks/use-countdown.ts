import { type CountdownStatus, countdownStatus } from '@giro/domain/fund/countdown';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/clock-store';

export interface Countdown {
  status: CountdownStatus;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until the deadline, on the client clock; zero once overdue. */
export function countdownParts(deadlineMs: number, nowMs: number): Countdown {
  const left = Math.max(0, Math.floor((deadlineMs - nowMs) / 1000));
  return {
    status: countdownStatus(deadlineMs, nowMs),
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** "2 d 3 h 15 min", seconds only in the last hour, "Overdue" after the deadline. */
export function formatCountdown(countdown: Countdown, t: TFunction): string {
  const { status, days, hours, minutes, seconds } = countdown;
  if (status === 'overdue') return t('fund.countdown.overdue');
  if (days > 0) return t('fund.countdown.days', { days, hours, minutes });
  if (hours > 0) return t('fund.countdown.hours', { hours, minutes });
  return t('fund.countdown.minutes', { minutes, seconds });
}

export function useCountdown(deadline: string) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const parts = countdownParts(Date.parse(deadline), now);
  return { ...parts, text: formatCountdown(parts, t) };
}
