#!/usr/bin/env node
// What `npm test` needs besides Node and npm packages, checked before the first test runs so that a
// missing program is one line saying how to get it, not a stack trace from deep inside a suite.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const installHint = 'run `bash .ci/run` once, or `apt-get install -y socat chromium libusb-1.0-0`';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(program, pathVariable) {
  return (pathVariable ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, program)));
}

function hasLibusb() {
  try {
    return execFileSync('ldconfig', ['-p'], { encoding: 'utf8' }).includes('libusb-1.0.so.0');
  } catch {
    return false;
  }
}

/** The missing prerequisites, each as the one line a person needs; empty when all are there. */
export function missingPrerequisites(env = process.env, libusbPresent = hasLibusb) {
  const chromium = env.KIOSK_TEST_CHROMIUM ?? '/usr/bin/chromium';
  const missing = [];
  if (!executable(chromium)) missing.push(`Chromium not found at ${chromium} (the kiosk and web app are tested in it; set KIOSK_TEST_CHROMIUM to use another)`);
  if (!onPath('socat', env.PATH)) missing.push('socat not found on PATH (serial readers and relays are tested on its pseudo-terminals)');
  if (!libusbPresent()) missing.push('libusb-1.0 not found (node-hid loads it)');
  return missing;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const missing = missingPrerequisites();
  for (const line of missing) console.error(`npm test cannot run: ${line}; ${installHint}.`);
  process.exitCode = missing.length > 0 ? 1 : 0;
}
