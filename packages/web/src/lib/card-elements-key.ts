import { useQuery } from '@tanstack/react-query';

/**
 * The card provider's publishable key when payments are live (GET /api/config): cards are then
 * typed into the provider's own elements. Undefined in the sandbox, which takes test ids.
 */
export function useCardElementsKey(): string | undefined {
  const config = useQuery({
    queryKey: ['/api/config'],
    select: (data) => (data as { cardElementsKey?: string }).cardElementsKey,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return config.data;
}
