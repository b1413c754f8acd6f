import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('the SMTP settings of members’ emails in the environment', () => {
  it('has no provider by default, and links to the server’s own address', () => {
    expect(loadConfig({}).messages).toEqual({ smtp: null, publicUrl: 'http://127.0.0.1:3000' });
  });

  it('reads a provider: STARTTLS on 587 by default, TLS on 465 with SMTP_SECURE=on, sign-in when given', () => {
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'hello@studio.example', PUBLIC_URL: 'https://studio.example.com/' }).messages).toEqual({
      smtp: { host: 'smtp.example.com', port: 587, secure: false, auth: null, from: 'hello@studio.example' },
      publicUrl: 'https://studio.example.com',
    });
    const secure = loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_SECURE: 'on', SMTP_USER: 'studio', SMTP_PASSWORD: 'pw', SMTP_FROM: 'Alder <a@b.example>' }).messages.smtp;
    expect(secure).toEqual({ host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'studio', pass: 'pw' }, from: 'Alder <a@b.example>' });
    expect(loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', SMTP_FROM: 'a@b.example' }).messages.smtp?.port).toBe(2525);
  });

  it('names what is missing or wrong', () => {
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com' })).toThrow(/SMTP_FROM: needed with SMTP_HOST/);
    expect(() => loadConfig({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@b.example', SMTP_USER: 'studio' })).toThrow(/SMTP_USER: SMTP_USER and SMTP_PASSWORD go together/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://studio.example.com' })).toThrow(ConfigError);
  });
});
