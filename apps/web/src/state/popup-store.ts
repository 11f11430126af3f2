import { create } from 'zustand';

export type Popup =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'registerSuccess'
  | 'changePassword'
  | 'logout'
  | 'realAccount'
  | 'comingSoon'
  | 'announcements'
  | 'announcementPopup'
  | 'speedTest';

type PopupState = {
  popup: Popup | null;
  /** Set for the coming-soon popup: the translation key of the feature's name. */
  featureKey: string | null;
  /** The change-password popup cannot be dismissed when the server forces it. */
  isForced: boolean;
  /**
   * Where the site goes once the forced password change is done: the address the login was going
   * to (the agent centre after a login at the agent entry); null for home.
   */
  afterPasswordChange: string | null;
  open: (popup: Popup, options?: { featureKey?: string; isForced?: boolean; afterPasswordChange?: string }) => void;
  close: () => void;
};

/** One account popup at a time, as on the spec's site. */
export const usePopupStore = create<PopupState>((set) => ({
  popup: null,
  featureKey: null,
  isForced: false,
  afterPasswordChange: null,
  open: (popup, options = {}) =>
    set({
      popup,
      featureKey: options.featureKey ?? null,
      isForced: options.isForced ?? false,
      afterPasswordChange: options.afterPasswordChange ?? null,
    }),
  close: () => set({ popup: null, featureKey: null, isForced: false, afterPasswordChange: null }),
}));
