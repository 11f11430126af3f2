import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { sanitizeAnnouncementHtml } from '../content/content.sanitize.ts';
import * as repo from './inbox.repository.ts';

/**
 * The demo site's platform messages: a welcome and a maintenance notice to every member, and an
 * account notice to the demo players, sent (as an operator would) once the demo accounts exist. A
 * message has one text; the site's default language is Vietnamese, so the demo writes Vietnamese
 * first and repeats it in English. Play money only: nothing promises a real-money bonus.
 */
export async function seedDemoInbox(
  trx: Kysely<DB>,
  input: { merchantId: number; adminId: number; playerIds: readonly number[] },
): Promise<void> {
  const { merchantId, adminId, playerIds } = input;
  // Messages to all members reach those registered when they were sent. Stamped by the database like
  // the demo accounts, inside the seed's transaction (the same now()), so the accounts count as
  // registered by then. Inserted oldest first: at the same time, the newest has the highest id.

  await repo.insertMessage(trx, {
    merchantId,
    category: 'system',
    title: 'Chào mừng đến với Lotus / Welcome to Lotus',
    bodyHtml: sanitizeAnnouncementHtml(
      '<p>Chào mừng bạn đến với Lotus! Đây là hộp thư của bạn: thông báo của trang, tin về tài khoản và khuyến mãi sẽ đến đây.</p>' +
        '<ul><li>Nạp và rút tiền trong <strong>Trung tâm hội viên</strong>.</li><li>Đặt giới hạn chơi trong mục <strong>Chơi có trách nhiệm</strong>.</li></ul>' +
        '<hr><p>Welcome to Lotus! This is your inbox: site notices, account news and promotions arrive here.</p>' +
        '<ul><li>Deposit and withdraw in the <strong>Member centre</strong>.</li><li>Set your play limits under <strong>Responsible gaming</strong>.</li></ul>',
    ),
    audience: { type: 'all' },
    sender: { adminId },
  });

  await repo.insertMessage(trx, {
    merchantId,
    category: 'system',
    title: 'Bảo trì định kỳ / Scheduled maintenance',
    bodyHtml: sanitizeAnnouncementHtml(
      '<p>Hệ thống bảo trì định kỳ vào 02:00–03:00 sáng thứ Ba hằng tuần. Trong thời gian này bạn có thể không vào được trò chơi; số dư của bạn không bị ảnh hưởng.</p>' +
        '<hr><p>Routine maintenance runs every Tuesday from 02:00 to 03:00. Games may be unavailable during that hour; your balance is not affected.</p>',
    ),
    audience: { type: 'all' },
    sender: { adminId },
  });

  await repo.insertMessage(trx, {
    merchantId,
    category: 'system',
    title: 'Thông báo cho đại lý: đối soát tháng / To agents: monthly statement',
    bodyHtml: sanitizeAnnouncementHtml(
      '<p>Kính gửi các đại lý: số liệu cược hợp lệ của đội được tổng hợp theo ngày; đối soát tháng chốt vào ngày 1 hằng tháng lúc 12:00. Vui lòng kiểm tra trang <strong>Tổng quan đội</strong> trước thời điểm này.</p>' +
        '<hr><p>Dear agents: team valid bets are rolled up per day; the monthly statement closes on the 1st of each month at 12:00. Please check the <strong>Team overview</strong> page before then.</p>',
    ),
    audience: { type: 'agents' },
    sender: { adminId },
  });

  if (playerIds.length === 0) return;
  const notice = await repo.insertMessage(trx, {
    merchantId,
    category: 'account',
    title: 'Tài khoản demo đã có tiền ảo / Your demo credits are ready',
    bodyHtml: sanitizeAnnouncementHtml(
      '<p>Tài khoản của bạn đã được nạp tiền ảo để chơi thử. Tiền ảo không có giá trị thật và không thể rút về ngân hàng.</p>' +
        '<hr><p>Your account holds demo credits to try the games. Demo credits have no real value and cannot be withdrawn to a bank.</p>',
    ),
    audience: { type: 'members', memberIds: [...playerIds] },
    sender: { adminId },
  });
  await repo.insertRecipients(trx, notice.id, playerIds);
}
