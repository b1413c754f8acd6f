#!/usr/bin/env node
// `npm run kiosk`: the TypeScript launcher through tsx, as the studio and agent commands run.
import { register } from 'tsx/esm/api';

register();
await import('../src/build/launch-electron.ts');
