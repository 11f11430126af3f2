import type { Shape } from './en.ts';

/** The member file's bonus grants card, added with the members chunk (`addSectionTexts`). */
export const memberGrantsEn = {
  title: 'Bonus grants',
  empty: 'No bonus was granted to this member.',
  promotion: 'Promotion',
  status: 'State',
  statuses: { active: 'Active', completed: 'Completed', expired: 'Expired', forfeited: 'Forfeited' },
  amount: 'Granted',
  balance: 'Bonus left',
  progress: 'Wagering',
  progressOf: '{{done}} of {{required}} ({{percent}} %)',
  expires: 'Expires',
  closed: 'Closed {{time}}',
  converted: 'Converted {{amount}}',
  forfeit: 'Forfeit',
  forfeitTitle: 'Forfeit grant #{{id}} of {{username}}',
  forfeitHint:
    'The bonus left returns to the promotion pool at once and the wagering stops; the member keeps any cash already converted. This cannot be undone.',
  reasonRequired: 'Write the reason (3 characters or more); it goes into the audit log.',
  forfeited: 'Grant #{{id}} forfeited.',
};

export const memberGrantsVi: Shape<typeof memberGrantsEn> = {
  title: 'Tiền thưởng khuyến mãi',
  empty: 'Thành viên chưa nhận khoản thưởng nào.',
  promotion: 'Khuyến mãi',
  status: 'Trạng thái',
  statuses: { active: 'Đang hiệu lực', completed: 'Đã hoàn thành', expired: 'Đã hết hạn', forfeited: 'Đã thu hồi' },
  amount: 'Đã thưởng',
  balance: 'Thưởng còn lại',
  progress: 'Vòng cược',
  progressOf: '{{done}} / {{required}} ({{percent}} %)',
  expires: 'Hết hạn',
  closed: 'Đóng lúc {{time}}',
  converted: 'Đã quy đổi {{amount}}',
  forfeit: 'Thu hồi',
  forfeitTitle: 'Thu hồi khoản thưởng #{{id}} của {{username}}',
  forfeitHint:
    'Tiền thưởng còn lại trả về quỹ khuyến mãi ngay và vòng cược dừng; thành viên giữ phần tiền mặt đã quy đổi. Không thể hoàn tác.',
  reasonRequired: 'Nhập lý do (ít nhất 3 ký tự); lý do được ghi vào nhật ký kiểm toán.',
  forfeited: 'Đã thu hồi khoản thưởng #{{id}}.',
};

export const memberGrantsZh: Shape<typeof memberGrantsEn> = {
  title: '优惠奖金',
  empty: '该会员没有获得过奖金。',
  promotion: '优惠',
  status: '状态',
  statuses: { active: '生效中', completed: '已完成', expired: '已过期', forfeited: '已没收' },
  amount: '发放',
  balance: '剩余奖金',
  progress: '流水',
  progressOf: '{{done}} / {{required}}（{{percent}} %）',
  expires: '到期',
  closed: '{{time}} 结束',
  converted: '已转换 {{amount}}',
  forfeit: '没收',
  forfeitTitle: '没收 {{username}} 的奖金 #{{id}}',
  forfeitHint: '剩余奖金立即退回优惠资金池，流水停止；会员保留已转换的现金。此操作无法撤销。',
  reasonRequired: '请填写原因（至少 3 个字符），将记入审计日志。',
  forfeited: '奖金 #{{id}} 已没收。',
};
