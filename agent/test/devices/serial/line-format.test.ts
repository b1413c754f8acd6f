import { ReadlineParser } from '@serialport/parser-readline';
import { describe, expect, it } from 'vitest';
import { extractIdentifier, lineFormat } from '../../../src/devices/serial/line-format.js';

/** Feeds chunks through the real ReadlineParser and collects the lines it emits. */
async function lines(chunks: string[], delimiter = '\n'): Promise<string[]> {
  const parser = new ReadlineParser({ delimiter });
  const out: string[] = [];
  parser.on('data', (line: string) => out.push(line));
  for (const chunk of chunks) parser.write(Buffer.from(chunk, 'latin1'));
  await new Promise((resolve) => setImmediate(resolve));
  return out;
}

describe('line-based reader formats', () => {
  it('reassembles lines split across chunks, CR LF or LF, and trims them', async () => {
    const received = await lines(['00093', '34109\r', '\n0013961168\n', '  142,27997 \r\n']);
    const format = lineFormat('any');
    expect(received.map((line) => extractIdentifier(line, format))).toEqual(['0009334109', '0013961168', '142,27997']);
  });

  it('reassembles a CR LF delimiter split between chunks', async () => {
    expect(await lines(['0009334109\r', '\n0013961168\r\n'], '\r\n')).toEqual(['0009334109', '0013961168']);
  });

  it('decimal takes the first digit run, keeping leading zeros', () => {
    expect(extractIdentifier('ID:0009334109', lineFormat('decimal'))).toBe('0009334109');
    expect(extractIdentifier('no card', lineFormat('decimal'))).toBeNull();
  });

  it('hex takes 8 or more hex digits as printed', () => {
    expect(extractIdentifier('Card 0A008E6D5D', lineFormat('hex'))).toBe('0A008E6D5D');
    expect(extractIdentifier('008e6d5d', lineFormat('hex'))).toBe('008e6d5d');
    expect(extractIdentifier('ABC', lineFormat('hex'))).toBeNull();
  });

  it('w26 takes the facility and card as printed', () => {
    expect(extractIdentifier('W26: 142,27997', lineFormat('w26'))).toBe('142,27997');
    expect(extractIdentifier('142/27997', lineFormat('w26'))).toBe('142/27997');
    expect(extractIdentifier('0009334109', lineFormat('w26'))).toBeNull();
  });

  it('a custom pattern wins and its first group is the identifier', () => {
    const format = lineFormat('any', '^UID=([0-9A-F]+);');
    expect(extractIdentifier('UID=04A224B2;RSSI=40', format)).toBe('04A224B2');
    expect(extractIdentifier('RSSI=40', format)).toBeNull();
  });
});
