import { useMutation, useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ContractBodyInput, ContractQueryInput, ContractResult, RouteContract, contracts } from '@studio/shared/contracts';
import { pathBelowMount, type CallInput } from '@studio/shared/contracts/call-input';
import { http } from './http.ts';

/**
 * The one way a page or an api/ file calls the server: over a route's contract (shared/src/contracts),
 * so the path, the input and the answer's type all come from the object the server implements.
 * `http` (http.ts) does the rest: the CSRF token, the idempotency key, the error envelope. Pages import
 * the contracts of their feature (`@studio/shared/contracts/web-desk`), not the whole list, so the first
 * load carries only the desk's.
 */

export type { CallInput };

export interface CallOptions {
  /** One per attempt of a create that must not happen twice; only for an `idempotent` contract. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** Every part optional: an input the caller may leave out (`call(contract)`) when it needs none. */
type OptionalInput<C extends RouteContract> = object extends CallInput<C> ? [input?: CallInput<C> & CallOptions] : [input: CallInput<C> & CallOptions];

type Contracts = typeof contracts;
/** A route's body as a caller sends it, by operationId: `BodyOf<'webCreateKey'>`. */
export type BodyOf<K extends keyof Contracts> = ContractBodyInput<Contracts[K]>;
/** A route's query as a caller sends it, by operationId. */
export type QueryOf<K extends keyof Contracts> = ContractQueryInput<Contracts[K]>;
/** A route's success answer, by operationId: `ResultOf<'webMemberProfile'>`. */
export type ResultOf<K extends keyof Contracts> = ContractResult<Contracts[K]>;

/** The members' app's routes (below /m/api) are not the staff app's to call. */
const mountPrefix: Record<RouteContract['mount'], string | null> = { api: '/v1', web: '', member: null };

/** The contract's path below /app/api, with its params filled in and its query appended. */
export function contractPath(contract: RouteContract, input: { params?: unknown; query?: unknown } = {}): string {
  const prefix = mountPrefix[contract.mount];
  if (prefix === null) throw new Error(`${contract.operationId} is a route of the members' app, not the staff app's`);
  return prefix + pathBelowMount(contract, input);
}

/** Calls the route `contract` describes; answers its success body, or throws ApiRequestError. */
export function call<C extends RouteContract>(contract: C, ...[input]: OptionalInput<C>): Promise<ContractResult<C>> {
  const options: Parameters<typeof http.request>[1] = { method: contract.method };
  if (input?.body !== undefined) options.body = input.body;
  if (input?.signal) options.signal = input.signal;
  if (input?.idempotencyKey) options.idempotencyKey = input.idempotencyKey;
  return http.request(contractPath(contract, input), options) as Promise<ContractResult<C>>;
}

/** A query's cache key: the contract's operationId, then what it was asked with. */
export function contractKey<C extends RouteContract>(contract: C, ...[input]: OptionalInput<C>): readonly [string, { params?: unknown; query?: unknown }] {
  return [contract.operationId, { params: input?.params, query: input?.query }] as const;
}

/** Marks every cached answer of these contracts stale (whatever their input), so the screens read them again. */
export function invalidateContracts(client: QueryClient, contracts: readonly RouteContract[]): Promise<void> {
  const operations = new Set(contracts.map((contract) => contract.operationId));
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && operations.has(query.queryKey[0]) });
}

type QueryOptions<C extends RouteContract> = Omit<UseQueryOptions<ContractResult<C>, Error, ContractResult<C>, ReturnType<typeof contractKey>>, 'queryKey' | 'queryFn'>;

/** A read over a contract, cached under `contractKey`. */
export function useContractQuery<C extends RouteContract>(contract: C, input: CallInput<C>, options: QueryOptions<C> = {}) {
  const key = (contractKey as (contract: C, input: CallInput<C>) => ReturnType<typeof contractKey>)(contract, input);
  return useQuery({
    ...options,
    queryKey: key,
    queryFn: ({ signal }) => (call as (contract: C, input: CallInput<C> & CallOptions) => Promise<ContractResult<C>>)(contract, { ...input, signal }),
  });
}

/** A write over a contract: the mutation's variables are the call's input (and options). */
export function useContractMutation<C extends RouteContract>(contract: C, options: { onSuccess?: (result: ContractResult<C>, input: CallInput<C> & CallOptions) => unknown } = {}) {
  return useMutation({
    mutationFn: (input: CallInput<C> & CallOptions) => (call as (contract: C, input: CallInput<C> & CallOptions) => Promise<ContractResult<C>>)(contract, input),
    ...(options.onSuccess && { onSuccess: options.onSuccess }),
  });
}
