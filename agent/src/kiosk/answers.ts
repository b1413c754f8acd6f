import type { ApiRequestError } from '@studio/shared/client';
import type { KioskAnswer } from '@studio/shared/kiosk';

/** The machine-readable reason of a server refusal: the first alert of a blocked check-in, else the code. */
export function refusalReason(error: ApiRequestError): string {
  if (error.code === 'checkin_blocked') return error.reasons?.[0] ?? error.code;
  if (error.code === 'member_not_found' || (error.code === 'resource_missing' && error.param === 'contact_id')) return 'not_found';
  return error.code;
}

export interface AnswerContext {
  firstName: string | null;
  cls: { id: string; name: string } | null;
  offline: boolean;
}

export function refused(reason: string, context: AnswerContext): KioskAnswer {
  return answer('refused', reason, context, false);
}

export function answer(outcome: KioskAnswer['outcome'], reason: string | null, context: AnswerContext, walkIn: boolean): KioskAnswer {
  return {
    outcome,
    reason,
    first_name: context.firstName,
    class_id: context.cls?.id ?? null,
    class_name: context.cls?.name ?? null,
    walk_in: walkIn,
    offline: context.offline,
  };
}
