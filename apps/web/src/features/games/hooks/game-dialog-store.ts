import type { GameCategory, VendorCard } from '@platform/contracts/games';
import { create } from 'zustand';

export type GameDialog =
  | { kind: 'maintenance'; name: string; message: string; gameType: GameCategory }
  | { kind: 'vendorGames'; card: VendorCard }
  | { kind: 'popupBlocked' };

type GameDialogState = { dialog: GameDialog | null; open: (dialog: GameDialog) => void; close: () => void };

/** The lobby's own popups: maintenance with popular games, a vendor's game list. */
export const useGameDialogStore = create<GameDialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
