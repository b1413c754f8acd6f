/** `failing`: the database takes no write (the watchdog stops feeding); `degraded`: works, but needs a look. */
export type HealthStatus = 'ok' | 'degraded' | 'failing';

/** The one rule of GET /health's status, over what each part of the agent says needs a look. */
export function healthStatus(databaseWritable: boolean, needsLook: readonly boolean[]): HealthStatus {
  if (!databaseWritable) return 'failing';
  return needsLook.some(Boolean) ? 'degraded' : 'ok';
}
