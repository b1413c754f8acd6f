import type { CSSProperties } from 'react';

/** A header or cell kept on one line: a date, a short label, a number with its unit. */
export const nowrap: CSSProperties = { whiteSpace: 'nowrap' };
