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

/** Monday to Sunday (ISO weekdays 1 to 7) as the locale names them: "Monday", "Montag", "lunes". */
export function weekdayNamesIn(locale: string): string[] {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: 7 }, (_, index) => name.format(Date.UTC(2024, 0, 1 + index)));
}

/** English names, for callers not yet given the page's locale. */
export const weekdayNames = weekdayNamesIn('en-GB');
