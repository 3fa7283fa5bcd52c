import type { MemberStatistics } from '@giro/contract/statistics';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

export const STATEMENT_URL = '/api/statistics/me/statement.csv';

export const useMemberStatistics = () =>
  useQuery({ queryKey: ['/api/statistics/me'], select: (data) => data as MemberStatistics });

/**
 * Downloads the statement as a file. Fetched rather than linked so that it is written in the
 * language the app shows (the request carries it), then handed to the browser as a download.
 */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async () => {
      const response = await apiFetch('GET', STATEMENT_URL);
      await throwIfNotOk(response);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'giro-statement.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
