/** Customer service and the house live chat, in Vietnamese (the reference: English must have every key). */
export const customerServiceVi = {
  title: 'Chăm sóc khách hàng',
  vipTitle: 'Chăm sóc khách hàng VIP',
  loading: 'Đang tải tin nhắn…',
  loadError: 'Không tải được tin nhắn.',
  retry: 'Thử lại',
  older: 'Xem tin nhắn cũ hơn',
  empty: 'Bạn cần hỗ trợ gì? Hãy nhắn cho chúng tôi, nhân viên sẽ trả lời tại đây.',
  closedNote: 'Cuộc trò chuyện trước đã kết thúc. Nhắn tin để bắt đầu cuộc mới.',
  messages: 'Tin nhắn với chăm sóc khách hàng',
  you: 'Bạn',
  staff: 'Chăm sóc khách hàng',
  inputLabel: 'Tin nhắn',
  placeholder: 'Nhập tin nhắn, nhấn Enter để gửi',
  send: 'Gửi',
  sending: 'Đang gửi…',
  unread: '{{count}} tin nhắn chưa đọc từ chăm sóc khách hàng',
  loginNeeded: 'Vui lòng đăng nhập để trò chuyện với chăm sóc khách hàng.',
  trialRefused: 'Tài khoản dùng thử không thể trò chuyện với chăm sóc khách hàng. Vui lòng đăng ký tài khoản chính thức.',
  login: 'Đăng nhập',
  popupBlocked: 'Trình duyệt đã chặn cửa sổ mới. Hãy cho phép cửa sổ bật lên cho trang này rồi thử lại.',
  openFailed: 'Không mở được kênh chăm sóc khách hàng. Vui lòng thử lại sau ít phút.',
  dismiss: 'Đóng thông báo',
};

export type CustomerServiceTranslation = typeof customerServiceVi;
