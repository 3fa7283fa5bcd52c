import type { ContributionView, FundView, historySchema, Risk } from '@giro/contract/fund';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, getQueryFn } from '../../../lib/api-client';

export type FundHistory = z.infer<typeof historySchema>['history'];
export type FundPart =
  | 'voting-state'
  | 'contribution-state'
  | 'contribution-deadlines'
  | 'monthly-contributions'
  | 'summary'
  | 'withdrawal-date-voting'
  | 'history'
  | 'risk';

/** SPEC §7 keys: the default read GETs the parts joined by '/'. */
export const fundKey = ['/api/rotating-fund'] as const;
export const fundPartKey = (fundId: string, part: FundPart) => ['/api/rotating-fund', fundId, part] as const;

const read = getQueryFn({ on401: 'throw' });

/** The organization's fund; null while there is none (404 NO_ROTATING_FUND). */
export const fundQuery = queryOptions({
  queryKey: fundKey,
  queryFn: async (context): Promise<FundView | null> => {
    try {
      return await read<FundView>(context);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export function useFund(enabled: boolean) {
  return useQuery({ ...fundQuery, enabled });
}

/** The current round's contributions: the recipient confirms the manual ones from here. */
export function useRoundContributions(fundId: string, enabled: boolean) {
  return useQuery({
    queryKey: fundPartKey(fundId, 'monthly-contributions'),
    enabled,
    select: (data) => (data as { contributions: ContributionView[] }).contributions,
  });
}

export function useFundHistory(fundId: string, enabled: boolean) {
  return useQuery({
    queryKey: fundPartKey(fundId, 'history'),
    enabled,
    select: (data) => (data as { history: FundHistory }).history,
  });
}

export function useFundRisk(fundId: string, enabled: boolean) {
  return useQuery({ queryKey: fundPartKey(fundId, 'risk'), enabled, select: (data) => data as Risk });
}
