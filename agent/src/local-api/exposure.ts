import { isLoopbackHost } from '@studio/shared/network';

/**
 * What an operator must hear when the local API listens beyond loopback (`local_api.host:
 * 0.0.0.0`, a LAN address or a name): it has no authentication, so anyone who can reach the box
 * reads the health report, the metrics and the live decision stream (first names and reasons).
 * The config allows it (a LAN scraper, say) unless the kiosk is on; the agent says so at start and
 * in GET /health's `warnings`, so it is never silent. Null on loopback.
 */
export function networkExposure(host: string, port: number): string | null {
  if (isLoopbackHost(host)) return null;
  return (
    `the local API listens on ${host}:${port} and is reachable from the network, without authentication: anyone who can reach this box reads /health, /metrics and ` +
    `the live /events stream. Set local_api.host to 127.0.0.1 to keep it on this box, or let a firewall admit only trusted hosts to port ${port}.`
  );
}
