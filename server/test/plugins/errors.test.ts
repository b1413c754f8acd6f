import { describe, expect, it } from 'vitest';
import { loggableError } from '../../src/plugins/errors.js';

describe('logging unexpected errors', () => {
  it('keeps what identifies the failure and drops the values a driver quotes', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "credential_keys_live"'), {
      code: '23505',
      detail: 'Key (company_id, match_key)=(c1, U:008E6D5D) already exists.',
      where: 'SQL statement',
      parameters: ['U:008E6D5D'],
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', message: error.message });
    expect(JSON.stringify(logged)).not.toContain('008E6D5D');
    expect(loggableError(undefined)).toEqual({ type: undefined, code: undefined, message: undefined, stack: undefined });
  });
});
