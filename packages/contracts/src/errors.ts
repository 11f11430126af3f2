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
