import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Environment } from '@studio/shared/schemas/events';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@studio/shared/schemas/webhooks';
import type { ApiKeyCreate, ApiKeyView, WebhookEndpointCreateRequest, WebhookEndpointUpdateRequest } from '@studio/shared/web-app';
import type { z } from 'zod';
import { http } from './http.ts';

/**
 * Settings -> Developers: API keys and webhook endpoints, per environment (live, or test mode's
 * data kept apart from it). Keys are at /app/api/keys, endpoints and their delivery logs under
 * /app/api/developers (owners only). Nothing here is optimistic: a key, a secret or an endpoint's
 * state is shown as the server answered it, since a wrong guess would mislead an integrator.
 */

export type { Environment, WebhookAttempt, WebhookDelivery, WebhookEndpoint };
export type DeliveryStatus = WebhookDelivery['status'];

export type ApiKey = ApiKeyView;
export type KeyCreate = z.input<typeof ApiKeyCreate>;
export type EndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;
export type EndpointChange = WebhookEndpointUpdateRequest;

const keysKey = (environment: Environment) => ['keys', environment] as const;
const endpointsKey = (environment: Environment) => ['webhook-endpoints', environment] as const;
const deliveriesKey = (endpointId: string, status: DeliveryStatus | null) => ['webhook-deliveries', endpointId, status ?? 'all'] as const;
const attemptsKey = (deliveryId: string) => ['webhook-attempts', deliveryId] as const;

export function useApiKeys(environment: Environment) {
  return useQuery({
    queryKey: keysKey(environment),
    queryFn: ({ signal }) => http.request<{ data: ApiKey[] }>(`/keys?environment=${environment}`, { signal }),
  });
}

export function useCreateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KeyCreate) => http.request<{ key: ApiKey; secret: string }>('/keys', { method: 'POST', body }),
    onSuccess: (created) => client.invalidateQueries({ queryKey: keysKey(created.key.environment) }),
  });
}

export function useRevokeKey(environment: Environment, keyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => http.request(`/keys/${keyId}/revoke`, { method: 'POST', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(environment) }),
  });
}

export function useWebhookEndpoints(environment: Environment) {
  return useQuery({
    queryKey: endpointsKey(environment),
    queryFn: ({ signal }) => http.request<{ data: WebhookEndpoint[] }>(`/developers/webhook_endpoints?environment=${environment}`, { signal }),
    // An endpoint the worker disables, or one that starts failing, shows without a reload.
    refetchInterval: 30_000,
  });
}

export function useCreateEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreateRequest) => http.request<EndpointWithSecret>('/developers/webhook_endpoints', { method: 'POST', body }),
    onSuccess: (created) => client.invalidateQueries({ queryKey: endpointsKey(created.environment) }),
  });
}

export function useChangeEndpoint(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: EndpointChange) => http.request<WebhookEndpoint>(`/developers/webhook_endpoints/${endpoint.id}`, { method: 'PATCH', body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

export function useRotateSecret(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => http.request<EndpointWithSecret>(`/developers/webhook_endpoints/${endpoint.id}/rotate_secret`, { method: 'POST', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

export function useDeleteEndpoint(endpoint: WebhookEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => http.request<{ id: string; deleted: true }>(`/developers/webhook_endpoints/${endpoint.id}/delete`, { method: 'POST', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointsKey(endpoint.environment) }),
  });
}

/** One endpoint's delivery log, newest first, a page at a time; polled while it is open so a retry shows. */
export function useDeliveries(endpointId: string, status: DeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(endpointId, status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (status) query.set('status', status);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return http.request<{ data: WebhookDelivery[]; next_cursor: string | null }>(`/developers/webhook_endpoints/${endpointId}/deliveries${search}`, { signal });
    },
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: 5_000,
  });
}

/** A delivery's attempts, oldest first, a hundred at a time; polled while shown so a retry appears. */
export function useDeliveryAttempts(deliveryId: string) {
  return useInfiniteQuery({
    queryKey: attemptsKey(deliveryId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '100' });
      if (pageParam) query.set('cursor', pageParam);
      return http.request<{ data: WebhookAttempt[]; next_cursor: string | null }>(`/developers/webhook_deliveries/${deliveryId}/attempts?${query.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: 5_000,
  });
}

/** A webhook.test event to the endpoint (changes nothing, so no password); its delivery log shows it. */
export function useSendTestEvent(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.request<WebhookDelivery>(`/developers/webhook_endpoints/${endpointId}/send_test`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] }),
  });
}

export function useResendDelivery(endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => http.request<WebhookDelivery>(`/developers/webhook_deliveries/${deliveryId}/resend`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['webhook-deliveries', endpointId] }),
  });
}
