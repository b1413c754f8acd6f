/**
 * The typed client of the booking API, on undici.
 *
 *   const studio = createStudioClient({ baseUrl: 'http://127.0.0.1:3000/v1', apiKey });
 *   const contact = await studio.contacts.get(id);
 *   const { data, idempotencyKey } = await studio.contacts.create({ first_name: 'Ann' });
 *   for await (const service of studio.services.all({ location_id })) { ... }
 *   await studio.close();
 */
export { createStudioClient, defaultTimeoutMs, type StudioClient, type StudioClientOptions } from './studio-client.js';
export { ApiRequestError, InvalidResponseError, NetworkError, StudioClientError, type NetworkErrorCode, type RequestContext } from './errors.js';
export type { ApiResponse } from './response.js';
export type { CallOptions, KeyedCallOptions, RequestSpec, Requester } from './request.js';
export type { BodyOf, KeyedResponse, QueryOf } from './endpoints.js';
export { path } from './endpoints.js';
export type { HttpMethod, QueryParams } from './http.js';
export type { ClientLogger } from './logger.js';
export { CertificateMismatchError, pinnedCertificateAgent, type CertificateMismatch } from './pinned-certificate.js';
export { defaultBackoff, defaultRetries, type BackoffOptions } from './retry.js';
