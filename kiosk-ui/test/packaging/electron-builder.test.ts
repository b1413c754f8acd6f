import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { appDir, buildKioskApp } from '../../src/build/build-kiosk-app.ts';

// electron-builder cannot run here (it downloads Electron); this checks what it would be given.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const kioskPackage = readJson(join(root, 'kiosk-ui/package.json'));
const rootPackage = readJson(join(root, 'package.json'));

describe('electron-builder.yml', () => {
  it('builds AppImage and deb for x64 and arm64', () => {
    expect(config.linux.target).toEqual([
      { target: 'AppImage', arch: ['x64', 'arm64'] },
      { target: 'deb', arch: ['x64', 'arm64'] },
    ]);
    expect(config.appId).toBe('org.studio-checkin.kiosk');
    expect(config.linux.desktop.entry.Name).toBe('Studio Kiosk');
    expect(config.deb.depends).toEqual(expect.arrayContaining(['libusb-1.0-0', 'libudev1']));
  });

  it('names only paths that exist, and packs the app the build writes', async () => {
    // The root package is the app (see electron-builder.yml).
    expect(config.directories.app).toBe('.');
    const app = root;
    for (const resource of config.extraResources) expect(existsSync(join(root, resource.from)), resource.from).toBe(true);
    // The app's entry is what the build writes, inside the folder `files` packs.
    const built = relative(app, appDir);
    expect(built).toBe(join('kiosk-ui', 'dist', 'app'));
    expect(config.files).toEqual(['package.json', `${built}/**/*`]);
    expect(config.extraMetadata.main).toBe(`${built}/main.mjs`);
    // `npm run kiosk` starts Electron on kiosk-ui itself, at the same entry.
    expect(join('kiosk-ui', kioskPackage.main)).toBe(join(built, 'main.mjs'));
    const out = await mkdtemp(join(tmpdir(), 'kiosk-app-'));
    try {
      const written = await buildKioskApp(out);
      expect(written).toEqual(expect.arrayContaining(['main.mjs', 'preload.cjs', 'renderer/index.html', 'renderer/app.js', 'renderer/app.css']));
      for (const file of written) expect(existsSync(join(out, file)), file).toBe(true);
      // The sandboxed preload may require nothing but electron.
      const requires = readFileSync(join(out, 'preload.cjs'), 'utf8').match(/require\("[^"]+"\)/g) ?? [];
      expect(new Set(requires)).toEqual(new Set(['require("electron")']));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('packs the agent, the server and the kiosk with the native modules they load, rebuilt for Electron', () => {
    expect(config.npmRebuild).toBe(true);
    expect(config.buildDependenciesFromSource).toBe(true);
    expect(config.asarUnpack).toContain('**/*.node');
    // The app's production dependencies, followed through the workspaces: what electron-builder packs.
    const manifests = new Map<string, Record<string, Record<string, string> | undefined>>();
    for (const dir of rootPackage.workspaces as string[]) {
      const manifest = readJson(join(root, dir, 'package.json'));
      manifests.set(manifest.name, manifest);
    }
    const packed = new Set<string>();
    const pack = (names: string[]) => {
      for (const name of names.filter((n) => !packed.has(n))) {
        packed.add(name);
        const manifest = manifests.get(name);
        if (manifest) pack(Object.keys(manifest.dependencies ?? {}));
      }
    };
    pack(Object.keys(rootPackage.dependencies));
    for (const name of ['@studio/one-box', '@studio/agent', '@studio/server', '@studio/kiosk-ui', '@studio/shared', 'pino']) expect(packed.has(name), name).toBe(true);
    // The test kit and the bundler are for development: not in the app.
    expect(packed.has('@studio/testkit')).toBe(false);
    expect([...packed].filter((name) => manifests.has(name) && Object.keys(manifests.get(name)!.dependencies ?? {}).includes('esbuild'))).toEqual([]);
    for (const native of ['better-sqlite3', 'node-hid', 'serialport']) expect(packed.has(native), native).toBe(true);
    // Electron is the runtime, not a module in the app; it stays optional so installs succeed offline.
    expect(packed.has('electron')).toBe(false);
    expect(kioskPackage.optionalDependencies).toHaveProperty('electron');
  });
});
