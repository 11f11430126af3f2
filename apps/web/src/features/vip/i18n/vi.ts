/** The player-rank page's texts (`playerRank`), Vietnamese. */
export const vipVi = {
  current: 'Cấp hiện tại',
  window: {
    rolling30: 'Tính trên 30 ngày gần nhất ({{from}} – {{to}})',
    calendarMonth: 'Tính trong tháng này ({{from}} – {{to}})',
  },
  deposits: 'Nạp tiền',
  validBet: 'Cược hợp lệ',
  next: 'Lên {{name}} ({{code}})',
  missing: 'Còn thiếu {{amount}}',
  reached: 'Đã đạt',
  top: 'Bạn đang ở cấp cao nhất.',
  keep: 'Giữ cấp: nạp {{deposit}} và cược hợp lệ {{validBet}} trong kỳ',
  keepMet: 'Bạn đang đủ điều kiện giữ cấp.',
  keepMissing: 'Để giữ cấp còn thiếu: nạp {{deposit}}, cược hợp lệ {{validBet}}.',
  progress: '{{label}}: {{have}} / {{need}}',
  ladder: 'Các cấp VIP và quyền lợi',
  ladderCaption: 'Các cấp VIP, điều kiện và quyền lợi',
  level: 'Cấp',
  needs: 'Điều kiện',
  needsText: 'Nạp {{deposit}} · Cược {{validBet}}',
  upgradeBonus: 'Thưởng lên cấp',
  periodicBonus: 'Thưởng định kỳ',
  periodic: { W: '{{amount}} / tuần', M: '{{amount}} / tháng' },
  rebates: 'Hoàn trả',
  none: '—',
  you: 'Cấp của bạn',
  rebateLine: '{{category}} {{rate}} ({{period}})',
  periods: { D: 'ngày', W: 'tuần', H: 'nửa tháng', M: 'tháng' },
  noLadder: 'Chương trình VIP chưa mở.',
};

export type VipTranslation = typeof vipVi;
