/** Vietnamese, the default language and the shape every language of the chat room follows. */
export const chatVi = {
  title: 'Phòng trò chuyện',
  close: 'Đóng phòng trò chuyện',
  loading: 'Đang tải tin nhắn…',
  loadError: 'Không tải được tin nhắn.',
  retry: 'Thử lại',
  older: 'Xem tin nhắn cũ hơn',
  empty: 'Chưa có tin nhắn nào. Hãy là người đầu tiên chào mọi người!',
  messages: 'Tin nhắn trong phòng',
  you: 'Bạn',
  inputLabel: 'Tin nhắn',
  placeholder: 'Nhập tin nhắn, nhấn Enter để gửi',
  send: 'Gửi',
  sending: 'Đang gửi…',
  counter: '{{count}}/{{max}}',
  counterLabel: 'Đã nhập {{count}} trên {{max}} ký tự',
  newMessages: 'Có tin nhắn mới',
  unread: '{{count}} tin nhắn chưa đọc',
  loginNeeded: 'Vui lòng đăng nhập để vào phòng trò chuyện.',
  login: 'Đăng nhập',
  trialRefused: 'Tài khoản dùng thử không thể dùng phòng trò chuyện. Vui lòng đăng ký tài khoản chính thức.',
  rules: 'Hãy trò chuyện lịch sự. Không chia sẻ mật khẩu hay thông tin cá nhân.',
};

export type ChatTranslation = typeof chatVi;
