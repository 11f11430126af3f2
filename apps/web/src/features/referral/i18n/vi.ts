/** Invite friends (member centre `referral`): the texts of the page. */
export const referralVi = {
  loading: 'Đang tải thông tin mời bạn bè…',
  invite: {
    title: 'Mã và liên kết mời của bạn',
    hint: 'Gửi liên kết hoặc mã QR cho bạn bè. Bạn bè đăng ký qua liên kết sẽ có sẵn mã của bạn.',
    code: 'Mã giới thiệu của bạn',
    link: 'Liên kết mời',
    qr: 'Mã QR của liên kết mời',
  },
  rules: {
    title: 'Cách nhận thưởng',
    off: 'Chương trình thưởng mời bạn bè đang tạm dừng; bạn bè vẫn có thể đăng ký bằng mã của bạn.',
    deposit: 'Bạn bè nạp lần đầu từ {{amount}} trở lên',
    depositAny: 'Bạn bè nạp tiền lần đầu',
    validBet: 'và cược hợp lệ đủ {{amount}}',
    within: 'trong vòng {{count}} ngày kể từ ngày đăng ký.',
    reward: 'Bạn nhận {{amount}} cho mỗi người bạn đủ điều kiện.',
    inviteeReward: 'Bạn bè cũng nhận {{amount}}.',
    wagering: 'Tiền thưởng cần cược đủ {{multiple}} lần trước khi rút.',
    sameIdentity: 'Tài khoản của cùng một người (cùng thiết bị, số điện thoại, tên hoặc thẻ ngân hàng) không được thưởng.',
  },
  totals: { invited: 'Đã mời', qualified: 'Đủ điều kiện', earned: 'Đã nhận', pending: 'Chờ nhận' },
  rewards: {
    title: 'Phần thưởng chờ nhận',
    empty: 'Chưa có phần thưởng nào chờ nhận.',
    forFriend: 'Mời {{friend}}',
    fromFriend: 'Tham gia qua lời mời của {{friend}}',
    wagering: 'Cược {{multiple}} lần trước khi rút',
    claim: 'Nhận thưởng',
    claiming: 'Đang nhận…',
    claimed: 'Đã cộng {{amount}} vào ví chính.',
  },
  invitees: {
    title: 'Bạn bè đã mời',
    empty: 'Chưa có bạn bè nào đăng ký bằng mã của bạn. Hãy gửi liên kết cho bạn bè!',
    friend: 'Bạn bè',
    registeredAt: 'Ngày đăng ký',
    deadline: 'Hạn đủ điều kiện',
    status: 'Trạng thái',
    reward: 'Thưởng',
  },
  status: {
    registered: 'Đã đăng ký',
    qualified: 'Đủ điều kiện',
    rewarded: 'Đã thưởng',
    not_eligible: 'Không được thưởng',
    expired: 'Hết hạn',
  },
  refusal: {
    same_identity: 'Cùng một người với bạn',
    cap_reached: 'Đã đạt số lần thưởng tối đa',
  },
};

export type ReferralTranslation = typeof referralVi;
