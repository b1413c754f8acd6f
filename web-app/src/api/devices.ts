import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceList } from '@studio/shared/schemas/devices';
import type { ApiKeyView, DeviceKeyCreate } from '@studio/shared/web-app';
import type { z } from 'zod';
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

export type DeviceKeyCreateBody = z.input<typeof DeviceKeyCreate>;

/** Mints a device key at a location (password again); the answer holds its only copy. The Developers page's key list then shows it. */
export function useCreateDeviceKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceKeyCreateBody) => http.request<{ key: ApiKeyView; secret: string }>('/devices/keys', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['keys'] }),
  });
}
