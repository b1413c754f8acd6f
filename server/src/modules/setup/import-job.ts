import { ApiError } from '@studio/shared';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { systemClock, type Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { shareQueries } from '../../db/worker-queries.js';
import { ImportError } from './import-problems.js';
import type { ImportTask, WorkerFailure, WorkerMessage } from './import-worker.js';
import { writePlannedImport, type DryRunReport, type ImportSummary, type PlannedImport, type ProgressListener } from './importer.js';

/**
 * Dry runs and imports of a file off the main thread: the file is read and checked in a worker
 * thread (import-worker.ts), which reads the database through this thread's Db; a commit is then
 * written here, in one transaction of bounded statements (importer.ts, writePlannedImport). The
 * write stays on this thread's connection because SQLite has one writer: a worker writing on its
 * own connection would make this thread's writers wait on SQLite's busy handler, which sleeps and
 * blocks the whole event loop. The web app, `studio import` and `studio setup --import` import
 * this way; only the built-in demo business imports in-process. One worker serves the process
 * (ImportWorker), started on first use: a worker's start is most of a small dry run's time.
 */
export interface JobOptions {
  companyId?: string;
  again?: boolean;
  clock?: Clock;
  onProgress?: ProgressListener;
}

/** A heap bound for the worker: a hostile file fails the worker, never the server. */
const workerHeapMb = 512;

/**
 * How to start the worker: the bundle's `import-worker.js` entry (scripts/build-commands.mjs) at the
 * top of its `dist/`, which this code reaches from the entry file or from a chunk below it; or, in
 * the sources, `import-worker.ts` beside this file, loaded through tsx (a worker does not take
 * `--import` from its execArgv on Node 20, so a bootstrap registers tsx first).
 */
function workerStart(): { code: URL | string; eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // require.resolve finds the CommonJS build of tsx's API, whose register() resolves its hooks wrongly; the ES module sits beside it.
    const tsx = pathToFileURL(
      createRequire(here)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const entry = new URL('./import-worker.ts', here).href;
    return { code: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, eval: true };
  }
  const beside = new URL('./import-worker.js', here);
  return { code: existsSync(fileURLToPath(beside)) ? beside : new URL('../import-worker.js', here), eval: false };
}

function rebuilt(failure: WorkerFailure): Error {
  if (failure.kind === 'import') return new ImportError(failure.problems);
  if (failure.kind === 'api') return new ApiError(failure.code, failure.message, failure.details ? { details: failure.details } : {});
  return new Error(`import worker: ${failure.message}`);
}

type Settle = { resolve: (value: DryRunReport | PlannedImport) => void; reject: (error: Error) => void; onProgress?: JobOptions['onProgress'] };

/**
 * The import worker of this process: started by the first task, shared by the tasks that run at
 * once (each its own id and query port), and ended once no task has run for `idleMs`, so its
 * memory goes back. The worker keeps the process alive only while a task runs: neither it nor its
 * idle timer keeps a finished command alive.
 */
export class ImportWorker {
  #worker: Worker | null = null;
  #tasks = new Map<number, Settle>();
  #next = 0;
  #idle: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = 60_000) {}

  run(db: Db, task: 'dry-run', file: unknown, options: JobOptions): Promise<DryRunReport>;
  run(db: Db, task: 'plan', file: unknown, options: JobOptions): Promise<PlannedImport>;
  run(db: Db, task: ImportTask['task'], file: unknown, options: JobOptions): Promise<DryRunReport | PlannedImport> {
    const worker = this.#started();
    // While a task runs the worker keeps the process alive: the caller awaits its answer, and with
    // nothing else pending Node would otherwise end a command mid-import (exit code 13).
    worker.ref();
    const id = this.#next++;
    const queries = shareQueries(db);
    const data: ImportTask = {
      id,
      task,
      file,
      ...(options.companyId !== undefined && { companyId: options.companyId }),
      ...(options.again === true && { again: true }),
      now: (options.clock ?? systemClock)(),
      queries: queries.shared,
    };
    return new Promise<DryRunReport | PlannedImport>((resolve, reject) => {
      const done = () => {
        queries.close();
        this.#tasks.delete(id);
        if (this.#tasks.size === 0) {
          worker.unref();
          this.#idle = setTimeout(() => void this.stop(), this.idleMs).unref();
        }
      };
      this.#tasks.set(id, {
        resolve: (value) => (done(), resolve(value)),
        reject: (error) => (done(), reject(error)),
        ...(options.onProgress && { onProgress: options.onProgress }),
      });
      worker.postMessage(data, [queries.shared.port]);
    });
  }

  /** Ends the worker; a task still running fails. */
  async stop(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  #started(): Worker {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (this.#worker) return this.#worker;
    const start = workerStart();
    const worker = new Worker(start.code, { eval: start.eval, resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    worker.on('message', (message: WorkerMessage) => {
      const task = this.#tasks.get(message.id);
      if (!task) return;
      // A listener may fail the task, as it may fail the write (importer.ts).
      if (message.type === 'progress') Promise.resolve(task.onProgress?.(message.progress)).catch((error: unknown) => task.reject(error as Error));
      else if (message.type === 'failed') task.reject(rebuilt(message.failure));
      else task.resolve(message.type === 'dry-run' ? message.report : message.planned);
    });
    const failAll = (error: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const task of [...this.#tasks.values()]) task.reject(error);
    };
    worker.on('error', (error) => {
      const heap = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      failAll(heap ? new ApiError('import_too_large', `Checking this file took more than ${workerHeapMb} MB; nothing was written. Split it into smaller files.`) : error);
    });
    worker.on('exit', (code) => failAll(new Error(`import worker stopped (exit code ${code}) before it answered`)));
    // Last: on Node 20 a 'message' listener added after unref() refs the worker's port again, and a
    // finished `studio import` would then never exit.
    worker.unref();
    this.#worker = worker;
    return worker;
  }
}

const importWorker = new ImportWorker();

/** A dry run of the file in a worker thread: every problem, what it would create, nothing written. */
export function dryRunInWorker(db: Db, file: unknown, options: JobOptions = {}): Promise<DryRunReport> {
  return importWorker.run(db, 'dry-run', file, options);
}

/** The import of the file: checked in a worker thread, then written here in one transaction (all or nothing). */
export async function importInWorker(db: Db, file: unknown, options: JobOptions = {}): Promise<ImportSummary> {
  const planned = await importWorker.run(db, 'plan', file, options);
  return writePlannedImport(db, planned, options.onProgress);
}
