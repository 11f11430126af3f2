import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './content.repository.ts';
import { sanitizeAnnouncementHtml } from './content.sanitize.ts';

const HOUR_MS = 3_600_000;

/**
 * The demo site's banners (images in apps/web/public/banners, without text so one image serves
 * every language; the title is drawn over it) and announcements. Play money only: nothing here
 * promises a real-money bonus.
 */
export async function seedDemoContent(trx: Kysely<DB>, merchantId: number, at: Date): Promise<void> {
  const banners: repo.BannerValues[] = [
    {
      group_name: 'w_home',
      image_url: '/banners/lotus-welcome.svg',
      linkage_type: 'ROUTE',
      linkage_target: '/register',
      title_vi: 'Chào mừng đến với Lotus — chơi thử bằng tiền ảo',
      title_en: 'Welcome to Lotus — play with demo credits',
      sort: 1,
      starts_at: null,
      ends_at: null,
      enabled: true,
    },
    {
      group_name: 'w_home',
      image_url: '/banners/lotus-games.svg',
      linkage_type: 'ROUTE',
      linkage_target: '/rng',
      title_vi: 'Khám phá trò chơi: slot, bài và xổ số',
      title_en: 'Explore the games: slots, cards and lottery',
      sort: 2,
      starts_at: null,
      ends_at: null,
      enabled: true,
    },
    {
      group_name: 'w_home',
      image_url: '/banners/lotus-balance.svg',
      linkage_type: 'ROUTE',
      linkage_target: '/help',
      title_vi: 'Chơi có trách nhiệm: đặt giới hạn thời gian cho mình',
      title_en: 'Play responsibly: set yourself a time limit',
      sort: 3,
      starts_at: null,
      ends_at: null,
      enabled: true,
    },
  ];
  // The account popups' own groups (spec: w_login and w_register).
  banners.push(
    {
      group_name: 'w_login',
      image_url: '/banners/lotus-games.svg',
      linkage_type: null,
      linkage_target: null,
      title_vi: 'Chào mừng trở lại — trò chơi của bạn đang chờ',
      title_en: 'Welcome back — your games are waiting',
      sort: 1,
      starts_at: null,
      ends_at: null,
      enabled: true,
    },
    {
      group_name: 'w_register',
      image_url: '/banners/lotus-welcome.svg',
      linkage_type: null,
      linkage_target: null,
      title_vi: 'Tạo tài khoản và chơi thử bằng tiền ảo',
      title_en: 'Open an account and play with demo credits',
      sort: 1,
      starts_at: null,
      ends_at: null,
      enabled: true,
    },
  );
  for (const banner of banners) await repo.insertBanner(trx, merchantId, banner, at);

  const since = (hours: number) => new Date(at.getTime() - hours * HOUR_MS);
  const announcements: repo.AnnouncementValues[] = [
    {
      type: 'PU',
      title_vi: 'Chào mừng đến với Lotus',
      title_en: 'Welcome to Lotus',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Đây là trang trình diễn: mọi số dư đều là <strong>tiền ảo</strong>, không có giá trị thật và không thể rút.</p><p>Hãy đăng ký một tài khoản để thử các trò chơi, hoặc dùng chế độ chơi thử.</p>',
      ),
      body_en: sanitizeAnnouncementHtml(
        '<p>This is a demonstration site: every balance is <strong>play money</strong> with no real value and cannot be withdrawn.</p><p>Register an account to try the games, or use free play.</p>',
      ),
      platform: 'ALL',
      starts_at: since(2),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
    {
      type: 'B',
      title_vi: 'Chào mừng đến với Lotus',
      title_en: 'Welcome to Lotus',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Cảm ơn bạn đã ghé thăm. Lotus là bản trình diễn dùng <strong>tiền ảo</strong>: bạn có thể thử mọi trò chơi mà không mất gì.</p><ul><li>Số dư trình diễn không có giá trị thật.</li><li>Tiền ảo không thể nạp hay rút.</li></ul>',
      ),
      body_en: sanitizeAnnouncementHtml(
        '<p>Thanks for stopping by. Lotus is a demonstration using <strong>play money</strong>: try every game without risking anything.</p><ul><li>Demo balances have no real value.</li><li>Play money cannot be deposited or withdrawn.</li></ul>',
      ),
      platform: 'ALL',
      starts_at: since(48),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
    {
      type: 'B',
      title_vi: 'Nhắc nhở chơi có trách nhiệm',
      title_en: 'A reminder to play responsibly',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Trò chơi nên là niềm vui. Hãy đặt giới hạn thời gian, nghỉ giải lao thường xuyên và đừng chơi khi mệt mỏi hay căng thẳng.</p><p>Nếu bạn cảm thấy khó dừng lại, hãy nói chuyện với người thân hoặc tìm đến một tổ chức hỗ trợ.</p>',
      ),
      body_en: sanitizeAnnouncementHtml(
        '<p>Games should be fun. Set yourself a time limit, take regular breaks and do not play when tired or upset.</p><p>If you find it hard to stop, talk to someone you trust or reach out to a support organisation.</p>',
      ),
      platform: 'ALL',
      starts_at: since(24),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
    {
      type: 'B',
      title_vi: 'Lịch bảo trì định kỳ',
      title_en: 'Scheduled maintenance window',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Hệ thống được bảo trì định kỳ vào <strong>thứ Ba hằng tuần, từ 02:00 đến 04:00 (GMT+7)</strong>. Trong thời gian này, trang web có thể tạm thời không truy cập được.</p><p>Cảm ơn bạn đã thông cảm.</p>',
      ),
      body_en: sanitizeAnnouncementHtml(
        '<p>The site is serviced <strong>every Tuesday from 02:00 to 04:00 (GMT+7)</strong>. During this window it may be briefly unavailable.</p><p>Thank you for your patience.</p>',
      ),
      platform: 'ALL',
      starts_at: since(6),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
    {
      type: 'H',
      title_vi: 'Lotus là trang trình diễn dùng tiền ảo — chúc bạn chơi vui và có trách nhiệm.',
      title_en: 'Lotus is a play-money demonstration — have fun and play responsibly.',
      body_vi: '',
      body_en: '',
      platform: 'ALL',
      starts_at: since(48),
      ends_at: null,
      enabled: true,
      sort: -1,
    },
    // The news page (/news).
    {
      type: 'N',
      title_vi: 'Bảng vinh danh: những lượt thắng lớn nhất',
      title_en: 'The winner ranking: the biggest wins',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Trang <a href="/winners">Bảng vinh danh</a> xếp hạng 20 lượt thắng lớn nhất của hôm nay, tuần này hoặc tháng này, cho mọi trò chơi hoặc từng loại trò chơi.</p><p>Tên người chơi được che một phần để giữ riêng tư.</p>',
      ),
      body_en: sanitizeAnnouncementHtml(
        '<p>The <a href="/winners">winner ranking</a> lists the 20 biggest wins of today, this week or this month, across every game or one kind of game.</p><p>Player names are partly hidden to keep them private.</p>',
      ),
      platform: 'ALL',
      starts_at: since(3),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
    {
      type: 'N',
      title_vi: 'Xổ số trên bản trình diễn dùng kết quả đã công bố',
      title_en: 'Lottery draws on the demo use published results',
      body_vi: sanitizeAnnouncementHtml(
        '<p>Các đài xổ số truyền thống (Miền Bắc và các tỉnh) trên bản trình diễn được mở thưởng bằng <strong>bảng kết quả thật đã công bố trước đây</strong>, phát lại theo ngày, nên vé của bạn vẫn được trả thưởng đúng luật dù trang không kết nối mạng.</p><p>Đây không phải kết quả của ngày hôm nay. Xổ số nhanh tự quay số như thường lệ.</p>',
      ),
      body_en: sanitizeAnnouncementHtml(
        "<p>The traditional lottery stations (the North and the provinces) on the demo draw with <strong>result sheets that were really published in the past</strong>, replayed by day, so your tickets still settle by the rules while the site runs offline.</p><p>These are not today's results. The fast lottery draws by itself as always.</p>",
      ),
      platform: 'ALL',
      starts_at: since(30),
      ends_at: null,
      enabled: true,
      sort: 0,
    },
  ];
  for (const announcement of announcements) await repo.insertAnnouncement(trx, merchantId, announcement, at);
}
