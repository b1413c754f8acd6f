import type { ApiRequestError } from '@studio/shared/client';
import type { Logger } from 'pino';
import { failureCode, isServerAnswer } from '../link/server-link.js';
import type { DeliveryOutcome, DurableOutbox, OutboxRow } from './durable-outbox.js';

/** What one delivery came to, for the feature (its log line, its cache) and the metrics. */
export type DrainOutcome<Row, Result> = { row: Row } & ({ kind: 'sent'; result: Result } | { kind: 'rejected'; reason: string } | { kind: 'retry'; code: string; message: string });

export interface DrainSettings<Row extends OutboxRow, Result> {
  outbox: DurableOutbox<Row, never>;
  /**
   * Delivers one row under its own key (`row.idempotency_key`, the same on every attempt), through
   * a link: resolves with the server's answer, throws when the server did not take it. The link's
   * rule decides the rest: a refusal is kept (`rejected`), anything unanswered is retried later.
   */
  deliver: (row: Row) => Promise<Result>;
  /** The server's id of what a delivery made, kept on the sent row (a visit's id); default none. */
  sentRef?: (result: Result) => string | null;
  /** A refusal as kept on its row for staff; default the error's code. */
  refusalReason?: (error: ApiRequestError) => string;
  /** Deliveries at once. */
  inFlight: number;
  /**
   * Rows with the same key reach the server one after another, in the order they were added (one
   * member's visits); rows of different keys go side by side. Without it every row is its own.
   */
  orderKey?: (row: Row) => string;
  /** Rows read per wave; a wave's outcomes are written in one transaction. */
  waveSize: number;
  logger: Logger;
  now: () => Date;
  onOutcome?: (outcome: DrainOutcome<Row, Result>) => void;
  /**
   * The feature's own writes for a wave's outcomes (a visit's count learned by the cache), in the
   * transaction that records them: one sync to disk per wave, not one per row.
   */
  writeWithWave?: (outcomes: readonly DrainOutcome<Row, Result>[]) => void;
}

/**
 * Delivers the pending rows in waves. Returns false when the server did not answer, so the caller
 * backs off; rejected rows are kept, never dropped, and do not block the rows behind them. A
 * wave's outcomes are written together: a crash before that write leaves its rows pending, and
 * their next attempt, under the same keys, gets the server's stored answers (never a second report).
 */
export async function drainOutbox<Row extends OutboxRow, Result>(settings: DrainSettings<Row, Result>): Promise<boolean> {
  const { outbox } = settings;
  for (;;) {
    const rows = outbox.pending(settings.waveSize);
    if (rows.length === 0) return true;
    const ids = rows.map((row) => row.id);
    outbox.claim(ids);
    let outcomes: DrainOutcome<Row, Result>[];
    try {
      const wave = await deliverWave(settings, rows);
      outcomes = wave;
      const { writeWithWave } = settings;
      outbox.record(
        wave.map((outcome) => recorded(settings, outcome)),
        settings.now(),
        writeWithWave && (() => writeWithWave(wave)),
      );
    } finally {
      outbox.release(ids);
    }
    let answered = true;
    for (const outcome of outcomes) {
      if (outcome.kind === 'retry') {
        answered = false;
        settings.logger.warn({ outbox_id: outcome.row.id, code: outcome.code }, 'outbox delivery failed; will retry with the same key');
      }
      settings.onOutcome?.(outcome);
    }
    if (!answered) return false;
  }
}

async function attempt<Row extends OutboxRow, Result>(settings: DrainSettings<Row, Result>, row: Row): Promise<DrainOutcome<Row, Result>> {
  try {
    return { row, kind: 'sent', result: await settings.deliver(row) };
  } catch (error) {
    if (isServerAnswer(error)) return { row, kind: 'rejected', reason: settings.refusalReason?.(error) ?? error.code };
    return { row, kind: 'retry', code: failureCode(error), message: (error as Error).message };
  }
}

/** Each key's rows in id order, the keys in the order of their first row. */
function chains<Row extends OutboxRow>(rows: readonly Row[], orderKey: ((row: Row) => string) | undefined): Row[][] {
  if (!orderKey) return rows.map((row) => [row]);
  const byKey = new Map<string, Row[]>();
  for (const row of rows) {
    const chain = byKey.get(orderKey(row));
    if (chain) chain.push(row);
    else byKey.set(orderKey(row), [row]);
  }
  return [...byKey.values()];
}

/**
 * Up to `inFlight` chains at once, each chain's rows one after another. The first retry stops new
 * deliveries (the server is away); those in flight finish.
 */
async function deliverWave<Row extends OutboxRow, Result>(settings: DrainSettings<Row, Result>, rows: readonly Row[]): Promise<DrainOutcome<Row, Result>[]> {
  const queue = chains(rows, settings.orderKey);
  const outcomes: DrainOutcome<Row, Result>[] = [];
  let stopped = false;
  const worker = async () => {
    for (let chain = queue.shift(); chain && !stopped; chain = queue.shift()) {
      for (const row of chain) {
        if (stopped) return;
        const outcome = await attempt(settings, row);
        outcomes.push(outcome);
        if (outcome.kind === 'retry') stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.inFlight, queue.length) }, worker));
  return outcomes;
}

function recorded<Row extends OutboxRow, Result>(settings: DrainSettings<Row, Result>, outcome: DrainOutcome<Row, Result>): DeliveryOutcome {
  const { id } = outcome.row;
  if (outcome.kind === 'sent') return { id, kind: 'sent', ref: settings.sentRef?.(outcome.result) ?? null };
  if (outcome.kind === 'rejected') return { id, kind: 'rejected', error: outcome.reason };
  return { id, kind: 'retry', error: `${outcome.code}: ${outcome.message}` };
}
