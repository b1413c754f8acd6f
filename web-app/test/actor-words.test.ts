import { createTranslator } from '@studio/shared/i18n';
import type { ActorView } from '@studio/shared/web-app';
import { describe, expect, it } from 'vitest';
import { actorWords, type AccountsT } from '../src/format/actor.ts';
import german from '../src/i18n/catalogs/de/accounts.json';
import spanish from '../src/i18n/catalogs/es/accounts.json';
import { english, namespaces } from '../src/i18n/english.ts';

/** The app's own translator setup (ICU selects), with the real catalogs. */
const translator = createTranslator({ language: 'en', resources: { en: english, es: { accounts: spanish }, de: { accounts: german } }, namespaces, defaultNamespace: 'common' });
const t = (language: 'en' | 'es' | 'de'): AccountsT => translator.getFixedT(language, 'accounts');

const id = '6f1c2a3e-8d4b-4c5a-9e7f-0a1b2c3d4e5f';
const actors: ActorView[] = [
  { kind: 'account', account_id: id, name: 'Ana', role: 'front_desk' },
  { kind: 'account', account_id: id, name: 'Olive', role: 'owner' },
  { kind: 'account', account_id: id, name: null, role: 'manager' },
  { kind: 'account', account_id: id, name: 'Ana', role: null },
  { kind: 'setup_link' },
  { kind: 'password_link' },
  { kind: 'command_line' },
  { kind: 'device', device_id: 'front-door' },
  { kind: 'api_key', key_id: id },
  { kind: 'member', contact_id: id },
  { kind: 'system', name: 'waitlist offer sweep' },
];

describe('who acted, in words', () => {
  it('says each kind of actor in English, an account with its role as the Staff page names roles', () => {
    expect(actors.map((actor) => actorWords(t('en'), actor))).toEqual([
      'Ana (Front desk)',
      'Olive (Owner)',
      'A removed account (Manager)',
      'Ana',
      'The setup link',
      'One-time link',
      'Command line',
      'Device front-door',
      `API key ${id}`,
      'A member, in the members’ app',
      'Server (waitlist offer sweep)',
    ]);
  });

  it('says them in Spanish', () => {
    expect(actors.map((actor) => actorWords(t('es'), actor))).toEqual([
      'Ana (Recepción)',
      'Olive (Propietario)',
      'Una cuenta eliminada (Gerente)',
      'Ana',
      'El enlace de configuración',
      'Enlace de un solo uso',
      'Línea de comandos',
      'Dispositivo front-door',
      `Clave de API ${id}`,
      'Un miembro, en la app de miembros',
      'Servidor (waitlist offer sweep)',
    ]);
  });

  it('says them in German', () => {
    expect(actors.map((actor) => actorWords(t('de'), actor))).toEqual([
      'Ana (Empfang)',
      'Olive (Inhaber)',
      'Ein entferntes Konto (Manager)',
      'Ana',
      'Der Einrichtungslink',
      'Einmal-Link',
      'Kommandozeile',
      'Gerät front-door',
      `API-Schlüssel ${id}`,
      'Ein Mitglied, in der Mitglieder-App',
      'Server (waitlist offer sweep)',
    ]);
  });

  it('leaves a display name as its owner typed it, parentheses and all', () => {
    expect(actorWords(t('de'), { kind: 'account', account_id: id, name: 'Dee (weekends) <b>', role: 'front_desk' })).toBe('Dee (weekends) <b> (Empfang)');
  });
});
