/** Vietnamese texts of the speed test; the shape other languages follow. */
export const speedTestVi = {
  title: 'Kiểm tra tốc độ đường truyền',
  intro: 'Đo thời gian phản hồi và tốc độ tải từ trình duyệt của bạn tới từng đường truy cập của trang.',
  caption: 'Kết quả đo theo đường truy cập',
  line: 'Đường truy cập',
  latency: 'Phản hồi',
  download: 'Tốc độ tải',
  ms: '{{value}} ms',
  mbps: '{{value}} Mbps',
  measuring: 'Đang đo…',
  unreachable: 'Không kết nối được',
  current: 'Đang dùng',
  fastest: 'Nhanh nhất',
  use: 'Dùng đường này',
  again: 'Đo lại',
  done: 'Đã đo xong {{count}} đường truy cập.',
};

export type SpeedTestTranslation = typeof speedTestVi;
