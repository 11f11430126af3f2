import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '../api/session-store.ts';
import { fakeServer, ok } from '../test/fake-server.ts';
import { renderConsole } from '../test/render.tsx';
import { diffLines } from './audit.tsx';

const rows = [
  {
    id: 31,
    createdAt: '2026-11-26T08:00:00.000Z',
    actor: { type: 'admin', id: '1' },
    action: 'settings.updated',
    target: { type: 'setting', id: 'registration' },
    before: { isOpen: true, limits: { perIp: 3 } },
    after: { isOpen: false, limits: { perIp: 3 } },
    data: {},
    ip: '203.0.113.9',
    isSealed: true,
  },
  {
    id: 30,
    createdAt: '2026-11-26T07:00:00.000Z',
    actor: { type: 'admin', id: '1' },
    action: 'member.note',
    target: { type: 'member', id: '7' },
    before: null,
    after: null,
    data: { text: 'Gọi điện' },
    ip: null,
    isSealed: false,
  },
];

function asAdministrator() {
  setSession({ token: 't', expiresAt: '2026-11-27T06:00:00.000Z', admin: { id: 1, username: 'admin', role: 'administrator' } });
}

describe('the audit log screen', () => {
  it('puts before and after side by side, nested fields as paths, marking what changed', () => {
    expect(diffLines({ a: 1, b: { c: 'x' } }, { a: 2, b: { c: 'x' }, d: [1] })).toEqual([
      { path: 'a', before: '1', after: '2', isChanged: true },
      { path: 'b.c', before: 'x', after: 'x', isChanged: false },
      { path: 'd', before: undefined, after: '[1]', isChanged: true },
    ]);
    expect(diffLines(null, { x: null })).toEqual([{ path: 'x', before: undefined, after: 'null', isChanged: true }]);
  });

  it('filters by operator, member (found by name), action and time, shows a row’s diff, and where the chain breaks', async () => {
    asAdministrator();
    const calls = fakeServer([
      (call) =>
        call.path === '/admin-api/operators'
          ? ok([
              { id: 1, username: 'admin' },
              { id: 2, username: 'finance01' },
            ])
          : undefined,
      (call) =>
        call.path.startsWith('/admin-api/members/search?')
          ? ok({ list: [{ id: 7, username: 'player07' }], pageNo: 1, pageSize: 20, totalCount: 1 })
          : undefined,
      (call) =>
        call.method === 'POST' && call.path === '/admin-api/audit/verify'
          ? ok({
              ok: false,
              checked: 29,
              brokenAt: { id: 30, expectedHash: 'a'.repeat(64), actualHash: 'b'.repeat(64) },
              reason: 'hash_mismatch',
            })
          : undefined,
      (call) => (call.path.startsWith('/admin-api/audit?') ? ok({ list: rows, nextBefore: 30 }) : undefined),
    ]);
    renderConsole('/audit');
    const user = userEvent.setup();
    const changed = await screen.findByTestId('audit-31');
    expect(within(changed).getByText('settings.updated')).toBeTruthy();
    expect(within(screen.getByTestId('audit-30')).getByText('Chưa niêm phong')).toBeTruthy();

    await user.click(within(changed).getByRole('button', { name: 'Trước và sau' }));
    const diff = await screen.findByTestId('audit-diff-31');
    const isOpen = within(diff).getByText('isOpen').closest('tr') as HTMLElement;
    expect(isOpen.className).toBe('diff--changed');
    expect(within(isOpen).getByText('true')).toBeTruthy();
    expect(within(isOpen).getByText('false')).toBeTruthy();
    expect((within(diff).getByText('limits.perIp').closest('tr') as HTMLElement).className).toBe('');

    await user.selectOptions(await screen.findByLabelText('Nhân viên'), '2');
    await user.type(screen.getByLabelText('Tên thành viên (chính xác)'), 'PLAYER07');
    await user.type(screen.getByLabelText('Thao tác'), 'member.note');
    await user.type(screen.getByLabelText('Từ'), '2026-11-26T00:00');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => {
      const last = calls.filter((call) => call.path.startsWith('/admin-api/audit?')).at(-1)?.path ?? '';
      expect(last).toContain('operatorId=2');
      expect(last).toContain('memberId=7');
      expect(last).toContain('action=member.note');
      expect(last).toMatch(/from=2026-11-2[56]T/);
    });

    await user.click(screen.getByRole('button', { name: 'Cũ hơn' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('before=30') && call.path.includes('memberId=7'))).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Kiểm tra chuỗi băm' }));
    const result = await screen.findByTestId('audit-verify-result');
    expect(result.textContent).toContain('Chuỗi đứt tại dòng #30 sau 29 dòng đúng');
    expect(result.textContent).toContain('b'.repeat(64));
    await user.click(within(result).getByRole('button', { name: 'Xem dòng này' }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('before=31'))).toBe(true));
  });

  it('says so when no member has the name typed, without searching the log', async () => {
    asAdministrator();
    const calls = fakeServer([
      (call) => (call.path === '/admin-api/operators' ? ok([]) : undefined),
      (call) =>
        call.path.startsWith('/admin-api/members/search?')
          ? ok({ list: [{ id: 8, username: 'player070' }], totalCount: 1, pageSize: 20 })
          : undefined,
      (call) => (call.path.startsWith('/admin-api/audit?') ? ok({ list: [], nextBefore: null }) : undefined),
    ]);
    renderConsole('/audit');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tên thành viên (chính xác)'), 'player07');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Không có thành viên tên player07.');
    expect(calls.some((call) => call.path.includes('memberId='))).toBe(false);
  });
});
