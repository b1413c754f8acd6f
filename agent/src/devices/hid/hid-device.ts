/**
 * The narrow slice of node-hid's `HIDAsync` the HID drivers use (docs/hardware.md §3.2, §7): tests pass a
 * fake device through `HidOpener` instead of touching node-hid.
 */
export interface HidDevice {
  /** Input reports (HIDAsync starts its read thread when the first `data` listener is added). */
  on(event: 'data', listener: (report: Buffer) => void): unknown;
  /** node-hid emits read failures (unplug) as a plain string, not an Error (docs/hardware.md §3.2). */
  on(event: 'error', listener: (error: unknown) => void): unknown;
  /** The first byte is the report id (0x00 when unnumbered). Resolves to the bytes written. */
  sendFeatureReport(data: number[] | Buffer): Promise<number>;
  getFeatureReport(reportId: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** A device by hidraw path (or libusb `bus:device:interface` path), or by USB ids. */
export type HidTarget = { path: string } | { vendorId: number; productId: number };

export interface HidOpener {
  open(target: HidTarget): Promise<HidDevice>;
}

export type NodeHidModule = Pick<typeof import('node-hid'), 'HIDAsync' | 'setDriverType'>;

export interface NodeHidOpenerOptions {
  /**
   * `libusb` detaches the kernel driver, which makes a keyboard-wedge reader exclusive to the agent
   * (its card numbers are no longer typed into the console or the kiosk; docs/hardware.md §0.2, §1.1.3).
   * It is process-wide: node-hid picks its backend once, at the first device call (docs/hardware.md
   * §3.1), and libusb paths look like `0001:0005:00`, not `/dev/hidrawN`.
   */
  driverType?: 'hidraw' | 'libusb';
  /** Replaces `import('node-hid')`; tests use it to simulate a missing libusb. */
  load?: () => Promise<NodeHidModule>;
}

/**
 * Opens devices through node-hid, imported lazily: node-hid's binding needs libusb-1.0 even in
 * hidraw mode and fails with `ERR_DLOPEN_FAILED` at the first call without it (docs/hardware.md §0.1).
 * That error rejects `open`, which the supervisor reports as `unavailable`; the agent keeps running.
 */
export function createNodeHidOpener(options: NodeHidOpenerOptions = {}): HidOpener {
  let loading: Promise<NodeHidModule> | null = null;
  const load = () => {
    loading ??= (options.load ?? importNodeHid)().then((hid) => {
      if (options.driverType) hid.setDriverType(options.driverType);
      return hid;
    });
    // A failed import is retried at the next open (the library may get installed meanwhile).
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  return {
    async open(target) {
      const hid = await load();
      return 'path' in target ? hid.HIDAsync.open(target.path) : hid.HIDAsync.open(target.vendorId, target.productId);
    },
  };
}

async function importNodeHid(): Promise<NodeHidModule> {
  const module = await import('node-hid');
  return (module as { default?: NodeHidModule }).default ?? module;
}
