#!/usr/bin/env node
// `npm run build`: writes the kiosk renderer to kiosk-ui/dist/renderer/, the files the agent serves at /kiosk/.
import { register } from 'tsx/esm/api';

register();
const { buildRenderer } = await import('../src/build/build-renderer.ts');
const { builtRendererDir } = await import('../src/build/renderer-location.ts');
const files = await buildRenderer();
console.log(`kiosk renderer built in ${builtRendererDir}: ${files.join(', ')}`);
