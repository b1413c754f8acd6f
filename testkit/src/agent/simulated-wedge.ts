import { EventEmitter } from 'node:events';
import type { HidDevice, HidOpener, HidTarget } from '@studio/agent/src/devices/hid/hid-device.js';

/**
 * A 2D imager in USB keyboard mode, as the agent's hid-wedge driver reads it: boot-keyboard input
 * reports of HID usage codes (US positions, whatever the host's layout), each key pressed and
 * released, then Enter. Types what a phone pass or a card number holds: letters, digits, `-`, `:`.
 */
const enter = 0x28;
const shift = 0x02;

function keyOf(char: string): { usage: number; shifted: boolean } {
  if (/^[A-Z]$/.test(char)) return { usage: 0x04 + char.charCodeAt(0) - 0x41, shifted: true };
  if (/^[a-z]$/.test(char)) return { usage: 0x04 + char.charCodeAt(0) - 0x61, shifted: false };
  if (char === '0') return { usage: 0x27, shifted: false };
  if (/^[1-9]$/.test(char)) return { usage: 0x1e + Number(char) - 1, shifted: false };
  if (char === '-') return { usage: 0x2d, shifted: false };
  if (char === ':') return { usage: 0x33, shifted: true };
  throw new Error(`the simulated scanner cannot type ${JSON.stringify(char)}`);
}

const report = (usage: number, modifiers: number) => Buffer.from([modifiers, 0, usage, 0, 0, 0, 0, 0]);

class SimulatedWedgeDevice extends EventEmitter implements HidDevice {
  async sendFeatureReport(data: number[] | Buffer): Promise<number> {
    return data.length;
  }
  async getFeatureReport(_reportId: number, length: number): Promise<Buffer> {
    return Buffer.alloc(length);
  }
  async close(): Promise<void> {
    this.removeAllListeners('data');
  }
}

export class SimulatedWedge implements HidOpener {
  private device: SimulatedWedgeDevice | null = null;

  async open(_target: HidTarget): Promise<HidDevice> {
    this.device = new SimulatedWedgeDevice();
    return this.device;
  }

  /** Types `text` and Enter, as the scanner does on reading a code. */
  type(text: string): void {
    const device = this.device;
    if (!device) throw new Error('the agent has not opened the simulated scanner');
    for (const char of text) {
      const key = keyOf(char);
      device.emit('data', report(key.usage, key.shifted ? shift : 0));
      device.emit('data', report(0, 0));
    }
    device.emit('data', report(enter, 0));
    device.emit('data', report(0, 0));
  }
}
