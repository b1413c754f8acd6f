import type { ContractBodyInput, ContractParamsInput, ContractQueryInput, RouteContract } from './contract.js';

/**
 * What a caller of a contract sends, and where: the one shape both browser apps' typed calls take
 * (web-app/src/api/call.ts, member-app/src/api/call.ts), so a path, an input and an answer come from
 * the object the server implements.
 */

/** A part of the input is required when the contract has it and `{}` would not do; absent when it has none. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call sends: the contract's params, query and body (their schemas' input types). */
export type CallInput<C extends RouteContract> = Part<'params', ContractParamsInput<C>> & Part<'query', ContractQueryInput<C>> & Part<'body', ContractBodyInput<C>>;

/** The contract's path below its mount's prefix, its params filled in and its query appended. */
export function pathBelowMount(contract: RouteContract, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(name, String(value));
  }
  const search = query.toString();
  return path + (search ? `?${search}` : '');
}
