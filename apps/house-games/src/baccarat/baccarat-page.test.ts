import { describe, expect, it } from 'vitest';
import { renderBaccaratPage } from './baccarat-page.ts';

const input = {
  sessionId: 's"1',
  gameCode: 'baccarat',
  kind: 'COMMISSION' as const,
  currency: 'VND',
  returnUrl: 'javascript:alert(1)',
  username: 'u',
};

describe('baccarat page', () => {
  it('speaks English or Vietnamese, escapes what it shows and carries no inline code', () => {
    const en = renderBaccaratPage({ ...input, language: 'en' });
    const vi = renderBaccaratPage({ ...input, language: 'vi', kind: 'NO_COMMISSION' });
    expect(en).toContain('lang="en"');
    expect(en).toContain('Banker pair');
    expect(en).toContain('0.95:1');
    expect(vi).toContain('lang="vi"');
    expect(vi).toContain('Baccarat Không Hoa Hồng');
    expect(vi).toContain('1:1 (6: 1:2)');
    // The verify command's placeholders are text, not tags; the session id cannot break its attribute.
    expect(en).toContain('--server-seed &lt;seed&gt;');
    expect(en).toContain('data-session="s&quot;1"');
    // A return link that is not a web address is dropped.
    expect(en).not.toContain('javascript:');
    expect(en).not.toMatch(/<script>(?!<)/);
  });
});
