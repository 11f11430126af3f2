import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html-escape.ts';

describe('escapeHtml', () => {
  it('leaves no markup and no way out of an attribute', () => {
    expect(escapeHtml(`<b onclick="x('y')">A & B</b>`)).toBe('&#60;b onclick=&#34;x(&#39;y&#39;)&#34;&#62;A &#38; B&#60;/b&#62;');
    expect(escapeHtml('Chào anh An')).toBe('Chào anh An');
  });
});
