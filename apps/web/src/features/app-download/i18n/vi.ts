/** Vietnamese, the default language and the shape every language of the download page follows. */
export const appDownloadVi = {
  intro: 'Chơi Lotus trên điện thoại: cài ứng dụng cho iOS hoặc Android, hoặc thêm trang web vào màn hình chính với bản iOS lite.',
  scan: 'Quét mã bằng camera điện thoại',
  qrLabel: 'Mã QR tải {{name}}',
  notAvailable: 'Chưa có',
  loading: 'Đang tải liên kết ứng dụng…',
  loadError: 'Không tải được liên kết ứng dụng. Bản iOS lite vẫn dùng được; hãy thử lại sau để tải ứng dụng.',
  retry: 'Thử lại',
  installNow: 'Cài đặt ngay',
  installed: 'Lotus đã được cài trên thiết bị này.',
  seeGuide: 'Xem hướng dẫn',
  platforms: {
    ios: {
      name: 'Ứng dụng iOS',
      description: 'Dành cho iPhone và iPad.',
      download: 'Tải cho iOS',
      missing: 'Ứng dụng iOS đang được chuẩn bị. Trong lúc chờ, hãy dùng bản iOS lite bên cạnh.',
    },
    android: {
      name: 'Ứng dụng Android',
      description: 'Tệp cài đặt APK cho điện thoại Android.',
      download: 'Tải cho Android',
      missing: 'Ứng dụng Android đang được chuẩn bị. Trong lúc chờ, bạn có thể thêm trang web vào màn hình chính (xem hướng dẫn).',
    },
    iosLite: {
      name: 'iOS lite',
      description: 'Thêm trang web vào màn hình chính: nhẹ, không cần cài đặt, luôn là bản mới nhất.',
    },
  },
  guide: {
    title: 'Hướng dẫn cài đặt',
    ios: [
      'Nhấn “Tải cho iOS” hoặc quét mã QR bằng camera của iPhone.',
      'Khi được hỏi, chọn “Cài đặt” và chờ biểu tượng Lotus xuất hiện trên màn hình chính.',
      'Nếu thấy thông báo “Nhà phát triển doanh nghiệp không được tin cậy”, vào Cài đặt › Cài đặt chung › Quản lý VPN & thiết bị, chọn nhà phát triển của Lotus rồi nhấn “Tin cậy”.',
      'Mở ứng dụng Lotus và đăng nhập bằng tài khoản hiện có của bạn.',
    ],
    android: [
      'Nhấn “Tải cho Android” hoặc quét mã QR, rồi tải tệp APK về máy.',
      'Mở tệp vừa tải. Nếu điện thoại hỏi, cho phép trình duyệt “Cài đặt ứng dụng không rõ nguồn gốc” rồi quay lại.',
      'Nhấn “Cài đặt” và chờ đến khi hoàn tất.',
      'Mở ứng dụng Lotus và đăng nhập bằng tài khoản hiện có của bạn.',
    ],
    iosLite: [
      'Mở trang này bằng Safari trên iPhone (quét mã QR bằng camera).',
      'Nhấn nút Chia sẻ (hình vuông có mũi tên hướng lên) ở thanh dưới cùng.',
      'Chọn “Thêm vào MH chính” rồi nhấn “Thêm”.',
      'Mở Lotus từ màn hình chính: trang web chạy toàn màn hình như một ứng dụng.',
    ],
    otherBrowsers:
      'Trên Android hoặc máy tính, Chrome và Edge cũng cài được trang web: mở menu ⋮ và chọn “Cài đặt ứng dụng”, hoặc nhấn “Cài đặt ngay” khi nút này hiện ra.',
    safety: 'Chỉ tải ứng dụng từ trang này. Lotus không bao giờ hỏi mật khẩu qua tin nhắn hay cuộc gọi.',
  },
};

export type AppDownloadTranslation = typeof appDownloadVi;
