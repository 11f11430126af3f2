/**
 * The reports' responsible-gaming triggers tab, merged into the `reports` texts when the reports
 * chunk loads (`addSectionTexts`), so the console's first load does not carry them.
 */
export const reportTriggersEn = {
  tabs: { 'rg-triggers': 'Limit refusals per day' },
  files: { 'rg-triggers': 'limit refusals per day' },
  triggers: {
    hint: 'Each time a member’s deposit, loss or wager limit, break or self-exclusion refused a deposit or a stake, counted per day as it happened, with its reason. “Members” counts each member once per day and reason; the totals count each member once over the range.',
    chart: 'Refusals per day by reason',
    summary: '{{refusals}} refusals over the range.',
    day: 'Day',
    kind: 'Reason',
    members: 'Members refused',
    refusals: 'Refusals',
    totalOf: 'Total: {{kind}}',
    kinds: { deposit: 'Deposit limit', loss: 'Net loss limit', wager: 'Stake limit', break: 'On a break', self_exclusion: 'Self-excluded' },
    empty: 'Nothing was refused over these days.',
  },
};

type Texts = typeof reportTriggersEn;

export const reportTriggersVi: Texts = {
  tabs: { 'rg-triggers': 'Giới hạn từ chối theo ngày' },
  files: { 'rg-triggers': 'số lần giới hạn từ chối theo ngày' },
  triggers: {
    hint: 'Mỗi lần giới hạn nạp, thua hoặc cược, thời gian tạm nghỉ hoặc tự loại trừ của một thành viên từ chối một lần nạp hoặc một lần cược, được đếm theo ngày ngay khi xảy ra, kèm lý do. “Thành viên” đếm mỗi thành viên một lần cho mỗi ngày và mỗi lý do; dòng tổng đếm mỗi thành viên một lần trong cả khoảng.',
    chart: 'Số lần từ chối mỗi ngày theo lý do',
    summary: '{{refusals}} lần từ chối trong khoảng này.',
    day: 'Ngày',
    kind: 'Lý do',
    members: 'Thành viên bị từ chối',
    refusals: 'Số lần từ chối',
    totalOf: 'Tổng: {{kind}}',
    kinds: {
      deposit: 'Giới hạn nạp',
      loss: 'Giới hạn thua ròng',
      wager: 'Giới hạn cược',
      break: 'Đang tạm nghỉ',
      self_exclusion: 'Tự loại trừ',
    },
    empty: 'Không có giao dịch nào bị từ chối trong những ngày này.',
  },
};

export const reportTriggersZh: Texts = {
  tabs: { 'rg-triggers': '每日限额拒绝' },
  files: { 'rg-triggers': '每日限额拒绝' },
  triggers: {
    hint: '会员的存款、亏损或投注限额每拒绝一次存款或投注，即按当天计数。“会员”按每天每种限额计一次；合计行在整个区间内每位会员只计一次。',
    chart: '每日拒绝次数（按原因）',
    summary: '区间内共拒绝 {{refusals}} 次。',
    day: '日期',
    kind: '原因',
    members: '被拒绝会员',
    refusals: '拒绝次数',
    totalOf: '合计：{{kind}}',
    kinds: { deposit: '存款限额', loss: '净输限额', wager: '投注限额', break: '冷静期中', self_exclusion: '自我排除' },
    empty: '这些日期内没有任何被拒绝的操作。',
  },
};
