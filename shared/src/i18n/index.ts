export * from './languages.ts';
export * from './translator.ts';
