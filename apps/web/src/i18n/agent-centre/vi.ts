/** Vietnamese, the default language and the shape every language of the agent centre's frame follows. */
export const agentCentreVi = {
  title: 'Trung tâm đại lý',
  menuLabel: 'Các trang của trung tâm đại lý',
  team: 'Đội của bạn: {{count}} thành viên',
  noPages: 'Chưa có trang nào trong trung tâm đại lý.',
  pages: {
    agentAnnouncement: { title: 'Thông báo', description: 'Thông báo gửi đến đại lý và thông báo bạn gửi cho tuyến dưới.' },
    agentTeamOverview: {
      title: 'Tổng quan',
      description: 'Quy mô đội theo cấp, thành viên mới và hoạt động, nạp, rút, cược hợp lệ và lãi lỗ theo kỳ.',
    },
    registerCenter: { title: 'Mở tài khoản', description: 'Mở tài khoản cho tuyến dưới, mã mời và đường dẫn mời của bạn.' },
    downlineManagmentView: {
      title: 'Quản lý đội',
      description: 'Tuyến dưới trực tiếp, xem từng cấp, tìm theo tên tài khoản và chuyển tiền cho thành viên.',
    },
    personalHistoryCopy: {
      title: 'Cược của đội',
      description: 'Lịch sử cược của cả đội, lọc theo thành viên, cấp, loại trò chơi và ngày.',
    },
    palStatementsAgentCopy: { title: 'Lãi lỗ cấp dưới', description: 'Lãi lỗ của từng tuyến dưới trực tiếp cùng cả đội của họ.' },
    agentRevenueReport: { title: 'Thu nhập của tôi', description: 'Mọi khoản thu nhập bạn nhận được, theo kỳ.' },
    agentDownlineTransactionDetailsCopy: {
      title: 'Giao dịch của đội',
      description: 'Nạp, rút, chuyển tiền và thưởng của cả đội, có bộ lọc và tổng cộng.',
    },
    agentDividendRecordCopy2: { title: 'Chia cổ tức', description: 'Hợp đồng chia cổ tức của bạn và tuyến dưới, và các kỳ đã thanh toán.' },
    agentDailyWages2: { title: 'Lương ngày', description: 'Hợp đồng lương ngày của bạn và tuyến dưới, và các ngày đã thanh toán.' },
    agentHourSalary: { title: 'Lương giờ', description: 'Hợp đồng lương giờ của bạn và tuyến dưới, và các giờ đã thanh toán.' },
    agentRealtimeSalary: {
      title: 'Lương thời gian thực',
      description: 'Hợp đồng lương thời gian thực của bạn và tuyến dưới, và các kỳ đã thanh toán.',
    },
    agentRedEnvelope: { title: 'Lì xì', description: 'Gửi lì xì cho đội của bạn và xem những lì xì đã gửi.' },
    agentWallet: {
      title: 'Ví đại lý',
      description: 'Chuyển tiền giữa ví chính và ví đại lý. Tiền chuyển cho tuyến dưới được trừ từ ví đại lý.',
    },
  },
};

export type AgentCentreTranslation = typeof agentCentreVi;
