/**
 * A database URL names Postgres by its scheme; anything else is a SQLite file path or `:memory:`.
 * The factory that opens either is `dialects/open.ts`: it sits above both dialects, which build on
 * this folder's types.
 */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}
