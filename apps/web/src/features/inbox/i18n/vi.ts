/** The inbox's texts (the member centre's "messageV2" page). */
export const inboxVi = {
  title: 'Hộp thư',
  loading: 'Đang tải tin nhắn…',
  loadError: 'Không tải được tin nhắn.',
  retry: 'Thử lại',
  filter: {
    label: 'Lọc tin nhắn',
    all: 'Tất cả',
    unread: 'Chưa đọc',
  },
  unreadCount: 'Chưa đọc: {{count}}',
  readAll: 'Đánh dấu đã đọc tất cả',
  readAllDone: 'Đã đánh dấu tất cả là đã đọc.',
  empty: 'Hộp thư trống. Thông báo của trang sẽ xuất hiện ở đây.',
  emptyUnread: 'Bạn đã đọc hết tin nhắn.',
  unread: 'Chưa đọc',
  back: 'Quay lại danh sách',
  sentAt: 'Gửi lúc',
  delete: 'Xóa',
  deleteTitle: 'Xóa tin nhắn',
  deleteConfirm: 'Xóa tin nhắn “{{title}}”? Tin nhắn sẽ không còn trong hộp thư của bạn.',
  deleteYes: 'Xóa',
  deleteNo: 'Hủy',
  deleted: 'Đã xóa tin nhắn.',
  category: {
    system: 'Hệ thống',
    promotion: 'Khuyến mãi',
    account: 'Tài khoản',
  },
  pager: {
    label: 'Trang tin nhắn',
    previous: 'Trang trước',
    next: 'Trang sau',
    position: 'Trang {{page}}/{{pages}}',
  },
};

export type InboxTranslation = typeof inboxVi;
