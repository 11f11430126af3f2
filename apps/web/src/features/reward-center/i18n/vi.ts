/** The rewards centre's texts (`rewardCenter`): rewards to claim and the redeem-code box; Vietnamese. */
export const rewardCenterVi = {
  title: 'Phần thưởng chờ nhận',
  count_one: '{{count}} phần thưởng',
  count_other: '{{count}} phần thưởng',
  empty: 'Bạn chưa có phần thưởng nào chờ nhận. Hoàn thành nhiệm vụ hoặc điểm danh để nhận thêm.',
  claim: 'Nhận',
  claiming: 'Đang nhận…',
  claimed: 'Đã nhận {{reward}}.',
  expires: 'Hết hạn {{time}}',
  sources: {
    mission: 'Nhiệm vụ',
    sign_in: 'Điểm danh',
    referral: 'Mời bạn bè',
    vip: 'VIP',
    code: 'Mã đổi thưởng',
    operator: 'Quà tặng',
    promotion: 'Khuyến mãi',
    red_envelope: 'Lì xì',
    rebate: 'Hoàn trả',
  },
  reward: { points: '{{amount}} điểm', bonus: 'Thưởng khuyến mãi' },
  code: {
    title: 'Nhập mã đổi thưởng',
    label: 'Mã đổi thưởng',
    placeholder: 'Ví dụ: LOTUS2026',
    submit: 'Đổi thưởng',
    submitting: 'Đang đổi…',
    empty: 'Vui lòng nhập mã đổi thưởng.',
    redeemed: 'Đổi mã thành công: bạn nhận được {{reward}}.',
  },
  history: {
    title: 'Phần thưởng đã nhận',
    empty: 'Bạn chưa nhận phần thưởng nào. Phần thưởng đã nhận và mã đã đổi sẽ hiện ở đây.',
    claimedAt: 'Đã nhận lúc {{time}}',
  },
};

export type RewardCenterTranslation = typeof rewardCenterVi;
