import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import { contractKey, useContractQuery } from './call.ts';

export const profileKey = (id: string) => contractKey(webDeskContracts.webMemberProfile, { params: { id } });

export function useProfile(id: string) {
  return useContractQuery(webDeskContracts.webMemberProfile, { params: { id } });
}

/** A write on the member's page: never optimistic, the page shows the server's answer once it comes. */
export function useProfileMutation<TBody>(contactId: string, request: (body: TBody) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKey(contactId) }),
  });
}
