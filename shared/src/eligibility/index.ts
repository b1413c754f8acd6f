export * from './decide.js';
export * from './rules.js';
