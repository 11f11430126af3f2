import type { Shape } from './en.ts';

/** The jackpots screen, added when its chunk loads (`addSectionTexts`). */
export const jackpotsEn = {
  title: 'Jackpots',
  intro:
    "The pools belong to the house game server (vendor {{vendor}}): they grow with every stake and pay their winners there, and the platform only shows them. The home page's counter shows their sum in the site's currency.",
  counter: 'Home counter now',
  fromPools:
    'The counter starts from the sum of the pools in {{currency}} read at {{time}}, then grows by the display rule until the next reading (every few seconds).',
  fromRule: 'No pool in {{currency}} is published right now, so the counter runs on the display rule alone.',
  notPublishing: 'The house game server did not answer: no pool can be shown. The counter runs on the display rule.',
  pools: 'Pools published',
  game: 'Game',
  currency: 'Currency',
  amount: 'Pool',
  counted: 'In the counter',
  yes: 'Yes',
  no: 'No, another currency',
  noPools: 'No pool is published.',
  rule: 'Display rule',
  ruleHint:
    'Without pools the counter shows the base, plus the growth at every tick since it started. With pools only the growth and the tick apply. Amounts in display units (two decimals).',
  base: 'Base',
  growth: 'Growth per tick',
  tick: 'Tick (seconds)',
  startedAt: 'Counting since',
  restart: 'Start again from the base now',
  edit: 'Edit the rule',
  save: 'Save the rule',
  saved: 'The display rule is saved; the site shows it at once.',
  editTitle: 'Display rule of the home counter',
  problems: {
    base: 'Write the base as an amount of at most two decimals, from 0 to 100,000,000,000.',
    growth: 'Write the growth as an amount of at most two decimals, from 0 to 10,000,000.',
    tick: 'Write the tick in seconds, from 0.25 to 3,600.',
  },
};

export const jackpotsVi: Shape<typeof jackpotsEn> = {
  title: 'Hũ thưởng',
  intro:
    'Các hũ thuộc máy chủ trò chơi của nhà cái (nhà cung cấp {{vendor}}): hũ tăng theo mỗi lượt cược và trả thưởng cho người trúng tại đó, nền tảng chỉ hiển thị. Bộ đếm trên trang chủ hiển thị tổng các hũ theo tiền tệ của trang.',
  counter: 'Bộ đếm trang chủ lúc này',
  fromPools:
    'Bộ đếm bắt đầu từ tổng các hũ bằng {{currency}} đọc lúc {{time}}, rồi tăng theo quy tắc hiển thị đến lần đọc sau (vài giây một lần).',
  fromRule: 'Hiện không có hũ nào bằng {{currency}}, nên bộ đếm chỉ chạy theo quy tắc hiển thị.',
  notPublishing: 'Máy chủ trò chơi của nhà cái không trả lời: không thể hiển thị hũ nào. Bộ đếm chạy theo quy tắc hiển thị.',
  pools: 'Các hũ đang công bố',
  game: 'Trò chơi',
  currency: 'Tiền tệ',
  amount: 'Giá trị hũ',
  counted: 'Tính vào bộ đếm',
  yes: 'Có',
  no: 'Không, tiền tệ khác',
  noPools: 'Không có hũ nào được công bố.',
  rule: 'Quy tắc hiển thị',
  ruleHint:
    'Khi không có hũ, bộ đếm hiển thị giá trị gốc cộng mức tăng mỗi nhịp kể từ lúc bắt đầu. Khi có hũ, chỉ mức tăng và nhịp được áp dụng. Số tiền theo đơn vị hiển thị (hai chữ số thập phân).',
  base: 'Giá trị gốc',
  growth: 'Mức tăng mỗi nhịp',
  tick: 'Nhịp (giây)',
  startedAt: 'Bắt đầu đếm từ',
  restart: 'Bắt đầu lại từ giá trị gốc ngay bây giờ',
  edit: 'Sửa quy tắc',
  save: 'Lưu quy tắc',
  saved: 'Đã lưu quy tắc hiển thị; trang hiển thị ngay.',
  editTitle: 'Quy tắc hiển thị của bộ đếm trang chủ',
  problems: {
    base: 'Nhập giá trị gốc là số tiền tối đa hai chữ số thập phân, từ 0 đến 100.000.000.000.',
    growth: 'Nhập mức tăng là số tiền tối đa hai chữ số thập phân, từ 0 đến 10.000.000.',
    tick: 'Nhập nhịp bằng giây, từ 0,25 đến 3.600.',
  },
};

export const jackpotsZh: Shape<typeof jackpotsEn> = {
  title: '奖池',
  intro:
    '奖池属于自营游戏服务器（供应商 {{vendor}}）：每笔投注都会使其增长，并在那里向中奖者派奖，平台只负责展示。首页计数器显示网站币种的奖池总和。',
  counter: '首页计数器当前值',
  fromPools: '计数器从 {{time}} 读取的 {{currency}} 奖池总和开始，然后按展示规则增长，直到下一次读取（每隔几秒）。',
  fromRule: '目前没有以 {{currency}} 计的奖池，计数器仅按展示规则运行。',
  notPublishing: '自营游戏服务器没有回应：无法显示奖池。计数器按展示规则运行。',
  pools: '已公布的奖池',
  game: '游戏',
  currency: '币种',
  amount: '奖池金额',
  counted: '计入计数器',
  yes: '是',
  no: '否，其他币种',
  noPools: '没有公布的奖池。',
  rule: '展示规则',
  ruleHint: '没有奖池时，计数器显示基数加上自开始以来每个节拍的增量。有奖池时只使用增量和节拍。金额以展示单位计（两位小数）。',
  base: '基数',
  growth: '每节拍增量',
  tick: '节拍（秒）',
  startedAt: '开始计数时间',
  restart: '立即从基数重新开始',
  edit: '编辑规则',
  save: '保存规则',
  saved: '展示规则已保存，网站会立即显示。',
  editTitle: '首页计数器的展示规则',
  problems: {
    base: '基数请填写最多两位小数的金额，范围 0 至 100,000,000,000。',
    growth: '增量请填写最多两位小数的金额，范围 0 至 10,000,000。',
    tick: '节拍请以秒填写，范围 0.25 至 3,600。',
  },
};
