import { read } from 'node:fs';
import { promisify } from 'node:util';
import { SerialPort } from 'serialport';

const readAsync = promisify(read);

/** The slice of @serialport/bindings-cpp's port binding (LinuxPortBinding) a read needs. */
export interface ReadablePortBinding {
  readonly fd: number | null;
  readonly isOpen: boolean;
  readonly poller: { once(event: 'readable', listener: (error?: Error | null) => void): unknown };
  read(buffer: Buffer, offset: number, length: number): Promise<{ bytesRead: number; buffer: Buffer }>;
}

const waitsForData = new Set(['EAGAIN', 'EWOULDBLOCK', 'EINTR']);

/**
 * One read of a non-blocking tty, where 0 bytes means the device hung up. @serialport/bindings-cpp
 * 13 re-reads at once on 0 bytes, and a tty whose device is gone (a USB serial adapter pulled out,
 * a pty whose other side closed) answers 0 for ever: the process spins at full CPU, the stream
 * never errors, the port never closes, health stays `ok` and the supervisor never reconnects
 * (serialport/bindings-cpp#162, PR #164; found by `npm run chaos`). Here it is a disconnect: the
 * stream closes with a DisconnectedError and the supervisor reopens the device.
 */
export async function readOrHangUp(port: ReadablePortBinding, buffer: Buffer, offset: number, length: number): Promise<{ bytesRead: number; buffer: Buffer }> {
  for (;;) {
    if (!port.isOpen || port.fd === null) throw portClosed();
    let bytesRead: number;
    try {
      ({ bytesRead } = await readAsync(port.fd, buffer, offset, length, null));
    } catch (error) {
      if (!waitsForData.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      // The port may have closed while the read ran in the thread pool; polling a closed port's
      // destroyed poller is a native use-after-free that kills the process (seen as SIGSEGV in
      // Poller::poll when a device was unplugged mid-read), so check again, as bindings-cpp does.
      if (!port.isOpen) throw portClosed();
      await new Promise<void>((resolve, reject) => port.poller.once('readable', (pollError) => (pollError ? reject(pollError) : resolve())));
      continue;
    }
    if (bytesRead === 0) throw Object.assign(new Error('the device hung up (a read returned 0 bytes)'), { code: 'EOF', disconnect: true });
    return { bytesRead, buffer };
  }
}

function portClosed(): Error {
  return Object.assign(new Error('Port is not open'), { canceled: true });
}

// Opaque to us: serialport type-checks a binding where it takes one (its per-OS option types clash here).
const platform = SerialPort.binding as unknown as { list(): Promise<unknown>; open(options: unknown): Promise<unknown> };

/** The platform's binding with `readOrHangUp` as every opened port's read. */
export const hangupAwareBinding = {
  list: () => platform.list(),
  async open(options: unknown): Promise<unknown> {
    const port = (await platform.open(options)) as ReadablePortBinding;
    port.read = (buffer, offset, length) => readOrHangUp(port, buffer, offset, length);
    return port;
  },
};
