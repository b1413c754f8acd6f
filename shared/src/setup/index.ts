export * from './fields.js';
export * from './inputs.js';
export * from './location-settings.js';
export * from './views.js';
