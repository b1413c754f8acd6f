// How a host serves the built kiosk renderer: the agent in a browser's kiosk mode, and the Electron shell.
export { contentSecurityPolicy } from './content-security-policy.js';
export { readRendererDir, type RendererFile } from './renderer-files.js';
