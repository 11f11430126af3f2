import { create } from 'zustand';
import { usePopupStore } from '../../../state/popup-store.ts';

type NoticeState = {
  /** The announcement to open expanded when the notices popup shows it. */
  focusId: number | null;
};

export const useNoticeStore = create<NoticeState>(() => ({ focusId: null }));

/** Opens the notice and announcement popup, with one announcement expanded when given. */
export function openNotices(focusId: number | null = null): void {
  useNoticeStore.setState({ focusId });
  usePopupStore.getState().open('announcements');
}
