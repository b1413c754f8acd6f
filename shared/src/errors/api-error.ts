import { errorCodes, type ErrorCode, type ErrorType } from './codes.js';

export interface ApiErrorOptions {
  param?: string;
  /** Extra machine-readable fields, e.g. `reasons` of `checkin_blocked`. */
  details?: Record<string, unknown>;
  /** Seconds, sent as `Retry-After` with `rate_limited`, `unavailable` and `storage_full`. */
  retryAfter?: number;
}

/** An error with a stable code from the registry. Handlers throw it; one error handler renders it. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly type: ErrorType;
  readonly status: number;
  readonly param: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.type = errorCodes[code].type;
    this.status = errorCodes[code].status;
    this.param = options.param;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}
