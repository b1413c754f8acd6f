import { keepPreviousData } from '@tanstack/react-query';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import { call, useContractQuery, type QueryOf } from './call.ts';

/**
 * The desk's member search: each row with its status, plan and last visit, in one request for the
 * whole list. Results from the second character; a newer term cancels the older request, and the
 * last results stay while typing.
 */
export function useMemberSearch(term: string, locationId: string, limit = 20) {
  const search = term.trim();
  return useContractQuery(
    webDeskContracts.webSearchMembers,
    { query: { search, location_id: locationId, limit } },
    {
      enabled: search.length >= 2,
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    },
  );
}

export type MemberStanding = QueryOf<'webSearchMembers'>['status'];

/**
 * The Members page's list: every member without a search, one page of `limit` from `cursor`,
 * narrowed to a standing when one is chosen; a search from its first character.
 */
export function useMemberList(term: string, locationId: string, status: MemberStanding, cursor: string | undefined, limit = 50) {
  const search = term.trim();
  return useContractQuery(
    webDeskContracts.webSearchMembers,
    { query: { location_id: locationId, limit, ...(search && { search }), ...(status && { status }), ...(cursor && { cursor }) } },
    { placeholderData: keepPreviousData, staleTime: 5_000 },
  );
}

export function fullName(contact: { first_name: string; last_name: string | null }): string {
  return contact.last_name ? `${contact.first_name} ${contact.last_name}` : contact.first_name;
}

/**
 * A member code or card number typed or swiped into the search box: the contact it belongs to, or
 * null. The same lookup the door uses; the full number is sent to the server only, never shown.
 */
export async function resolveIdentifier(identifier: string, locationId: string): Promise<string | null> {
  try {
    // Loaded when first needed: the API's member contracts are not part of the desk's first load.
    const { membersContracts } = await import('@studio/shared/contracts/members');
    const result = await call(membersContracts.resolveMember, { body: { identifier, location_id: locationId } });
    return result.found ? result.contact_id : null;
  } catch {
    // Not a code, no permission, server busy: the search results page still answers.
    return null;
  }
}
