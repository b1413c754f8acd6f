export * from './codes.js';
export * from './api-error.js';
export * from './validation.js';
export * from './json-depth.js';
