import { z } from 'zod';
import { errorCodes, errorTypes } from '../errors/codes.js';
import { EligibilityReason } from './members.js';

const codes = Object.keys(errorCodes) as [keyof typeof errorCodes, ...(keyof typeof errorCodes)[]];

export const ErrorEnvelope = z
  .object({
    error: z.object({
      type: z.enum(errorTypes),
      code: z.enum(codes),
      message: z.string(),
      param: z.string().optional(),
      request_id: z.string(),
      reasons: z.array(EligibilityReason).optional().describe('With checkin_blocked: every cause'),
      opens_at: z.string().optional().describe("With checkin_window: when the class's check-in window opens (UTC)"),
      closes_at: z.string().optional().describe('With checkin_window: when it closes (UTC)'),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
