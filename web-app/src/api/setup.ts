import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storedValueContracts } from '@studio/shared/contracts/stored-value';
import { webSetupContracts } from '@studio/shared/contracts/web-setup';
import { type ContractBodyInput, type RouteContract } from '@studio/shared/contracts';
import { call, invalidateContracts, useContractQuery, type ResultOf } from './call.ts';
import { ApiRequestError } from './http.ts';

/**
 * The setup screens' data, from /app/api/setup (server/src/web/setup/routes.ts). The server checks
 * every field with the import file's rules; a refusal names the field in `param`, which the form
 * shows beside it.
 */

export type SetupLocation = ResultOf<'webSetupLocations'>['data'][number];
export type LocationSettings = SetupLocation['settings'];
export type AlertAction = LocationSettings['checkin_alerts']['past_due'];
export type Weekday = keyof NonNullable<LocationSettings['access_hours']>;
export type StaffMember = ResultOf<'webSetupStaff'>['data'][number];
export type Room = ResultOf<'webSetupRooms'>['data'][number];
export type SetupService = ResultOf<'webSetupServices'>['data'][number];
export type SetupPlan = ResultOf<'webSetupPlans'>['data'][number];
export type SetupPackage = ResultOf<'webSetupPackages'>['data'][number];
export type GiftCard = ResultOf<'listGiftCards'>['data'][number];

/** Every list the setup screens show: read again after any setup write. */
const setupReads = [
  webSetupContracts.webSetupLocations,
  webSetupContracts.webSetupStaff,
  webSetupContracts.webSetupRooms,
  webSetupContracts.webSetupServices,
  webSetupContracts.webSetupPlans,
  webSetupContracts.webSetupPackages,
  storedValueContracts.listGiftCards,
];

export const useSetupLocations = () => useContractQuery(webSetupContracts.webSetupLocations, {});
export const useSetupStaff = () => useContractQuery(webSetupContracts.webSetupStaff, {});
/** A setup list of one location. */
export const useSetupRooms = (locationId: string) => useContractQuery(webSetupContracts.webSetupRooms, { query: { location_id: locationId } });
export const useSetupServices = (locationId: string) => useContractQuery(webSetupContracts.webSetupServices, { query: { location_id: locationId } });
export const useSetupPlans = (locationId: string) => useContractQuery(webSetupContracts.webSetupPlans, { query: { location_id: locationId } });

/** The routes a setup form writes through: `create` for a new object, `update` (with the object's `id`) for a change. */
export type SetupWrites = Partial<Record<'create' | 'update', RouteContract>> & Partial<Record<'id', string | undefined>>;

/** What such a form sends: the create's body or the update's. */
export type SetupBody<W extends SetupWrites> =
  (W extends { create: infer C extends RouteContract } ? ContractBodyInput<C> : never) | (W extends { update: infer U extends RouteContract } ? ContractBodyInput<U> : never);

const send = call as (contract: RouteContract, input: { params?: unknown; body: unknown }) => Promise<unknown>;

/** A create (no `id`) or a change (`id`) of a setup object; every setup list is read again after it. */
export function useSetupSave<const W extends SetupWrites>(writes: W) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody<W>) => (writes.id !== undefined && writes.update ? send(writes.update, { params: { id: writes.id }, body }) : send(writes.create!, { body })),
    onSuccess: () => invalidateContracts(client, setupReads),
  });
}

/**
 * The server's refusal as an error per field, keyed by its `param` ("price_cents",
 * "settings.classes.checkin_opens_minutes_before"); anything else is for the form's alert.
 */
export function serverFieldError(error: unknown): { param: string | null; message: string } | null {
  if (!(error instanceof ApiRequestError)) return null;
  return { param: error.param, message: error.message };
}
