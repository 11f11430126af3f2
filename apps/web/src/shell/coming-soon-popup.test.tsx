import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePopupStore } from '../state/popup-store.ts';
import { renderWithSite } from '../test/render.tsx';
import { ComingSoonPopup } from './coming-soon-popup.tsx';

describe('ComingSoonPopup', () => {
  it('says the feature is coming and closes on its button and on Escape', async () => {
    usePopupStore.getState().open('comingSoon');
    const { user } = renderWithSite(<ComingSoonPopup />);
    expect(screen.getByRole('dialog', { name: 'Sắp ra mắt' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
    usePopupStore.getState().open('comingSoon');
    await user.click(screen.getAllByRole('button', { name: 'Đóng' }).at(-1) as HTMLElement);
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
