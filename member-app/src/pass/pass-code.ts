/**
 * The pass's code in the browser: the same function the doors check with (@studio/shared/pass,
 * WebCrypto only), and its QR code, SVG, in the alphanumeric mode the payload is made for.
 */
import { passPayload, passStep, passStepSeconds } from '@studio/shared/pass';
import QRCode from 'qrcode';
import type { StoredPass } from './pass-store.ts';

export interface ShownCode {
  payload: string;
  svg: string;
  /** When the next code starts, by the phone's clock. */
  nextAt: number;
}

function keyBytes(memberKey: string): Uint8Array {
  const base64 = memberKey.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** The code at the phone's moment `now`, on the server's clock as last seen. */
export async function codeAt(pass: StoredPass, now: number): Promise<ShownCode> {
  const serverNow = now + pass.clock_offset_ms;
  const step = passStep(serverNow);
  const payload = await passPayload(keyBytes(pass.member_key), pass.contact_id, step);
  const svg = await QRCode.toString([{ data: payload, mode: 'alphanumeric' }], { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
  return { payload, svg, nextAt: (step + 1) * passStepSeconds * 1000 - pass.clock_offset_ms };
}
