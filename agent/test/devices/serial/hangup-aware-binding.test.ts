import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@studio/testkit/agent/test-agent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrHangUp, type ReadablePortBinding } from '../../../src/devices/serial/hangup-aware-binding.js';

/**
 * A tty whose device is gone answers every read with 0 bytes; serialport's own read retried that
 * at once, for ever (serialport/bindings-cpp#162). A file at its end reads 0 bytes the same way,
 * without needing a device to vanish on cue.
 */
describe('a serial read where 0 bytes means the device hung up', () => {
  let temp: ReturnType<typeof tempDir>;
  let fd: number;
  const port = (overrides: Partial<ReadablePortBinding> = {}): ReadablePortBinding => ({
    fd,
    isOpen: true,
    poller: { once: () => undefined },
    read: async () => ({ bytesRead: 0, buffer: Buffer.alloc(0) }),
    ...overrides,
  });

  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => {
    closeSync(fd);
    temp.remove();
  });

  it('answers the bytes there are, then a disconnect at the end instead of spinning', async () => {
    const file = join(temp.dir, 'tty');
    writeFileSync(file, 'AB');
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(8);
    expect(await readOrHangUp(port(), buffer, 0, 8)).toMatchObject({ bytesRead: 2 });
    expect(buffer.subarray(0, 2).toString()).toBe('AB');
    await expect(readOrHangUp(port(), buffer, 0, 8)).rejects.toMatchObject({ disconnect: true, code: 'EOF' });
  });

  it('a closed port is a cancelled read, not a disconnect', async () => {
    fd = openSync(join(temp.dir, 'tty'), 'w+');
    await expect(readOrHangUp(port({ isOpen: false }), Buffer.alloc(1), 0, 1)).rejects.toMatchObject({ canceled: true });
  });

  it('never polls a port that closed while its read was waiting for data (its poller is destroyed: polling it crashed the process)', async () => {
    // A FIFO with a writer and no data: a non-blocking read answers EAGAIN, as an idle tty does.
    const fifo = join(temp.dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    let opened = true;
    let polled = 0;
    const closingPort: ReadablePortBinding = {
      fd,
      get isOpen() {
        const wasOpen = opened;
        opened = false; // the port closes while the first read is in flight
        return wasOpen;
      },
      poller: {
        once: (_event, listener) => {
          polled++;
          listener(new Error('polled a closed port'));
        },
      },
      read: async () => ({ bytesRead: 0, buffer: Buffer.alloc(0) }),
    };
    try {
      await expect(readOrHangUp(closingPort, Buffer.alloc(1), 0, 1)).rejects.toMatchObject({ canceled: true });
      expect(polled).toBe(0);
    } finally {
      closeSync(writer);
    }
  });
});
