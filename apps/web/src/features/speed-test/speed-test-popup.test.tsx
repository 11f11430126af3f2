import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePopupStore } from '../../state/popup-store.ts';
import { ApiRefusal, mockApi, renderWithSite } from '../../test/render.tsx';
import { SpeedTestPopup } from './speed-test-popup.tsx';

describe('SpeedTestPopup', () => {
  it('times this address, marks it current, measures again on request and closes on Escape', async () => {
    const api = mockApi({
      'GET /wps/system/domainRoute': new ApiRefusal('not_found', 'x', undefined, 404),
      'GET /wps/system/speedtest/ping': {},
      'GET /wps/system/speedtest/download': {},
    });
    usePopupStore.getState().open('speedTest');
    const { user } = renderWithSite(<SpeedTestPopup />);
    expect(screen.getByRole('dialog', { name: 'Kiểm tra tốc độ đường truyền' })).toBeTruthy();
    const again = await screen.findByRole('button', { name: 'Đo lại' });
    expect(screen.getByText('Đang dùng')).toBeTruthy();
    expect(screen.getByText(/ ms$/)).toBeTruthy();
    expect(api.callsTo('GET /wps/system/speedtest/ping')).toHaveLength(5);
    await user.click(again);
    await vi.waitFor(() => expect(api.callsTo('GET /wps/system/speedtest/download')).toHaveLength(2));
    await screen.findByRole('button', { name: 'Đo lại' });
    await user.keyboard('{Escape}');
    expect(usePopupStore.getState().popup).toBeNull();
  });
});
