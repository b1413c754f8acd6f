import { ApiError } from '@studio/shared';
import type { ImportRun } from '@studio/shared/schemas/web-import';
import { toIso, type Clock } from '../../clock/time.js';
import type { ImportProgress } from './importer.js';

/**
 * The imports a server is running, one per company at a time, and where each stands: what the web
 * app's import page polls while its dry run or commit runs (`GET /app/api/import/progress`). A
 * second import of the same company while one runs is refused (409 `import_in_progress`): one
 * owner's double click starts one worker, not two.
 */
export class ImportJobs {
  readonly #running = new Map<string, ImportRun>();

  constructor(private readonly clock: Clock) {}

  current(companyId: string): ImportRun | null {
    return this.#running.get(companyId) ?? null;
  }

  async run<T>(companyId: string, kind: ImportRun['kind'], work: (onProgress: (progress: ImportProgress) => void) => Promise<T>): Promise<T> {
    if (this.#running.has(companyId)) {
      throw new ApiError('import_in_progress', 'An import of this business is already running. Wait until it has finished (the import page shows how far it is), then try again.');
    }
    const run: ImportRun = { kind, phase: 'reading', rows_written: 0, rows_total: 0, started_at: toIso(this.clock()) };
    this.#running.set(companyId, run);
    try {
      return await work((progress) => Object.assign(run, progress));
    } finally {
      this.#running.delete(companyId);
    }
  }
}
