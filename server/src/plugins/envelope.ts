import { ApiError, type ErrorEnvelope } from '@studio/shared';

/** The spec's error envelope for `error`: the one place error JSON is built. */
export function envelope(error: ApiError, requestId: string): ErrorEnvelope {
  return {
    error: {
      type: error.type,
      code: error.code,
      message: error.message,
      ...(error.param !== undefined && { param: error.param }),
      request_id: requestId,
      ...error.details,
    },
  };
}
