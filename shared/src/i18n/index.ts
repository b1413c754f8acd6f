export * from './languages.ts';
export * from './translator.ts';
export * from './arguments.ts';
