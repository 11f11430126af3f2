/** Third-party sign-in's texts (the login popup's buttons, /social-login and its linking screen), in Vietnamese. */
export const socialVi = {
  or: 'hoặc',
  continueWith: 'Tiếp tục với {{name}}',
  signingIn: 'Đang đăng nhập…',
  title: 'Đăng nhập bằng tài khoản mạng xã hội',
  linkIntro:
    'Tài khoản {{name}} của bạn chưa được liên kết với tài khoản nào tại đây. Hãy tạo tài khoản mới hoặc liên kết tài khoản bạn đã có.',
  linkMode: 'Tài khoản cần liên kết',
  newAccount: 'Tài khoản mới',
  existingAccount: 'Tôi đã có tài khoản',
  usernameHint: 'Chúng tôi gợi ý tên đăng nhập này; bạn có thể giữ nguyên hoặc chọn tên khác.',
  referralCode: 'Mã mời (không bắt buộc)',
  confirm: 'Tôi hiểu rằng sau khi xác nhận, liên kết với {{name}} không thể thay đổi hoặc gỡ bỏ.',
  confirmRequired: 'Vui lòng xác nhận rằng bạn hiểu liên kết không thể thay đổi hoặc gỡ bỏ.',
  createAndLink: 'Tạo tài khoản và liên kết',
  linkExisting: 'Liên kết tài khoản này',
  backToLogin: 'Quay lại đăng nhập',
  failed: 'Không thể xác nhận đăng nhập với nhà cung cấp. Vui lòng thử đăng nhập lại từ đầu.',
  expired: 'Phiên đăng nhập này đã hết hạn hoặc đã được dùng. Vui lòng đăng nhập lại từ đầu.',
  providerUnavailable: 'Hình thức đăng nhập này hiện không dùng được. Vui lòng đăng nhập bằng tài khoản và mật khẩu.',
};

export type SocialTranslation = { [K in keyof typeof socialVi]: string };
