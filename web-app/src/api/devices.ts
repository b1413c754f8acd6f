import { webDevicesContracts } from '@studio/shared/contracts/web-devices';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateContracts, useContractMutation, useContractQuery } from './call.ts';

/** The agents reporting at a location; polled, as they report every 30 s and go quiet without a word. */
export function useDevices(locationId: string) {
  return useContractQuery(
    webDevicesContracts.webDevices,
    { query: { location_id: locationId } },
    {
      refetchInterval: 30_000,
      // Opening the page asks again, whatever Today's banner fetched a moment ago: "just now" must be now.
      staleTime: 0,
    },
  );
}

/** Mints a device key at a location (password again); the answer holds its only copy. The Developers page's key list then shows it. */
export function useCreateDeviceKey() {
  const client = useQueryClient();
  return useContractMutation(webDevicesContracts.webCreateDeviceKey, {
    onSuccess: () => invalidateContracts(client, [webDeskContracts.webListKeys]),
  });
}
