import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type { SessionValues } from '@platform/contracts/accounts';
import { create } from 'zustand';
import { clearSession, readSession, writeSession } from '../../../lib/session-storage.ts';

type SessionState = {
  isLogin: boolean;
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
    isLogin: values !== null,
    accountType: values?.isAgent ?? null,
    isAgent: values ? isAgentAccountType(values.isAgent) : false,
    isTrial: values ? isTrialAccountType(values.isAgent) : false,
    userInfo: values,
  };
}

/** Shared login state; session storage is the source the page reloads from. */
export const useSessionStore = create<SessionState>((set) => ({
  ...derive(readSession()),
  isBalanceHidden: false,
  signIn: (values) => {
    writeSession(values);
    set(derive(values));
  },
  signOut: () => {
    clearSession();
    set(derive(null));
  },
  toggleBalance: () => set((state) => ({ isBalanceHidden: !state.isBalanceHidden })),
}));
