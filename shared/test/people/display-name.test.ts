import { describe, expect, it } from 'vitest';
import { displayName } from '../../src/people/display-name.js';

describe('displayName', () => {
  it('shows the first name and the last initial, upper-cased', () => {
    expect(displayName('Sam', 'kowalski')).toBe('Sam K.');
    expect(displayName(' Zoë ', ' Ødegaard')).toBe('Zoë Ø.');
  });
  it('shows the first name alone when there is no last name', () => {
    expect(displayName('Sam', null)).toBe('Sam');
    expect(displayName('Sam', '  ')).toBe('Sam');
  });
});
