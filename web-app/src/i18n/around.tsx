import type { ReactNode } from 'react';

/** Stands for a value that is an element, not text, while a message is translated; no catalog holds it. */
export const slot = '\u0000';

/**
 * A translated message (filled with `slot` for one value) with that value an element: a device id
 * that must not break at its hyphen, a list of such. The text either side stays the catalog's.
 */
export function around(message: string, node: ReactNode): ReactNode {
  const [before = '', after = ''] = message.split(slot);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

/** A name that stays on one line ("north-turnstile", never "north-" over "turnstile"). */
export function Unbroken({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
