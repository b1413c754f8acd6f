/** True when `error` is a unique or primary-key violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a lock wait outlasted the transaction's limit (row-locks.ts limitLockWait); Postgres only. */
export function isLockWaitTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '55P03';
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_IOERR',
]);

/** True when the database is unreachable or out of room: the request may succeed if retried. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // pg gives no code when a connection dies under a client, when a client that lost it is used
  // again, or when a request still queued on the pool meets the pool ended by a server stopping.
  if (typeof code !== 'string') return /Connection terminated|is not queryable|Cannot use a pool after calling end/i.test(String((error as Error)?.message));
  return unavailableCodes.has(code) || code.startsWith('SQLITE_IOERR');
}

/** True when the database refused a write for want of space: SQLite's SQLITE_FULL, Postgres's disk_full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === '53100';
}

/** True when a write broke a foreign key (a row still references the one deleted), on either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
