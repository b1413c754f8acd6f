#!/usr/bin/env node
// `npm run kiosk` (a development launcher, through tsx): bundles the Electron app, then starts it.
import { register } from 'tsx/esm/api';

register();
await import('../src/build/launch-electron.ts');
