import { describe, expect, it } from 'vitest';
import { textColourOn } from './chat-room-page.tsx';

describe('the chat page header', () => {
  it('writes in white on a dark operator colour and in black on a light one', () => {
    expect(textColourOn('#1565c0')).toBe('#ffffff');
    expect(textColourOn('#000')).toBe('#ffffff');
    expect(textColourOn('#ffeb3b')).toBe('#000000');
    expect(textColourOn('#FFF')).toBe('#000000');
  });
});
