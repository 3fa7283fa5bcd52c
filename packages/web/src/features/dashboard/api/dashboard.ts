import type { Dashboard } from '@giro/contract/dashboard';
import { useQuery } from '@tanstack/react-query';

export function useDashboard(enabled: boolean) {
  return useQuery({ queryKey: ['/api/dashboard'], enabled, select: (data) => data as Dashboard });
}
