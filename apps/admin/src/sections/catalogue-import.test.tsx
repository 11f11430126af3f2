import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { changeLanguage } from '../i18n/i18n.ts';
import { emptyPage, fakeServer, ok, refused } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { formatOf } from './catalogue-import.tsx';

const preview = {
  token: 'a'.repeat(64),
  counts: { new: 1, changed: 1, unchanged: 0, refused: 1 },
  rows: [
    { row: 2, vendor: 'ALPHA', code: 'a-one', action: 'changed', changes: [{ field: 'sort', before: 0, after: 5 }], problems: [] },
    {
      row: 3,
      vendor: 'ALPHA',
      code: 'a-new',
      action: 'new',
      changes: [
        { field: 'category', before: '', after: 'RNG' },
        { field: 'name', before: {}, after: { vi: 'Cá Chép', en: 'Koi' } },
      ],
      problems: [],
    },
    {
      row: 4,
      vendor: 'BETA',
      code: 'b-one',
      action: 'refused',
      changes: [],
      problems: ['Row 4: there is no vendor "BETA"; use the code of an existing vendor.'],
    },
  ],
};
const game = {
  nodeId: 7,
  gameCode: 'a-one',
  vendor: 'ALPHA',
  gameType: 'RNG',
  name: { en: 'Treasure', vi: 'Kho Báu' },
  imageUrl: '/wps/game-image/1',
  isEnabled: true,
  isHot: false,
  isMaintenance: false,
  maintenanceMessage: {},
  sort: 0,
};

function serve(applyAnswer: () => ReturnType<typeof ok>) {
  return fakeServer([
    (call) => (call.method === 'GET' && call.path === '/admin-api/games/vendors' ? ok([]) : undefined),
    (call) =>
      call.method === 'GET' && call.path.startsWith('/admin-api/games?') ? ok({ ...emptyPage, list: [game], totalCount: 1 }) : undefined,
    (call) => (call.path === '/admin-api/games/import/preview' ? ok(preview) : undefined),
    (call) => (call.path === '/admin-api/games/import/apply' ? applyAnswer() : undefined),
    (call) => (call.path === '/admin-api/games/7/image' ? ok(game) : undefined),
    (call) => (call.method === 'GET' ? ok(emptyPage) : undefined),
  ]);
}
const login = (permissions?: string[]) =>
  setSession({
    token: 't',
    expiresAt: '2026-11-27T06:00:00.000Z',
    admin: { id: 1, username: 'risk1', role: 'risk', ...(permissions ? { permissions } : {}) },
  } as Parameters<typeof setSession>[0]);

const CSV = 'vendor,code,sort\nALPHA,a-one,5\nALPHA,a-new,1\nBETA,b-one,1\n';

describe('the catalogue import and game images', () => {
  it('reads .json as JSON and anything else as CSV', () => {
    expect(formatOf('games.JSON')).toBe('json');
    expect(formatOf('games.csv')).toBe('csv');
    expect(formatOf('games.txt')).toBe('csv');
  });

  it('previews a picked file, shows each row and what to fix, then applies the same file with the token', async () => {
    login();
    changeLanguage('en');
    const calls = serve(() => ok({ counts: preview.counts }));
    renderConsole('/catalogue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Import' }));
    await user.upload(screen.getByLabelText('File of games'), new File([CSV], 'games.csv', { type: 'text/csv' }));

    expect((await screen.findByTestId('import-summary')).textContent).toBe('1 new, 1 changed, 0 unchanged, 1 refused');
    expect(calls.find((c) => c.path === '/admin-api/games/import/preview')?.body).toEqual({ format: 'csv', content: CSV });
    expect(screen.getByTestId('import-row-2').textContent).toContain('Order: 0 → 5');
    expect(screen.getByTestId('import-row-3').textContent).toContain('Name (en): Koi');
    expect(screen.getByTestId('import-row-3').textContent).not.toContain('→');
    expect(screen.getByTestId('import-row-4').textContent).toContain('Row 4: there is no vendor "BETA"');
    expect(calls.some((c) => c.path === '/admin-api/games/import/apply')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Apply this preview' }));
    expect(await screen.findByText('Imported: 1 new and 1 changed games. Players see them at once.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin-api/games/import/apply')?.body).toEqual({
      format: 'csv',
      content: CSV,
      token: preview.token,
    });
  });

  it('shows the server sentence when the catalogue changed since the preview', async () => {
    login();
    changeLanguage('vi');
    serve(() => refused(409, 'games_import_stale', 'Danh mục đã thay đổi kể từ khi xem trước. Vui lòng xem trước lại rồi áp dụng.'));
    renderConsole('/catalogue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Nhập danh sách' }));
    await user.upload(screen.getByLabelText('Tệp danh sách trò chơi'), new File([CSV], 'games.csv'));
    await user.click(await screen.findByRole('button', { name: 'Áp dụng bản xem trước' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Danh mục đã thay đổi kể từ khi xem trước. Vui lòng xem trước lại rồi áp dụng.',
    );
  });

  it('uploads an image for a game, refusing a file over 5 MB before sending it', async () => {
    login();
    changeLanguage('en');
    const calls = serve(() => ok({ counts: preview.counts }));
    renderConsole('/catalogue');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Games' }));
    const row = await screen.findByTestId('game-7');
    await user.click(within(row).getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByLabelText('Image file');

    await user.upload(picker, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload image' }));
    expect(within(dialog).getByText('This image is larger than 5 MB. Choose a smaller one.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin-api/games/7/image')).toBe(false);

    await user.upload(picker, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tile.png', { type: 'image/png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByText('The image of Treasure is saved; players see it at once.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin-api/games/7/image')?.method).toBe('POST');
  });

  it('offers neither the import nor images to an operator who may only read the catalogue', async () => {
    login(['game:read']);
    changeLanguage('en');
    serve(() => ok({ counts: preview.counts }));
    renderConsole('/catalogue');
    await screen.findByRole('tab', { name: 'Games' });
    expect(screen.queryByRole('tab', { name: 'Import' })).toBeNull();
  });
});
