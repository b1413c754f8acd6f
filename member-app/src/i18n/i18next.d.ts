import 'i18next';
import type { english } from './english.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    keySeparator: false;
    resources: typeof english;
  }
}
