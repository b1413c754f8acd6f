/** Stable codes for what the device layer refuses or fails to do; the gate logs and maps them. */
export type DeviceErrorCode = 'RELAY_NOT_CONNECTED' | 'RELAY_PULSE_OUT_OF_RANGE' | 'RELAY_WRITE_FAILED' | 'RELAY_WRITE_TIMEOUT' | 'RELAY_STATE_MISMATCH';

export class DeviceError extends Error {
  override name = 'DeviceError';

  constructor(
    readonly code: DeviceErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
