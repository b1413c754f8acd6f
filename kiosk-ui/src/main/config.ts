import { isLoopbackHost } from '@studio/shared/network';
import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);

/**
 * The shell's settings, from the environment. The agent's local API has no authentication, so it
 * must be reached on loopback only.
 */
export const KioskShellConfig = z.object({
  KIOSK_AGENT_URL: z
    .url()
    .default('http://127.0.0.1:8787')
    .refine((value) => isLoopbackHost(new URL(value).hostname), 'must be a loopback address (127.x.x.x, localhost, [::1])'),
  KIOSK_IDLE_SECONDS: seconds(30),
  KIOSK_ANSWER_SECONDS: seconds(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type KioskShellConfig = z.infer<typeof KioskShellConfig>;

/** Validates once; every problem as `name: message`, so the whole list is fixed at once. */
export function loadShellConfig(env: Record<string, string | undefined>): { config: KioskShellConfig } | { problems: string[] } {
  const result = KioskShellConfig.safeParse(env);
  if (result.success) return { config: result.data };
  return { problems: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}
