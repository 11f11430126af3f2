/**
 * Stable error keys. The web client translates `code`; the server also sends a message in the
 * caller's language. Keys named by the product spec keep the spec's spelling.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, vi: 'Dữ liệu không hợp lệ', en: 'Invalid input' },
  unauthorized: { status: 401, vi: 'Vui lòng đăng nhập trước', en: 'Please log in first' },
  forbidden: { status: 403, vi: 'Bạn không có quyền thực hiện thao tác này', en: 'You are not allowed to do this' },
  in_need_true_account: {
    status: 403,
    vi: 'Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức',
    en: 'Please register or log in to an official account',
  },
  login_failed: {
    status: 401,
    vi: 'Tài khoản hoặc mật khẩu không chính xác',
    en: 'Account or password incorrect',
  },
  captcha_required: { status: 400, vi: 'Vui lòng nhập mã xác nhận', en: 'Please enter the captcha' },
  captcha_invalid: { status: 400, vi: 'Mã xác nhận không chính xác', en: 'Captcha check failed' },
  non_member_login: { status: 403, vi: 'Không phải thành viên không thể đăng nhập', en: 'Non-members cannot log in' },
  not_agent: { status: 403, vi: 'Không thể đăng nhập vì không phải đại lý', en: 'Cannot login because not an agent' },
  invitation_code_error: { status: 400, vi: 'Mã giới thiệu không hợp lệ', en: 'The invitation code is invalid' },
  recommender_invalid: { status: 400, vi: 'Người giới thiệu không tồn tại', en: 'The recommender does not exist' },
  username_taken: { status: 409, vi: 'Tên tài khoản đã tồn tại', en: 'This username is already taken' },
  mobile_taken: { status: 409, vi: 'Số điện thoại đã được đăng ký', en: 'This mobile number is already registered' },
  password_mismatch: { status: 400, vi: 'Mật khẩu không chính xác', en: 'The two passwords do not match' },
  old_password_incorrect: { status: 400, vi: 'Mật khẩu hiện tại không chính xác', en: 'The current password is incorrect' },
  password_unchanged: {
    status: 400,
    vi: 'Mật khẩu mới phải khác mật khẩu hiện tại',
    en: 'The new password must differ from the current one',
  },
  agreement_required: { status: 400, vi: 'Vui lòng đồng ý với điều khoản', en: 'Please agree to the terms' },
  real_name_invalid: { status: 400, vi: 'Định dạng họ tên không chính xác', en: 'Real name format incorrect' },
  field_invalid: { status: 400, vi: 'Định dạng không chính xác', en: 'Incorrect format' },
  field_required: { status: 400, vi: 'Không được để trống', en: 'Input cannot be empty' },
  registration_disabled: { status: 403, vi: 'Hình thức đăng ký này đang tắt', en: 'This way of registering is switched off' },
  freeplay_disabled: { status: 403, vi: 'Chơi thử đang tắt', en: 'Free play is switched off' },
  payload_invalid: { status: 400, vi: 'Dữ liệu mã hóa không hợp lệ', en: 'The encrypted payload is invalid' },
  payload_replayed: { status: 400, vi: 'Yêu cầu đã hết hạn hoặc bị gửi lại', en: 'The request is stale or was sent before' },
  encryption_required: { status: 400, vi: 'Yêu cầu phải được mã hóa', en: 'This request must be encrypted' },
  bot_check_failed: { status: 400, vi: 'Vui lòng hoàn tất xác minh trước', en: 'Please complete verification first' },
  reset_link_invalid: { status: 400, vi: 'Liên kết đã hết hạn hoặc đã được dùng', en: 'This link has expired or was already used' },
  second_factor_required: {
    status: 401,
    vi: 'Đăng nhập từ địa chỉ mới, vui lòng xác minh thêm',
    en: 'Login from a new address: please complete the second step',
  },
  second_factor_invalid: { status: 400, vi: 'Mã xác minh không hợp lệ', en: 'The verification code is not valid' },
  sms_login_disabled: { status: 403, vi: 'Đăng nhập bằng mã SMS đang tắt', en: 'Login by SMS code is switched off' },
  verification_code_required: { status: 400, vi: 'Vui lòng nhập mã xác minh', en: 'Verification code required' },
  verification_code_invalid: { status: 400, vi: 'Mã xác minh không hợp lệ', en: 'Enter a valid verification code' },
  verification_code_expired: { status: 400, vi: 'Mã xác minh đã hết hạn, vui lòng gửi lại', en: 'The code has expired, send it again' },
  mobile_invalid: { status: 400, vi: 'Vui lòng nhập số điện thoại hợp lệ', en: 'Enter a valid mobile number' },
  sms_too_many_requests: {
    status: 429,
    vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau 5 phút',
    en: 'Too many requests, try again in 5 minutes',
  },
  not_found: { status: 404, vi: 'Không tìm thấy', en: 'Not found' },
  idempotency_conflict: {
    status: 409,
    vi: 'Yêu cầu trùng khóa nhưng khác nội dung',
    en: 'The same request key was used with different content',
  },
  conflict: { status: 409, vi: 'Xung đột dữ liệu, vui lòng thử lại', en: 'Conflicting change, please try again' },
  insufficient_funds: { status: 409, vi: 'Số dư không đủ', en: 'Insufficient balance' },
  invalid_amount: { status: 400, vi: 'Số tiền không hợp lệ', en: 'Invalid amount' },
  currency_mismatch: { status: 400, vi: 'Tiền tệ không khớp', en: 'Currency does not match' },
  reservation_closed: {
    status: 409,
    vi: 'Khoản giữ tiền đã được xử lý',
    en: 'This reservation has already been settled',
  },
  already_reversed: { status: 409, vi: 'Giao dịch đã được đảo', en: 'This transfer has already been reversed' },
  transfer_not_reversible: {
    status: 409,
    vi: 'Giao dịch này không thể đảo',
    en: 'This transfer cannot be reversed',
  },
  account_locked: { status: 423, vi: 'Tài khoản đang bị khóa', en: 'The account is locked' },
  payload_too_large: { status: 413, vi: 'Dữ liệu gửi lên quá lớn', en: 'The request is too large' },
  rate_limited: { status: 429, vi: 'Quá nhiều yêu cầu, vui lòng thử lại sau', en: 'Too many requests, try again later' },
  info_maintenance: {
    status: 503,
    vi: 'Hệ thống đang bảo trì',
    en: 'The site is under maintenance',
  },
  blockip: {
    status: 403,
    vi: 'Khu vực của bạn không được phép truy cập',
    en: 'Access from your region is not allowed',
  },
  service_unavailable: { status: 503, vi: 'Dịch vụ tạm thời không khả dụng', en: 'Service temporarily unavailable' },
  internal_error: { status: 500, vi: 'Lỗi hệ thống không xác định', en: 'Unknown system error' },
} as const satisfies Record<string, { status: number; vi: string; en: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type MessageLanguage = 'vi' | 'en';

export function errorMessage(code: ErrorCode, language: MessageLanguage): string {
  return ERROR_CODES[code][language];
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
