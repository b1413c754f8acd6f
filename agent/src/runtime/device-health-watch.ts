import type { Device, DeviceHealth } from '../devices/types.js';
import type { EventBus } from './events.js';

/**
 * The device ports report health by polling (`health()`); this turns state changes into
 * `device-health` events for the kiosk stream and the log.
 */
export function watchDeviceHealth(devices: readonly Device[], bus: EventBus, now: () => Date, intervalMs = 1000): () => void {
  const last = new Map<string, DeviceHealth['state']>();
  const check = () => {
    for (const device of devices) {
      const health = device.health();
      if (last.get(device.id) === health.state) continue;
      last.set(device.id, health.state);
      bus.emit('device-health', { at: now().toISOString(), device: health });
    }
  };
  check();
  const timer = setInterval(check, intervalMs);
  return () => clearInterval(timer);
}
