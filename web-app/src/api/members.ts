import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberProfile } from '@studio/shared/web-app';
import { http } from './http.ts';

export const profileKey = (id: string) => ['member', id] as const;

export function useProfile(id: string) {
  return useQuery({ queryKey: profileKey(id), queryFn: ({ signal }) => http.request<MemberProfile>(`/members/${encodeURIComponent(id)}`, { signal }) });
}

/** A write on the member's page: never optimistic, the page shows the server's answer once it comes. */
export function useProfileMutation<TBody>(contactId: string, request: (body: TBody) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKey(contactId) }),
  });
}
