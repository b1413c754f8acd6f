/** Card frames built the way the modules send them (docs/hardware.md §1.2.1, §1.2.2), for tests and emulators. */

function xorOf(dataHex: string): number {
  let xor = 0;
  for (let i = 0; i < dataHex.length; i += 2) xor ^= Number.parseInt(dataHex.slice(i, i + 2), 16);
  return xor;
}

function hex2(value: number): string {
  return value.toString(16).toUpperCase().padStart(2, '0');
}

/** RDM6300 14-byte frame; `checksum` overrides the correct one. */
export function rdm6300Frame(dataHex: string, checksum = xorOf(dataHex)): Buffer {
  return Buffer.concat([Buffer.from([0x02]), Buffer.from(dataHex + hex2(checksum), 'latin1'), Buffer.from([0x03])]);
}

/** The 13-byte variant with a binary checksum byte (membermatters/urdm6300). */
export function rdm6300BinaryFrame(dataHex: string, checksum = xorOf(dataHex)): Buffer {
  return Buffer.concat([Buffer.from([0x02]), Buffer.from(dataHex, 'latin1'), Buffer.from([checksum, 0x03])]);
}

/** ID-12LA 16-byte frame: STX, 10 data + 2 checksum hex, CR LF, ETX. */
export function id12laFrame(dataHex: string, checksum = xorOf(dataHex)): Buffer {
  return Buffer.concat([Buffer.from([0x02]), Buffer.from(dataHex + hex2(checksum), 'latin1'), Buffer.from([0x0d, 0x0a, 0x03])]);
}
