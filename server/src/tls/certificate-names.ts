import { hostname, networkInterfaces } from 'node:os';

export interface CertificateNames {
  dns: string[];
  ips: string[];
}

/**
 * The names a client may use for this machine, for a self-signed certificate's subject alternative
 * names: what a browser or `curl --cacert` checks. A pinned agent compares the fingerprint only,
 * so an address that changes later breaks nothing for agents. IPv6 link-local addresses are left
 * out: a URL needs their zone, which a certificate cannot name.
 */
export function machineNames(host: string = hostname(), interfaces = networkInterfaces()): CertificateNames {
  const dns = new Set(['localhost']);
  if (host !== '' && host !== 'localhost') dns.add(host);
  const ips = new Set(['127.0.0.1', '::1']);
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.internal || address.address.toLowerCase().startsWith('fe80:')) continue;
      ips.add(address.address);
    }
  }
  return { dns: [...dns], ips: [...ips] };
}
