import type { CreateOrganizationBody, Member, Organization } from '@giro/contract/organization';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';

/** Keys refreshed after any membership change. */
const affected = [['/api/user'], ['/api/dashboard'], ['/api/family'], ['/api/family/members']];

export function useOrganization(enabled: boolean) {
  return useQuery({ queryKey: ['/api/family'], enabled, select: (data) => data as Organization });
}

export function useMembers(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/family/members'],
    enabled,
    select: (data) => (data as { members: Member[] }).members,
  });
}

function useMembershipMutation<T>(run: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => Promise.all(affected.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

export const useJoinOrganization = () =>
  useMembershipMutation((inviteCode: string) => apiRequest('POST', '/api/family/join', { inviteCode }));
export const useLeaveOrganization = () =>
  useMembershipMutation(() => apiRequest('POST', '/api/family/leave'));
export const useCreateOrganization = () =>
  useMembershipMutation((input: CreateOrganizationBody) => apiRequest('POST', '/api/family', input));
