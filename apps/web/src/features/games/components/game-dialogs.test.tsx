import type { GameItem } from '@platform/contracts/games';
import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { useGameDialogStore } from '../hooks/game-dialog-store.ts';
import { registerGamesTranslations } from '../i18n/register-translations.ts';
import { GameDialogs } from './game-dialogs.tsx';

const game = (nodeId: number, gameName: string) => ({ nodeId, gameName, imageUrl: `/img/${nodeId}.png` }) as unknown as GameItem;

describe('GameDialogs', () => {
  beforeAll(registerGamesTranslations);
  beforeEach(() => useGameDialogStore.getState().close());

  it('maintenance: names the game, offers the other popular games, launches one and closes on Escape', async () => {
    mockApi({ 'GET /lgw/games/popular': [game(1, 'Xóc đĩa'), game(2, 'Tài xỉu')] });
    useGameDialogStore.getState().open({ kind: 'maintenance', name: 'Xóc đĩa', message: 'Bảo trì đến 12:00', gameType: 'LIVE' as never });
    const onLaunch = vi.fn();
    const { user } = renderWithSite(<GameDialogs onLaunch={onLaunch} />);
    expect(screen.getByRole('dialog', { name: 'Trò chơi đang bảo trì' })).toBeTruthy();
    expect(screen.getByText('Xóc đĩa đang bảo trì. Vui lòng thử các trò chơi phổ biến khác.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Tài xỉu' }));
    expect(onLaunch).toHaveBeenCalledWith(expect.objectContaining({ nodeId: 2 }));
    expect(screen.queryByRole('button', { name: 'Xóc đĩa' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(useGameDialogStore.getState().dialog).toBeNull();
  });

  it('popup blocked: says so and closes on the close button', async () => {
    mockApi({});
    useGameDialogStore.getState().open({ kind: 'popupBlocked' });
    const { user } = renderWithSite(<GameDialogs onLaunch={() => {}} />);
    expect(screen.getByText(/Trình duyệt đã chặn cửa sổ mới/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(useGameDialogStore.getState().dialog).toBeNull();
  });
});
