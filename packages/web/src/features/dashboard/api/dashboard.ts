import type { Dashboard } from '@giro/contract/dashboard';
import { useQuery } from '@tanstack/react-query';

export const dashboardKey = ['/api/dashboard'] as const;

export function useDashboard(enabled: boolean) {
  return useQuery({ queryKey: dashboardKey, enabled, select: (data) => data as Dashboard });
}
