import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type { SessionValues } from '@platform/contracts/accounts';
import { create } from 'zustand';
import { clearSession, readSession, writeSession } from '../lib/session-storage.ts';

type SessionState = {
  /** Logged in and free to use the site: a session that must change its password first is not. */
  isLogin: boolean;
  /** The login answer said cpw: the server accepts only the password change until it is done. */
  mustChangePassword: boolean;
  /** The account type (spec: isAgent): 4 trial, 1/2/41/42 agents. */
  accountType: number | null;
  isAgent: boolean;
  isTrial: boolean;
  userInfo: SessionValues | null;
  /** The balance is shown as *** while hidden. */
  isBalanceHidden: boolean;
  signIn: (values: SessionValues) => void;
  signOut: () => void;
  toggleBalance: () => void;
};

function derive(values: SessionValues | null) {
  return {
    isLogin: values !== null && !values.cpw,
    mustChangePassword: values?.cpw === true,
    accountType: values?.isAgent ?? null,
    isAgent: values ? isAgentAccountType(values.isAgent) : false,
    isTrial: values ? isTrialAccountType(values.isAgent) : false,
    userInfo: values,
  };
}

/** Local storage key of the member's choice to show the balance as ***: a device preference that survives a reload. */
const BALANCE_HIDDEN_KEY = 'balanceHidden';

function readBalanceHidden(): boolean {
  try {
    return window.localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

function writeBalanceHidden(isHidden: boolean): void {
  try {
    if (isHidden) window.localStorage.setItem(BALANCE_HIDDEN_KEY, '1');
    else window.localStorage.removeItem(BALANCE_HIDDEN_KEY);
  } catch {
    // Storage blocked: the choice lasts until the page reloads.
  }
}

/** Shared login state; session storage is the source the page reloads from. */
export const useSessionStore = create<SessionState>((set) => ({
  ...derive(readSession()),
  isBalanceHidden: readBalanceHidden(),
  signIn: (values) => {
    writeSession(values);
    set(derive(values));
  },
  signOut: () => {
    clearSession();
    set(derive(null));
  },
  toggleBalance: () =>
    set((state) => {
      writeBalanceHidden(!state.isBalanceHidden);
      return { isBalanceHidden: !state.isBalanceHidden };
    }),
}));
