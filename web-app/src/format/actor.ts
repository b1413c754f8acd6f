import type { ActorView } from '@studio/shared/web-app';
import type { TFunction } from 'i18next';

export type AccountsT = TFunction<'accounts'>;

/**
 * Who acted, in the page's words: "Ana (Front desk)", "The setup link", "Command line", "Device
 * front-door". One wording for every list that names who did something (the Staff page's recent
 * changes, the check-in overrides); the server sends only the kind (ActorView).
 */
export function actorWords(t: AccountsT, actor: ActorView): string {
  switch (actor.kind) {
    case 'account': {
      const name = actor.name ?? t('actor.removed');
      return actor.role === null ? name : t('actor.account', { name, role: t('staff.role', { role: actor.role }) });
    }
    case 'setup_link':
      return t('actor.setup_link');
    case 'password_link':
      return t('actor.password_link');
    case 'command_line':
      return t('actor.command_line');
    case 'device':
      return t('actor.device', { id: actor.device_id });
    case 'api_key':
      return t('actor.api_key', { id: actor.key_id });
    case 'member':
      return t('actor.member');
    case 'system':
      return t('actor.system', { name: actor.name });
  }
}
