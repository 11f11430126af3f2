import { describe, expect, it } from 'vitest';
import { emailAddressOf } from './right-bar.tsx';

describe('the right bar email entry', () => {
  it('copies the bare address of a mailto link or a plain address', () => {
    expect(emailAddressOf('mailto:support@lotus.example')).toBe('support@lotus.example');
    expect(emailAddressOf('MAILTO:help@lotus.example?subject=Hi')).toBe('help@lotus.example');
    expect(emailAddressOf(' care@lotus.example ')).toBe('care@lotus.example');
  });
});
