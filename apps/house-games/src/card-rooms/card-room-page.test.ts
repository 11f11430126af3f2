import { describe, expect, it } from 'vitest';
import { renderCardRoomPage, renderCardVerifyPage } from './card-room-page.ts';

const input = { sessionId: 's"1', gameCode: 'tien-len', currency: 'VND', returnUrl: 'javascript:alert(1)', username: 'u' };

describe('card room page', () => {
  it('speaks Vietnamese or English, states the chặt rules, escapes what it shows and carries no inline code', () => {
    const vi = renderCardRoomPage({ ...input, language: 'vi' });
    const en = renderCardRoomPage({ ...input, language: 'en', gameCode: 'bai-cao' });
    expect(vi).toContain('lang="vi"');
    expect(vi).toContain('Bỏ lượt');
    expect(vi).toContain('ba đôi thông chặt một heo');
    expect(en).toContain('lang="en"');
    expect(en).toContain('Three face cards (ba cào) beat every score');
    expect(en).toContain('data-game="bai-cao"');
    expect(vi).toContain('data-session="s&quot;1"');
    expect(vi).not.toContain('javascript:');
    expect(vi).not.toMatch(/<script>(?!<)/);
  });

  it('links the table to the verify page of its game, which lists the rooms and explains the deal in either language', () => {
    expect(renderCardRoomPage({ ...input, language: 'en' })).toContain('href="/verify/tien-len?lang=en"');
    const vi = renderCardVerifyPage({ language: 'vi', gameCode: 'bai-cao', rooms: ['bc-1k', 'bc-<10k>'] });
    const en = renderCardVerifyPage({ language: 'en', gameCode: 'tien-len', rooms: ['tl-1k'] });
    expect(vi).toContain('Bài cào: kiểm tra một ván');
    expect(vi).toContain('<option value="bc-&lt;10k&gt;">');
    expect(en).toContain('HMAC-SHA256(server seed, client seed:hand:cursor)');
    expect(en).toContain('src="/static/verify-cards.js"');
    expect(en).not.toMatch(/<script>(?!<)/);
  });
});
