import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiRefusal, mockApi, renderWithSite } from '../../../test/render.tsx';
import { registerAgentTeamTranslations } from '../i18n/register-translations.ts';
import { AnnouncementPage } from './announcement-page.tsx';
import { NoticeForm } from './notice-form.tsx';

const empty = { list: [], pageNo: 1, pageSize: 10, totalCount: 0, totalPages: 1 };
const ANNOUNCEMENTS = {
  ...empty,
  list: [{ id: 5, title: 'Đối soát tháng', bodyHtml: '<p>Chốt ngày 1</p>', createdAt: '2026-11-25T01:00:00.000Z', isRead: false }],
  totalCount: 1,
};
const SENT = {
  ...empty,
  list: [
    {
      id: 9,
      audience: 'direct',
      title: 'Họp đội',
      bodyHtml: '<p>Tối nay</p>',
      createdAt: '2026-11-25T02:00:00.000Z',
      readCount: 2,
      withdrawnAt: null,
    },
    {
      id: 8,
      audience: 'team',
      title: 'Tin cũ',
      bodyHtml: '<p>Đã gỡ</p>',
      createdAt: '2026-11-24T02:00:00.000Z',
      readCount: 0,
      withdrawnAt: '2026-11-24T05:00:00.000Z',
    },
  ],
  totalCount: 2,
  remainingThisHour: 4,
};

describe('AnnouncementPage', () => {
  beforeAll(registerAgentTeamTranslations);

  it('shows the operator’s announcements to agents and the notices the agent sent, with their readers', async () => {
    mockApi({ 'GET /wps/agent/team/announcements': ANNOUNCEMENTS, 'GET /wps/agent/team/notices': SENT });
    renderWithSite(<AnnouncementPage />);
    expect(await screen.findByText('Đối soát tháng')).toBeTruthy();
    expect(screen.getByText('Chốt ngày 1')).toBeTruthy();
    expect(await screen.findByText('Họp đội')).toBeTruthy();
    expect(screen.getByText(/Đã đọc: 2/)).toBeTruthy();
    // A notice the operator withdrew says so; the others do not.
    expect(screen.getAllByText(/Đã bị nhà điều hành thu hồi/)).toHaveLength(1);
    expect(screen.getByText('Tin cũ').closest('summary')?.textContent).toContain('Đã bị nhà điều hành thu hồi');
    expect(screen.getByText(/còn 4 lượt trong giờ này/)).toBeTruthy();
  });
});

describe('NoticeForm', () => {
  beforeAll(registerAgentTeamTranslations);

  it('asks for a title and a message before sending', async () => {
    const api = mockApi({});
    const { user } = renderWithSite(<NoticeForm remaining={5} />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Send notice' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Enter a title.', 'Enter the message.']);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the notice to the chosen audience and says so', async () => {
    const api = mockApi({
      'POST /wps/agent/team/notices': {
        id: 12,
        audience: 'direct',
        title: 'Họp đội',
        bodyHtml: '<p>Tối nay</p>',
        createdAt: '2026-11-26T01:00:00.000Z',
        readCount: 0,
        withdrawnAt: null,
      },
    });
    const { user } = renderWithSite(<NoticeForm remaining={5} />);
    await user.click(screen.getByRole('radio', { name: 'Chỉ tuyến dưới trực tiếp' }));
    await user.type(screen.getByLabelText('Tiêu đề'), 'Họp đội');
    await user.type(screen.getByLabelText('Nội dung'), 'Tối nay\n20:00');
    await user.click(screen.getByRole('button', { name: 'Gửi thông báo' }));
    expect(await screen.findByText('Đã gửi thông báo "Họp đội".')).toBeTruthy();
    expect(api.callsTo('POST /wps/agent/team/notices')[0]?.body).toEqual({ audience: 'direct', title: 'Họp đội', body: 'Tối nay\n20:00' });
  });

  it('shows the hourly limit the server refuses with', async () => {
    mockApi({
      'POST /wps/agent/team/notices': new ApiRefusal(
        'agent_notice_too_many',
        'Mỗi giờ bạn chỉ gửi được 5 thông báo; vui lòng thử lại sau',
        undefined,
        429,
      ),
    });
    const { user } = renderWithSite(<NoticeForm remaining={0} />);
    await user.type(screen.getByLabelText('Tiêu đề'), 'Một nữa');
    await user.type(screen.getByLabelText('Nội dung'), 'x');
    await user.click(screen.getByRole('button', { name: 'Gửi thông báo' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Mỗi giờ bạn chỉ gửi được 5 thông báo; vui lòng thử lại sau');
  });
});
