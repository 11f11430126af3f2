/** Vietnamese, the default language. Every key here exists in en.ts too. */
export const vi = {
  app: {
    loading: 'Đang tải…',
    skipToContent: 'Bỏ qua đến nội dung chính',
  },
  language: {
    label: 'Ngôn ngữ',
    vi: 'Tiếng Việt',
    en: 'English',
  },
  error: {
    title: 'Không thể tải trang',
    network: 'Sự cố mạng, vui lòng thử lại.',
    timeout: 'Tải trang quá thời gian, vui lòng kiểm tra kết nối.',
    unknown: 'Lỗi hệ thống không xác định.',
    retry: 'Thử lại',
  },
  in_customer_service: 'Chăm sóc khách hàng',
  game_maintenance: 'Hệ thống đang bảo trì',
  info_maintenance: 'Chúng tôi đang bảo trì để nâng cấp dịch vụ. Vui lòng quay lại sau, xin cảm ơn bạn đã kiên nhẫn.',
  maintenance: {
    expectedEnd: 'Dự kiến hoàn tất: {{time}}',
  },
  blockip: 'Truy cập bị hạn chế',
  info_ip_block:
    'Rất tiếc, dịch vụ của chúng tôi không khả dụng tại khu vực của bạn. Nếu bạn cho rằng đây là nhầm lẫn, vui lòng liên hệ bộ phận chăm sóc khách hàng.',
  block: {
    yourIp: 'Địa chỉ IP của bạn',
  },
  home: {
    welcomeTitle: 'Chào mừng đến với Lotus',
    welcomeText: 'Sòng bài trực tuyến, thể thao, xổ số Việt Nam và hàng trăm trò chơi khác trong một tài khoản.',
    categoriesTitle: 'Danh mục trò chơi',
    categories: {
      live: 'Sòng bài trực tiếp',
      rng: 'Nổ hũ',
      fish: 'Bắn cá',
      pvp: 'Game bài',
      sports: 'Thể thao',
      esports: 'Thể thao điện tử',
      lottery: 'Xổ số',
    },
  },
  footer: {
    responsibleGaming: 'Chơi có trách nhiệm. Chỉ dành cho người từ 18 tuổi trở lên.',
    rights: 'Bảo lưu mọi quyền.',
  },
} as const;
