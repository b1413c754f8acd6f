import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { appDir, buildKioskApp } from './build-kiosk-app.js';

/*
 * `npm run kiosk`: builds the app and starts Electron on it, when Electron is installed;
 * `--build-only` just builds (for electron-builder). Electron is an optional dependency (its binary
 * is downloaded at install time, which fails offline), so without it this says what to do instead.
 */
function electronBinary(): string | null {
  try {
    // The `electron` package's main export is the path of the binary it downloaded.
    const binary: unknown = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' ? binary : null;
  } catch {
    return null;
  }
}

if (process.argv.includes('--build-only')) {
  const files = await buildKioskApp();
  console.log(`kiosk app built in ${appDir}: ${files.join(', ')}`);
  process.exit(0);
}

const binary = electronBinary();
if (!binary) {
  console.error(
    [
      'Electron is not installed: it is an optional dependency of kiosk-ui and its binary could not be downloaded here.',
      '  - where Electron can be downloaded: npm install electron -w kiosk-ui, then npm run kiosk again;',
      '  - or use any browser in kiosk mode on the page the agent serves, e.g.',
      '      chromium --kiosk http://127.0.0.1:8787/kiosk/',
    ].join('\n'),
  );
  process.exit(1);
}

await buildKioskApp();
const packageDir = fileURLToPath(new URL('../../', import.meta.url));
const child = spawn(binary, [packageDir], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
console.error(`kiosk app built in ${appDir}; Electron started`);
