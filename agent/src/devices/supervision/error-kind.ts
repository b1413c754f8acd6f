/**
 * Why an open failed, in health terms. `unavailable` is "a system library or the device itself is
 * missing" (types.ts): retried quietly, it's the normal state of an unplugged reader. Anything else
 * (permissions, a locked port, a broken transfer) is `down`.
 */
const missingPatterns = [
  /no such file or directory/i, // serialport and node-hid opening an absent path (docs/hardware.md §3.1, §4.1)
  /no hid devices with requested vid\/pid/i, // node-hid by vendor/product id (docs/hardware.md §3.1)
  /port does not exist/i, // @serialport/binding-mock
  /cannot open shared object file/i, // ERR_DLOPEN_FAILED without libusb (docs/hardware.md §0.1)
];
const missingCodes = new Set(['ERR_DLOPEN_FAILED', 'ENOENT', 'ENODEV', 'ERR_MODULE_NOT_FOUND']);

export function openFailureState(error: unknown): 'unavailable' | 'down' {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (missingCodes.has(code)) return 'unavailable';
  return missingPatterns.some((pattern) => pattern.test(errorText(error))) ? 'unavailable' : 'down';
}

/** One line for health and logs. node-hid emits its read errors as plain strings (docs/hardware.md §3.2). */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
    return `${code}${error.message}`;
  }
  return String(error);
}
