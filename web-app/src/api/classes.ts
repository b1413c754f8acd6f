import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webClassesContracts } from '@studio/shared/contracts/web-classes';
import { invalidateContracts, useContractQuery } from './call.ts';

/** The class screens' reads and writes; writes are never optimistic: the page shows the server's answer. */
const classReads = [webClassesContracts.webClassWeek, webClassesContracts.webListSeries, webClassesContracts.webClassOptions, webClassesContracts.webClassPage];

export function useWeek(locationId: string, week: string | null) {
  return useContractQuery(webClassesContracts.webClassWeek, { query: { location_id: locationId, ...(week ? { week } : {}) } });
}

export function useSeriesList(locationId: string) {
  return useContractQuery(webClassesContracts.webListSeries, { query: { location_id: locationId } });
}

export function useTimetableOptions(locationId: string) {
  return useContractQuery(webClassesContracts.webClassOptions, { query: { location_id: locationId } });
}

export function useClassPage(id: string) {
  return useContractQuery(webClassesContracts.webClassPage, { params: { id } });
}

/** A write on the class screens: everything about classes is read again once the server answered. */
export function useClassMutation<TBody, TResult>(request: (body: TBody) => Promise<TResult>, onDone?: (result: TResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await invalidateContracts(client, classReads);
      onDone?.(result);
    },
  });
}
