import { useQuery } from '@tanstack/react-query';
import type { DeviceList } from '@studio/shared/schemas/devices';
import { http } from './http.ts';

/** The agents reporting at a location; polled, as they report every 30 s and go quiet without a word. */
export function useDevices(locationId: string) {
  return useQuery({
    queryKey: ['devices', locationId],
    queryFn: ({ signal }) => http.request<DeviceList>(`/devices?location_id=${encodeURIComponent(locationId)}`, { signal }),
    refetchInterval: 30_000,
    // Opening the page asks again, whatever Today's banner fetched a moment ago: "just now" must be now.
    staleTime: 0,
  });
}
