import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import { webDevelopersContracts } from '@studio/shared/contracts/web-developers';
import type { Environment } from '@studio/shared/schemas/events';
import { call, contractKey, useContractQuery, type BodyOf, type ResultOf } from './call.ts';

/**
 * Settings -> Developers: API keys and webhook endpoints, per environment (live, or test mode's
 * data kept apart from it). Keys are at /app/api/keys, endpoints and their delivery logs under
 * /app/api/developers (owners only). Nothing here is optimistic: a key, a secret or an endpoint's
 * state is shown as the server answered it, since a wrong guess would mislead an integrator.
 */

export type { Environment };
export type ApiKey = ResultOf<'webListKeys'>['data'][number];
export type WebhookEndpoint = ResultOf<'webListWebhookEndpoints'>['data'][number];
export type WebhookDelivery = ResultOf<'webListWebhookDeliveries'>['data'][number];
export type WebhookAttempt = ResultOf<'webListWebhookDeliveryAttempts'>['data'][number];
export type DeliveryStatus = WebhookDelivery['status'];
export type KeyCreate = BodyOf<'webCreateKey'>;
export type EndpointChange = BodyOf<'webUpdateWebhookEndpoint'>;

const keysKey = (environment: Environment) => contractKey(webDeskContracts.webListKeys, { query: { environment } });
const endpointsKey = (environment: Environment) => contractKey(webDevelopersContracts.webListWebhookEndpoints, { query: { environment } });
const deliveriesKey = (endpointId: string, status: DeliveryStatus | null) =>
  [...contractKey(webDevelopersContracts.webListWebhookDeliveries, { params: { id: endpointId } }), status ?? 'all'] as const;
const attemptsKey = (deliveryId: string) => contractKey(webDevelopersContracts.webListWebhookDeliveryAttempts, { params: { id: deliveryId } });

export function useApiKeys(environment: Environment) {
  return useContractQuery(webDeskContracts.webListKeys, { query: { environment } });
}

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KeyCreate) => call(webDeskContracts.webCreateKey, { body }),
    onSuccess: (created) => client.invalidateQueries({ queryKey: keysKey(created.key.environment) }),
  });
}

export function useRevokeKey(environment: Environment, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(webDeskContracts.webRevokeKey, { params: { id: keyId }, body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(environment) }),
  });
}

export function useWebhookEndpoints(environment: Environment) {
  return useContractQuery(
    webDevelopersContracts.webListWebhookEndpoints,
    { query: { environment } },
    // An endpoint the worker disables, or one that starts failing, shows without a reload.
    { refetchInterval: 30_000 },
  );
}

export function useCreateEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'webCreateWebhookEndpoint'>) => call(webDevelopersContracts.webCreateWebhookEndpoint, { body }),
    onSuccess: (created) => client.invalidateQueries({ queryKey: endpointsKey(created.environment) }),
  });
}

export function useChangeEndpoint(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointChange) => call(webDevelopersContracts.webUpdateWebhookEndpoint, { params: { id: endpoint.id }, body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

export function useRotateSecret(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(webDevelopersContracts.webRotateWebhookSecret, { params: { id: endpoint.id }, body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

export function useDeleteEndpoint(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => call(webDevelopersContracts.webDeleteWebhookEndpoint, { params: { id: endpoint.id }, body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

/** One endpoint's delivery log, newest first, a page at a time; polled while it is open so a retry shows. */
export function useDeliveries(endpointId: string, status: DeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(endpointId, status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(webDevelopersContracts.webListWebhookDeliveries, { params: { id: endpointId }, query: { ...(status && { status }), ...(pageParam && { cursor: pageParam }) }, signal }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: 5_000,
  });
}

/** A delivery's attempts, oldest first, a hundred at a time; polled while shown so a retry appears. */
export function useDeliveryAttempts(deliveryId: string) {
  return useInfiniteQuery({
    queryKey: attemptsKey(deliveryId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call(webDevelopersContracts.webListWebhookDeliveryAttempts, { params: { id: deliveryId }, query: { limit: 100, ...(pageParam && { cursor: pageParam }) }, signal }),
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: 5_000,
  });
}

/** A webhook.test event to the endpoint (changes nothing, so no password); its delivery log shows it. */
export function useSendTestEvent(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(webDevelopersContracts.webSendWebhookTestEvent, { params: { id: endpointId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractKey(webDevelopersContracts.webListWebhookDeliveries, { params: { id: endpointId } }) }),
  });
}

export function useResendDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => call(webDevelopersContracts.webResendWebhookDelivery, { params: { id: deliveryId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contractKey(webDevelopersContracts.webListWebhookDeliveries, { params: { id: endpointId } }) }),
  });
}
