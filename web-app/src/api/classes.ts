import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassPage, SeriesView, TimetableOptions, WeekTimetable } from '@studio/shared/schemas/web-classes';
import { http } from './http.ts';

/** The class screens' reads and writes; writes are never optimistic: the page shows the server's answer. */
export const classesKey = ['classes'] as const;

export function useWeek(locationId: string, week: string | null) {
  const query = new URLSearchParams({ location_id: locationId, ...(week ? { week } : {}) });
  return useQuery({
    queryKey: [...classesKey, 'week', locationId, week],
    queryFn: ({ signal }) => http.request<WeekTimetable>(`/classes/week?${query.toString()}`, { signal }),
  });
}

export function useSeriesList(locationId: string) {
  return useQuery({
    queryKey: [...classesKey, 'series', locationId],
    queryFn: ({ signal }) => http.request<{ data: SeriesView[] }>(`/classes/series?location_id=${encodeURIComponent(locationId)}`, { signal }),
  });
}

export function useTimetableOptions(locationId: string) {
  return useQuery({
    queryKey: [...classesKey, 'options', locationId],
    queryFn: ({ signal }) => http.request<TimetableOptions>(`/classes/options?location_id=${encodeURIComponent(locationId)}`, { signal }),
  });
}

export const classPageKey = (id: string) => [...classesKey, 'class', id] as const;

export function useClassPage(id: string) {
  return useQuery({ queryKey: classPageKey(id), queryFn: ({ signal }) => http.request<ClassPage>(`/classes/${encodeURIComponent(id)}`, { signal }) });
}

/** A write on the class screens: everything about classes is read again once the server answered. */
export function useClassMutation<TBody, TResult>(request: (body: TBody) => Promise<TResult>, onDone?: (result: TResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      await client.invalidateQueries({ queryKey: classesKey });
      onDone?.(result);
    },
  });
}

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
