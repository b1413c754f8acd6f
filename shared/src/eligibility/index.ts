export * from './decide.js';
export * from './rules.js';
export { localClock, type LocalClock } from './local-clock.js';
export * from './checkin-window.js';
export * from './door-entry.js';
