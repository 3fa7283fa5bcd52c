import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest, errorText } from '../../../lib/api-client';
import { clock } from '../../../lib/clock-store';
import { useMutation } from '../../../lib/mutation';

export const testTimeKey = ['/api/test/time'] as const;
interface TestTime {
  now: string;
  offsetMinutes: number;
}

/**
 * The server's test clock (api.md, Test clock): 404 when it is off, so the control stays hidden.
 * Each reading sets the client clock's offset, so countdowns follow the server after a reload.
 */
export function useTestTime(enabled: boolean) {
  const query = useQuery({
    queryKey: testTimeKey,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data as TestTime,
  });
  const offset = query.data?.offsetMinutes;
  // Re-applied on every reading, also an unchanged one: a socket shift may have raced the answer.
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (offset !== undefined && readAt > 0) clock.setOffsetMinutes(offset);
  }, [offset, readAt]);
  return query;
}

export function useMoveTestClock() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (minutes: number | 'reset') =>
      minutes === 'reset'
        ? apiRequest<TestTime>('POST', '/api/test/time/reset')
        : apiRequest<TestTime>('POST', '/api/test/time/fast-forward', { minutes }),
    onSuccess: (time) => {
      client.setQueryData(testTimeKey, time);
      toast({ title: t('fund.clock.moved') });
      // The jump may have passed deadlines: everything the fund shows may have changed.
      return client.invalidateQueries({ queryKey: ['/api/rotating-fund'] });
    },
    onError: (error) =>
      toast({ title: t('fund.clock.failed'), description: errorText(error), variant: 'destructive' }),
  });
}
