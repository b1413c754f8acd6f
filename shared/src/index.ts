export * from './errors/index.js';
export * from './schemas/index.js';
export * from './eligibility/index.js';
export * from './credentials/index.js';
export * from './people/display-name.js';
