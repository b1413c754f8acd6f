import { ApiError } from '@studio/shared';
import { parentPort } from 'node:worker_threads';
import { queriesThrough, type SharedQueries } from '../../db/worker-queries.js';
import { ImportError } from './import-problems.js';
import { dryRunImport, planBusinessImport, type DryRunReport, type ImportProgress, type PlannedImport } from './importer.js';

/**
 * The import's worker thread (import-job.ts starts it on first use and ends it when idle): for each
 * task it reads and checks the file, reading the database through the main thread
 * (db/worker-queries.ts), and answers the dry run's report or the checked import to write, tagged
 * with the task's id. The main thread meanwhile serves every other request.
 */
export interface ImportTask {
  id: number;
  task: 'dry-run' | 'plan';
  file: unknown;
  companyId?: string;
  again?: boolean;
  /** The import's time (epoch ms), read once by the main thread's clock. */
  now: number;
  queries: SharedQueries;
}

export type WorkerFailure = { kind: 'import'; problems: string[] } | { kind: 'api'; code: ApiError['code']; message: string; details?: Record<string, unknown> } | { kind: 'other'; message: string };

type WorkerAnswer = { type: 'progress'; progress: ImportProgress } | { type: 'dry-run'; report: DryRunReport } | { type: 'plan'; planned: PlannedImport } | { type: 'failed'; failure: WorkerFailure };
/** What the worker posts: an answer, tagged with the id of the task it belongs to. */
export type WorkerMessage = WorkerAnswer & { id: number };

function failureOf(error: unknown): WorkerFailure {
  if (error instanceof ImportError) return { kind: 'import', problems: error.problems };
  if (error instanceof ApiError) return { kind: 'api', code: error.code, message: error.message, ...(error.details && { details: error.details }) };
  return { kind: 'other', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

async function run(task: ImportTask): Promise<void> {
  const post = (answer: WorkerAnswer) => parentPort!.postMessage({ ...answer, id: task.id } satisfies WorkerMessage);
  const db = queriesThrough(task.queries);
  const options = {
    ...(task.companyId !== undefined && { companyId: task.companyId }),
    ...(task.again === true && { again: true }),
    clock: () => task.now,
    onProgress: (progress: ImportProgress) => post({ type: 'progress', progress }),
  };
  try {
    if (task.task === 'dry-run') post({ type: 'dry-run', report: await dryRunImport(db, task.file, options) });
    else post({ type: 'plan', planned: await planBusinessImport(db, task.file, options) });
  } catch (error) {
    post({ type: 'failed', failure: failureOf(error) });
  } finally {
    await db.close();
  }
}

parentPort?.on('message', (task: ImportTask) => void run(task));
