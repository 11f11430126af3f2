import { create } from 'zustand';

type FlashState = {
  /** A short confirmation shown above the page (already in the member's language), or none. */
  message: string | null;
  show: (message: string) => void;
  dismiss: () => void;
};

/** One site-wide confirmation at a time, for a flow that ends by leaving its popup (a password change). */
export const useFlashStore = create<FlashState>((set) => ({
  message: null,
  show: (message) => set({ message }),
  dismiss: () => set({ message: null }),
}));
