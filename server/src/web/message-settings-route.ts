import { webMessagesContracts as contracts } from '@studio/shared/contracts/web-messages';
import { implement, ok, type RouteSpec } from '../http/route.js';
import type { SmtpSettings } from '../modules/messages/smtp-settings.js';

/**
 * The settings page's view of how members' emails leave this box: the provider from the server's
 * environment (SMTP_*), or none. The password is never part of it, only whether one is set.
 */
export function messageSettingsRoutes(smtp: SmtpSettings | null): RouteSpec[] {
  return [implement(contracts.webMessageSettings, async () => ok({ smtp: smtp && { host: smtp.host, port: smtp.port, secure: smtp.secure, from: smtp.from, signs_in: smtp.auth !== null } }))];
}
