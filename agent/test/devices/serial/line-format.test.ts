import { describe, expect, it } from 'vitest';
import { LineAssembler, maxLineLength, type LineEnding } from '../../../src/devices/serial/line-assembler.js';
import { extractIdentifier, lineFormat } from '../../../src/devices/serial/line-format.js';

/** Feeds chunks (one ms apart) through a LineAssembler and collects the lines it ends. */
function lines(chunks: string[], ending: LineEnding = 'any'): string[] {
  const assembler = new LineAssembler(ending);
  return chunks.flatMap((chunk, index) => assembler.push(Buffer.from(chunk, 'latin1'), index).lines.map((line) => line.text));
}

describe('line assembly', () => {
  it('reassembles lines split across chunks, CR LF or LF, and trims them', () => {
    const received = lines(['00093', '34109\r', '\n0013961168\n', '  142,27997 \r\n']);
    const format = lineFormat('any');
    expect(received.map((line) => extractIdentifier(line, format))).toEqual(['0009334109', '0013961168', '142,27997']);
  });

  it('any: CR, LF and CR LF each end one line, also a CR LF split between chunks', () => {
    expect(lines(['0009334109\r', '\n0013961168\r', '142,27997\n', '\r\n\n'])).toEqual(['0009334109', '0013961168', '142,27997']);
  });

  it('a fixed ending waits for exactly that ending; the rest stays pending for the idle gap', () => {
    expect(lines(['0009334109\r', '\n0013961168\r\n'], 'crlf')).toEqual(['0009334109', '0013961168']);
    expect(lines(['0009334109\r0013961168\r'], 'cr')).toEqual(['0009334109', '0013961168']);
    const assembler = new LineAssembler('lf');
    expect(assembler.push(Buffer.from('0009334109\r'), 0).lines).toEqual([]);
    expect(assembler.hasPending()).toBe(true);
    expect(assembler.flush()).toEqual({ text: '0009334109\r', startedAt: 0 });
    expect(assembler.hasPending()).toBe(false);
    expect(assembler.flush()).toBeNull();
  });

  it('a line starts when its first byte arrives, even in the chunk that ended the one before', () => {
    const assembler = new LineAssembler('any');
    expect(assembler.push(Buffer.from('00093'), 10).lines).toEqual([]);
    expect(assembler.push(Buffer.from('34109\n00139'), 250).lines).toEqual([{ text: '0009334109', startedAt: 10 }]);
    expect(assembler.push(Buffer.from('61168\n'), 900).lines).toEqual([{ text: '0013961168', startedAt: 250 }]);
  });

  it('a run longer than any card line is counted once and dropped up to its line end', () => {
    const assembler = new LineAssembler('any');
    const garbage = Buffer.alloc(maxLineLength * 3, 0x55);
    expect(assembler.push(garbage, 0)).toEqual({ lines: [], overlong: 1 });
    expect(assembler.push(Buffer.from('tail\r0009334109\r'), 1)).toEqual({ lines: [{ text: '0009334109', startedAt: 1 }], overlong: 0 });
  });
});

describe('line-based reader formats', () => {
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
