/** Network facts the server, the agent and the kiosk shell share, without the API client's dependencies. */
export { normaliseFingerprint } from './fingerprint.js';
export { isLoopbackHost } from './loopback.js';
