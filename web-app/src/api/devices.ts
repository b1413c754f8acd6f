import { webDevicesContracts } from '@studio/shared/contracts/web-devices';
import { useContractQuery } from './call.ts';

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
