import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithSite } from '../../../test/render.tsx';
import { LIVE_TABLES_VENDOR, LiveTablesBoard } from './live-tables-board.tsx';

const table = (gameCode: string, tableId: string, game: 'baccarat' | 'roulette') => ({
  gameCode,
  game,
  tableId,
  limits: { min: 1_000, max: 5_000_000 },
  round: 3,
  phase: 'betting',
  secondsLeft: 9,
  results: [],
  road: [],
});

describe('LiveTablesBoard', () => {
  it("opens the table a card names, with the house's vendor code and the table's name", async () => {
    mockApi({
      'GET /wps/relay/GCSGAME_liveTables': {
        isAvailable: true,
        tables: [table('baccarat', 'b1', 'baccarat'), table('roulette-vip', 'ro2', 'roulette')],
      },
    });
    const onOpen = vi.fn();
    const { user } = renderWithSite(<LiveTablesBoard onOpen={onOpen} />);
    await user.click(await screen.findByRole('button', { name: 'Vào bàn RO2' }));
    expect(onOpen).toHaveBeenCalledWith({ vendor: LIVE_TABLES_VENDOR, gameCode: 'roulette-vip', name: 'Roulette RO2' });
  });
});
