import type { MessageLanguage } from './errors.ts';

/**
 * What a member reads when a call's input does not fit its schema: a whole sentence in the member's
 * language that names the field as the form does and says what is expected. Never the field's
 * name in the code, never the validator's English.
 */

type Text = Readonly<Record<MessageLanguage, string>>;

/** Fields as the forms call them, in lower case as inside a sentence. */
export const FIELD_LABELS: Readonly<Record<string, Text>> = {
  username: { vi: 'tên đăng nhập', en: 'the username' },
  password: { vi: 'mật khẩu', en: 'the password' },
  confirmPassword: { vi: 'mật khẩu nhập lại', en: 'the repeated password' },
  oldPassword: { vi: 'mật khẩu hiện tại', en: 'the current password' },
  newPassword: { vi: 'mật khẩu mới', en: 'the new password' },
  confirmNewPassword: { vi: 'mật khẩu mới nhập lại', en: 'the repeated new password' },
  loginPassword: { vi: 'mật khẩu đăng nhập', en: 'the login password' },
  paymentPassword: { vi: 'mật khẩu rút tiền', en: 'the withdrawal password' },
  confirmPaymentPassword: { vi: 'mật khẩu rút tiền nhập lại', en: 'the repeated withdrawal password' },
  accountNumber: { vi: 'số tài khoản', en: 'the account number' },
  accountName: { vi: 'tên chủ tài khoản', en: 'the account holder name' },
  bankCode: { vi: 'ngân hàng', en: 'the bank' },
  bankCardId: { vi: 'thẻ ngân hàng', en: 'the bank card' },
  payeeName: { vi: 'họ tên thật', en: 'your real name' },
  realName: { vi: 'họ tên thật', en: 'your real name' },
  nickname: { vi: 'biệt danh', en: 'the nickname' },
  mobileNum: { vi: 'số điện thoại', en: 'the mobile number' },
  mobileNo: { vi: 'số điện thoại', en: 'the mobile number' },
  email: { vi: 'địa chỉ email', en: 'the e-mail address' },
  code: { vi: 'mã xác minh', en: 'the verification code' },
  verificationCode: { vi: 'mã xác minh', en: 'the verification code' },
  captcha: { vi: 'mã xác nhận', en: 'the captcha' },
  amount: { vi: 'số tiền', en: 'the amount' },
  note: { vi: 'ghi chú', en: 'the note' },
  requestId: { vi: 'mã yêu cầu', en: 'the request id' },
  affiliateCode: { vi: 'mã giới thiệu', en: 'the invitation code' },
  recommenderId: { vi: 'người giới thiệu', en: 'the recommender' },
  birthday: { vi: 'ngày sinh', en: 'the date of birth' },
  address: { vi: 'địa chỉ', en: 'the address' },
  permanentAddress: { vi: 'địa chỉ thường trú', en: 'the permanent address' },
  currentAddress: { vi: 'địa chỉ hiện tại', en: 'the current address' },
  nationality: { vi: 'quốc tịch', en: 'the nationality' },
  occupation: { vi: 'nghề nghiệp', en: 'the occupation' },
  placeOfBirth: { vi: 'nơi sinh', en: 'the place of birth' },
  qqNum: { vi: 'số QQ', en: 'the QQ number' },
  line: { vi: 'tài khoản Line', en: 'the Line account' },
  whatsapp: { vi: 'số WhatsApp', en: 'the WhatsApp number' },
  facebook: { vi: 'tài khoản Facebook', en: 'the Facebook account' },
  wechat: { vi: 'tài khoản WeChat', en: 'the WeChat account' },
  lang: { vi: 'ngôn ngữ', en: 'the language' },
  host: { vi: 'tên miền', en: 'the domain' },
  type: { vi: 'hình thức', en: 'the type' },
  idNumber: { vi: 'số giấy tờ tùy thân', en: 'the identity number' },
  content: { vi: 'nội dung', en: 'the text' },
  text: { vi: 'nội dung', en: 'the text' },
  body: { vi: 'nội dung', en: 'the text' },
  reason: { vi: 'lý do', en: 'the reason' },
  pageNo: { vi: 'số trang', en: 'the page number' },
  pageSize: { vi: 'số dòng mỗi trang', en: 'the page size' },
  startTime: { vi: 'thời gian bắt đầu', en: 'the start time' },
  endTime: { vi: 'thời gian kết thúc', en: 'the end time' },
  gameId: { vi: 'trò chơi', en: 'the game' },
  lines: { vi: 'các dòng cược', en: 'the bet lines' },
  numbers: { vi: 'các số cược', en: 'the numbers' },
  stakePerUnit: { vi: 'tiền cược', en: 'the stake' },
  contact: { vi: 'tài khoản Zalo hoặc Telegram', en: 'the Zalo or Telegram account' },
  experience: { vi: 'kinh nghiệm', en: 'your experience' },
  message: { vi: 'lời nhắn', en: 'the message' },
  reference: { vi: 'mã đơn', en: 'the reference' },
  decision: { vi: 'quyết định', en: 'the decision' },
};

/** The expected format of fields whose format is fixed, stated after a format error. */
const FIELD_FORMATS: Readonly<Record<string, Text>> = {
  accountNumber: { vi: 'Số tài khoản chỉ gồm chữ số.', en: 'An account number has digits only.' },
  mobileNum: { vi: 'Số điện thoại chỉ gồm chữ số, có thể bắt đầu bằng +.', en: 'A mobile number has digits only, with an optional +.' },
  email: { vi: 'Email có dạng ten@vidu.com.', en: 'An e-mail address looks like name@example.com.' },
  requestId: {
    vi: 'Mã yêu cầu gồm 8–64 chữ cái, chữ số, - hoặc _. Vui lòng tải lại trang rồi thử lại.',
    en: 'A request id has 8–64 letters, digits, - or _. Reload the page and try again.',
  },
  amount: { vi: 'Số tiền là một số nguyên dương.', en: 'An amount is a whole positive number.' },
  reference: { vi: 'Mã đơn có dạng AG-XXXXXXXXXX.', en: 'A reference looks like AG-XXXXXXXXXX.' },
  birthday: { vi: 'Ngày sinh có dạng yyyy-MM-dd.', en: 'A date of birth is written yyyy-MM-dd.' },
};

/** What the error handler knows of the first failing input (a zod issue, without its message). */
export type InputIssue = {
  /** The path of the failing value; numbers are list positions. */
  path: readonly (string | number)[];
  /** zod's issue code: invalid_type, too_small, too_big, invalid_format, unrecognized_keys, ... */
  kind: string;
  /** What the value was measured as (string, number, array, ...) for too_small / too_big. */
  origin?: string | undefined;
  minimum?: number | bigint | undefined;
  maximum?: number | bigint | undefined;
  /** True when the value was missing altogether. */
  isMissing?: boolean | undefined;
};

const GENERIC: Text = {
  vi: 'Thông tin gửi lên chưa đúng. Vui lòng kiểm tra lại các ô đã nhập rồi thử lại.',
  en: 'Something you entered is not right. Check the fields and try again.',
};
const UNKNOWN_FIELD: Text = { vi: 'thông tin đã nhập', en: 'the value you entered' };

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The last named step of the path: `lines.0.numbers` speaks of the numbers. */
function fieldOf(path: readonly (string | number)[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const step = path[i];
    if (typeof step === 'string') return step;
  }
  return undefined;
}

export function validationMessage(issue: InputIssue, language: MessageLanguage): string {
  if (issue.kind === 'unrecognized_keys') {
    return language === 'vi'
      ? 'Yêu cầu có thông tin không được chấp nhận. Vui lòng tải lại trang rồi thử lại.'
      : 'The request carries information that is not accepted. Reload the page and try again.';
  }
  const field = fieldOf(issue.path);
  const known = field === undefined ? undefined : FIELD_LABELS[field];
  if (!known && field === undefined) return GENERIC[language];
  const label = (known ?? UNKNOWN_FIELD)[language];
  const Label = capitalise(label);
  const min = issue.minimum === undefined ? '' : String(issue.minimum);
  const max = issue.maximum === undefined ? '' : String(issue.maximum);
  const vi = language === 'vi';
  if (issue.isMissing) return vi ? `Vui lòng nhập ${label}.` : `Please enter ${label}.`;
  if (issue.kind === 'too_small' && issue.origin === 'string') {
    return Number(min) <= 1
      ? vi
        ? `Vui lòng nhập ${label}.`
        : `Please enter ${label}.`
      : vi
        ? `${Label} phải có ít nhất ${min} ký tự.`
        : `${Label} must be at least ${min} characters long.`;
  }
  if (issue.kind === 'too_big' && issue.origin === 'string') {
    return vi ? `${Label} chỉ được dài tối đa ${max} ký tự.` : `${Label} may be at most ${max} characters long.`;
  }
  if (issue.kind === 'too_small' && (issue.origin === 'array' || issue.origin === 'set')) {
    return vi ? `Vui lòng chọn ít nhất ${min} mục cho ${label}.` : `Choose at least ${min} for ${label}.`;
  }
  if (issue.kind === 'too_big' && (issue.origin === 'array' || issue.origin === 'set')) {
    return vi ? `${Label} chỉ được có tối đa ${max} mục.` : `${Label} may have at most ${max} items.`;
  }
  if (issue.kind === 'too_small') return vi ? `${Label} phải từ ${min} trở lên.` : `${Label} must be ${min} or more.`;
  if (issue.kind === 'too_big') return vi ? `${Label} không được lớn hơn ${max}.` : `${Label} may not be more than ${max}.`;
  const format = field === undefined ? undefined : FIELD_FORMATS[field];
  const then = format?.[language] ?? (vi ? 'Vui lòng kiểm tra lại rồi nhập lại.' : 'Check it and enter it again.');
  return vi ? `${Label} không đúng định dạng. ${then}` : `${Label} is not in the right format. ${then}`;
}
