import { SerialPortMock } from 'serialport';

// `@serialport/binding-mock`'s ESM entry ships no types under NodeNext; serialport re-exposes the
// same object (SerialPortMock's binding) with its types.
export const MockBinding = SerialPortMock.binding;
type MockPortBinding = Awaited<ReturnType<typeof MockBinding.open>>;
type SetFlags = Parameters<MockPortBinding['set']>[0];
type ModemStatus = Awaited<ReturnType<MockPortBinding['get']>>;

export interface BindingHooks {
  /** Replaces the mock's `get()` (which always answers `cts: true`; docs/hardware.md §2.3). */
  get?: () => ModemStatus;
  /** Runs before each write reaches the mock; throw to fail it. */
  beforeWrite?: (bytes: Buffer) => void;
}

/**
 * `MockBinding` wrapped to record what the drivers do that the mock ignores (docs/hardware.md §4.3):
 * every `set()` flag object, every opened port; optionally a scripted `get()` and failing writes.
 */
export function wrappedMockBinding(hooks: BindingHooks = {}) {
  const sets: SetFlags[] = [];
  const ports: MockPortBinding[] = [];
  const binding = {
    ...MockBinding,
    async open(options: Parameters<typeof MockBinding.open>[0]) {
      const port = await MockBinding.open(options);
      ports.push(port);
      const set = port.set.bind(port);
      port.set = async (flags) => {
        sets.push({ ...flags });
        return set(flags);
      };
      const write = port.write.bind(port);
      port.write = async (bytes) => {
        hooks.beforeWrite?.(bytes);
        return write(bytes);
      };
      if (hooks.get) {
        const get = hooks.get;
        port.get = async () => get();
      }
      return port;
    },
  };
  return { binding, sets, ports, lastPort: () => ports.at(-1) };
}
