import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineNames, type CertificateNames } from './certificate-names.js';
import { makeSelfSignedCertificate, type KeyAndCertificate } from './self-signed.js';
import { TlsError, type TlsSetting } from './tls-setting.js';

/** What the server listens with, and what an operator needs to know of it. */
export interface ServerTls extends KeyAndCertificate {
  /** SHA-256, `AB:CD:…`: what an agent pins as `server.tls_fingerprint`. */
  fingerprint: string;
  certFile: string;
  validTo: Date;
  /** The certificate was made by this call (first start with TLS=self-signed). */
  made: boolean;
}

/** Where a self-signed certificate and its key are kept. */
export function selfSignedFiles(dir: string): { certFile: string; keyFile: string } {
  return { certFile: join(dir, 'tls-cert.pem'), keyFile: join(dir, 'tls-key.pem') };
}

function readPem(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new TlsError(`cannot read the TLS ${what} ${file}: ${(error as Error).message}`);
  }
}

/** The pair as Node will serve it: both parse, and the key is the certificate's. */
function checkedPair(pair: KeyAndCertificate, certFile: string, keyFile: string, made: boolean): ServerTls {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pair.cert);
  } catch (error) {
    throw new TlsError(`${certFile} is not a PEM certificate: ${(error as Error).message}`);
  }
  let matches: boolean;
  try {
    matches = certificate.checkPrivateKey(createPrivateKey(pair.key));
  } catch (error) {
    throw new TlsError(`${keyFile} is not a PEM private key (or is encrypted): ${(error as Error).message}`);
  }
  if (!matches) throw new TlsError(`the key ${keyFile} does not belong to the certificate ${certFile}`);
  return { ...pair, fingerprint: certificate.fingerprint256, certFile, validTo: new Date(certificate.validTo), made };
}

/** Written beside the target, then renamed: a crash never leaves half a file under the real name. */
function writeAtomically(file: string, text: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode });
  chmodSync(temporary, mode);
  renameSync(temporary, file);
}

async function selfSigned(dir: string, now: () => Date, names: () => CertificateNames): Promise<ServerTls> {
  const { certFile, keyFile } = selfSignedFiles(dir);
  if (existsSync(certFile)) {
    if (!existsSync(keyFile))
      throw new TlsError(`${certFile} is there but its key ${keyFile} is not: restore the key, or remove both to make a new certificate (agents then need the new fingerprint)`);
    // The key is this server's own: only its user may read it, whatever an older copy or umask left.
    chmodSync(keyFile, 0o600);
    return checkedPair({ key: readPem(keyFile, 'key'), cert: readPem(certFile, 'certificate') }, certFile, keyFile, false);
  }
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pair = await makeSelfSignedCertificate(names(), now());
  // The key first: the certificate's presence means the pair is complete (a lone key is replaced).
  writeAtomically(keyFile, pair.key, 0o600);
  writeAtomically(certFile, pair.cert, 0o644);
  return checkedPair(pair, certFile, keyFile, true);
}

export interface ServerTlsOptions {
  now?: () => Date;
  /** The subject alternative names of a new self-signed certificate; default this machine's. */
  names?: () => CertificateNames;
}

/** The certificate and key to serve with, null for plain HTTP; a self-signed one is made on first use. */
export async function loadServerTls(setting: TlsSetting, options: ServerTlsOptions = {}): Promise<ServerTls | null> {
  switch (setting.kind) {
    case 'off':
      return null;
    case 'given':
      return checkedPair({ key: readPem(setting.keyFile, 'key'), cert: readPem(setting.certFile, 'certificate') }, setting.certFile, setting.keyFile, false);
    case 'self-signed':
      return selfSigned(setting.dir, options.now ?? (() => new Date()), options.names ?? (() => machineNames()));
  }
}
