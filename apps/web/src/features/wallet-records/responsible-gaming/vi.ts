/** Vietnamese texts of the reality-check reminder; the shape other languages follow. */
export const realityCheckVi = {
  title: 'Nhắc nhở thời gian chơi',
  played: 'Bạn đã đăng nhập {{hours}} giờ {{minutes}} phút.',
  since: 'Từ khi đăng nhập: {{rounds}} ván, tổng cược {{stake}}, nhận về {{payout}}.',
  netWin: 'Kết quả: thắng {{amount}}.',
  netLoss: 'Kết quả: thua {{amount}}.',
  netEven: 'Kết quả: hòa vốn.',
  hint: 'Bạn có thể đổi khoảng nhắc hoặc đặt giới hạn trong mục Chơi có trách nhiệm.',
  continue: 'Tiếp tục chơi',
  record: 'Xem lịch sử tài khoản',
  logout: 'Đăng xuất',
};

export type RealityCheckTranslation = typeof realityCheckVi;
