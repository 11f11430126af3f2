/**
 * Stable error keys. The web client translates `code`; the server also sends a message in the
 * caller's language. Keys named by the product spec keep the spec's spelling.
 */
export const ERROR_CODES = {
  bad_request: {
    status: 400,
    vi: 'Thông tin gửi lên chưa đúng. Vui lòng kiểm tra lại rồi thử lại.',
    en: 'Something in the request is not right. Check it and try again.',
  },
  unauthorized: {
    status: 401,
    vi: 'Vui lòng đăng nhập trước.',
    en: 'Please log in first.',
  },
  forbidden: {
    status: 403,
    vi: 'Bạn không có quyền thực hiện thao tác này.',
    en: 'You are not allowed to do this.',
  },
  in_need_true_account: {
    status: 403,
    vi: 'Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức.',
    en: 'Please register or log in to an official account.',
  },
  login_failed: {
    status: 401,
    vi: 'Tài khoản hoặc mật khẩu không chính xác. Vui lòng kiểm tra lại rồi thử lại.',
    en: 'The account or password is incorrect. Check them and try again.',
  },
  captcha_required: {
    status: 400,
    vi: 'Vui lòng nhập mã xác nhận.',
    en: 'Please enter the captcha.',
  },
  captcha_invalid: {
    status: 400,
    vi: 'Mã xác nhận không chính xác. Vui lòng nhập lại mã mới.',
    en: 'The captcha is wrong. Enter the new one.',
  },
  non_member_login: {
    status: 403,
    vi: 'Không phải thành viên không thể đăng nhập.',
    en: 'Non-members cannot log in.',
  },
  not_agent: {
    status: 403,
    vi: 'Không thể đăng nhập vì không phải đại lý.',
    en: 'Cannot login because not an agent.',
  },
  invitation_code_error: {
    status: 400,
    vi: 'Mã giới thiệu không hợp lệ.',
    en: 'The invitation code is invalid.',
  },
  recommender_invalid: {
    status: 400,
    vi: 'Người giới thiệu không tồn tại.',
    en: 'The recommender does not exist.',
  },
  username_taken: {
    status: 409,
    vi: 'Tên tài khoản đã tồn tại.',
    en: 'This username is already taken.',
  },
  mobile_taken: {
    status: 409,
    vi: 'Số điện thoại đã được đăng ký.',
    en: 'This mobile number is already registered.',
  },
  password_mismatch: {
    status: 400,
    vi: 'Hai mật khẩu không khớp. Vui lòng nhập lại cho giống nhau.',
    en: 'The two passwords do not match. Enter the same password twice.',
  },
  old_password_incorrect: {
    status: 400,
    vi: 'Mật khẩu hiện tại không chính xác. Vui lòng nhập lại.',
    en: 'The current password is incorrect. Enter it again.',
  },
  password_unchanged: {
    status: 400,
    vi: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
    en: 'The new password must differ from the current one.',
  },
  agreement_required: {
    status: 400,
    vi: 'Vui lòng đồng ý với điều khoản.',
    en: 'Please agree to the terms.',
  },
  real_name_invalid: {
    status: 400,
    vi: 'Họ tên thật không đúng định dạng. Vui lòng nhập họ và tên như trên giấy tờ.',
    en: 'The real name is not in the right format. Enter your name as on your papers.',
  },
  field_invalid: {
    status: 400,
    vi: 'Thông tin đã nhập không đúng định dạng. Vui lòng kiểm tra lại.',
    en: 'A value is not in the right format. Check it and try again.',
    viWith: '{Field} không đúng định dạng. {format}.',
    enWith: '{Field} is not in the right format. {format}.',
  },
  field_required: {
    status: 400,
    vi: 'Vui lòng điền đủ các ô bắt buộc.',
    en: 'Fill in every required field.',
    viWith: 'Vui lòng nhập {field}.',
    enWith: 'Please enter {field}.',
  },
  social_provider_unavailable: {
    status: 404,
    vi: 'Hình thức đăng nhập này hiện không dùng được. Vui lòng đăng nhập bằng tài khoản và mật khẩu.',
    en: 'This way of signing in is not available now. Sign in with your account and password instead.',
  },
  social_sign_in_failed: {
    status: 400,
    vi: 'Không thể xác nhận đăng nhập với nhà cung cấp. Vui lòng thử đăng nhập lại từ đầu.',
    en: 'The sign-in with the provider could not be confirmed. Start the sign-in again.',
  },
  social_sign_in_expired: {
    status: 400,
    vi: 'Phiên đăng nhập này đã hết hạn hoặc đã được dùng. Vui lòng đăng nhập lại từ đầu.',
    en: 'This sign-in has expired or was already used. Start the sign-in again.',
  },
  social_identity_linked: {
    status: 409,
    vi: 'Tài khoản mạng xã hội này đã được liên kết với một tài khoản khác và không thể thay đổi liên kết.',
    en: 'This social account is already linked to an account, and the link cannot be changed.',
  },
  social_member_linked: {
    status: 409,
    vi: 'Tài khoản này đã liên kết với một tài khoản khác của cùng nhà cung cấp. Liên kết không thể thay đổi.',
    en: 'This account is already linked to another account of the same provider, and that link cannot be changed.',
  },
  social_link_unconfirmed: {
    status: 400,
    vi: 'Vui lòng xác nhận rằng liên kết này không thể thay đổi hoặc gỡ bỏ.',
    en: 'Confirm that you understand this link cannot be changed or removed.',
  },
  registration_disabled: {
    status: 403,
    vi: 'Hình thức đăng ký này đang tắt.',
    en: 'This way of registering is switched off.',
  },
  freeplay_disabled: {
    status: 403,
    vi: 'Chơi thử đang tắt.',
    en: 'Free play is switched off.',
  },
  payload_invalid: {
    status: 400,
    vi: 'Dữ liệu mã hóa không hợp lệ.',
    en: 'The encrypted payload is invalid.',
  },
  payload_replayed: {
    status: 400,
    vi: 'Yêu cầu đã hết hạn hoặc bị gửi lại.',
    en: 'The request is stale or was sent before.',
  },
  encryption_required: {
    status: 400,
    vi: 'Yêu cầu phải được mã hóa.',
    en: 'This request must be encrypted.',
  },
  bot_check_failed: {
    status: 400,
    vi: 'Vui lòng hoàn tất xác minh trước.',
    en: 'Please complete verification first.',
  },
  reset_link_invalid: {
    status: 400,
    vi: 'Liên kết đã hết hạn hoặc đã được dùng.',
    en: 'This link has expired or was already used.',
  },
  second_factor_required: {
    status: 401,
    vi: 'Đăng nhập từ địa chỉ mới. Vui lòng xác minh thêm.',
    en: 'Login from a new address: please complete the second step.',
  },
  second_factor_invalid: {
    status: 400,
    vi: 'Mã xác minh không hợp lệ. Vui lòng kiểm tra mã rồi nhập lại.',
    en: 'The verification code is not valid. Check the code and enter it again.',
  },
  sms_login_disabled: {
    status: 403,
    vi: 'Đăng nhập bằng mã SMS đang tắt.',
    en: 'Login by SMS code is switched off.',
  },
  verification_code_required: {
    status: 400,
    vi: 'Vui lòng nhập mã xác minh.',
    en: 'Verification code required.',
  },
  verification_code_invalid: {
    status: 400,
    vi: 'Mã xác minh không hợp lệ. Vui lòng kiểm tra mã rồi nhập lại.',
    en: 'The verification code is not valid. Check the code and enter it again.',
  },
  phone_provider_unavailable: {
    status: 400,
    vi: 'Xác minh số điện thoại qua nhà cung cấp chưa được bật.',
    en: 'Phone verification through the provider is not set up.',
  },
  verification_code_expired: {
    status: 400,
    vi: 'Mã xác minh đã hết hạn. Vui lòng gửi lại.',
    en: 'The code has expired, send it again.',
  },
  mobile_invalid: {
    status: 400,
    vi: 'Số điện thoại không hợp lệ. Vui lòng nhập số điện thoại đúng định dạng.',
    en: 'The mobile number is not valid. Enter a mobile number in the right format.',
  },
  sms_too_many_requests: {
    status: 429,
    vi: 'Bạn đã yêu cầu quá nhiều mã trong một giờ. Vui lòng thử lại sau.',
    en: 'Too many codes were asked for within an hour. Please try again later.',
    viWith: 'Vui lòng chờ {seconds} giây rồi gửi lại mã.',
    enWith: 'Please wait {seconds} seconds before asking for another code.',
  },
  not_found: {
    status: 404,
    vi: 'Không tìm thấy nội dung này. Vui lòng kiểm tra lại đường dẫn hoặc quay về trang chủ.',
    en: 'This could not be found. Check the link or go back to the home page.',
  },
  idempotency_conflict: {
    status: 409,
    vi: 'Yêu cầu này đã được gửi với nội dung khác. Vui lòng tải lại trang rồi thử lại.',
    en: 'This request was already sent with other content. Reload the page and try again.',
  },
  text_invalid: {
    status: 400,
    vi: 'Nội dung gửi lên có ký tự không hợp lệ. Vui lòng xóa ký tự đó rồi thử lại.',
    en: 'What you sent contains a character that is not allowed. Remove it and try again.',
  },
  url_invalid: {
    status: 400,
    vi: 'Địa chỉ này không hợp lệ. Vui lòng kiểm tra lại đường dẫn hoặc quay về trang chủ.',
    en: 'This address is not valid. Check the link or go back to the home page.',
  },
  url_too_long: {
    status: 414,
    vi: 'Địa chỉ này quá dài. Vui lòng kiểm tra lại đường dẫn hoặc quay về trang chủ.',
    en: 'This address is too long. Check the link or go back to the home page.',
  },
  password_change_required: {
    status: 403,
    vi: 'Vui lòng đổi mật khẩu trước khi tiếp tục.',
    en: 'Change your password before you continue.',
  },
  request_id_invalid: {
    status: 400,
    vi: 'Yêu cầu thiếu mã yêu cầu hoặc mã không hợp lệ. Vui lòng tải lại trang rồi thử lại.',
    en: 'The request has no valid request id. Reload the page and try again.',
  },
  conflict: {
    status: 409,
    vi: 'Xung đột dữ liệu. Vui lòng thử lại.',
    en: 'Conflicting change. Please try again.',
  },
  insufficient_funds: {
    status: 409,
    vi: 'Số dư không đủ. Vui lòng nạp thêm hoặc nhập số tiền nhỏ hơn.',
    en: 'Your balance is not enough. Deposit more or enter a smaller amount.',
  },
  invalid_amount: {
    status: 400,
    vi: 'Số tiền không hợp lệ. Vui lòng nhập một số tiền dương.',
    en: 'The amount is not valid. Enter a positive amount.',
  },
  currency_mismatch: {
    status: 400,
    vi: 'Tiền tệ không khớp.',
    en: 'Currency does not match.',
  },
  reservation_closed: {
    status: 409,
    vi: 'Khoản giữ tiền đã được xử lý.',
    en: 'This reservation has already been settled.',
  },
  already_reversed: {
    status: 409,
    vi: 'Giao dịch đã được đảo.',
    en: 'This transfer has already been reversed.',
  },
  transfer_not_reversible: {
    status: 409,
    vi: 'Giao dịch này không thể đảo.',
    en: 'This transfer cannot be reversed.',
  },
  points_insufficient: {
    status: 409,
    vi: 'Bạn không đủ điểm để đổi món này. Hãy chọn số lượng ít hơn hoặc tích thêm điểm.',
    en: 'You do not have enough points for this. Choose a smaller quantity or earn more points.',
  },
  mall_item_unavailable: {
    status: 404,
    vi: 'Món quà này không còn trong cửa hàng điểm. Vui lòng tải lại danh sách.',
    en: 'This item is no longer in the points mall. Reload the list.',
  },
  mall_out_of_stock: {
    status: 409,
    vi: 'Món quà này đã hết hàng hoặc không đủ số lượng. Hãy chọn số lượng ít hơn hoặc món khác.',
    en: 'This item is out of stock or does not have that many left. Choose a smaller quantity or another item.',
  },
  mall_limit_reached: {
    status: 409,
    vi: 'Bạn đã đổi tối đa số lượng cho phép của món này. Hãy chọn món khác.',
    en: 'You have already redeemed as many of this item as one member may. Choose another item.',
  },
  mall_delivery_required: {
    status: 400,
    vi: 'Vui lòng nhập địa chỉ nhận hàng và số điện thoại để chúng tôi giao quà.',
    en: 'Enter a delivery address and a mobile number so that we can send the gift.',
  },
  mall_order_closed: {
    status: 409,
    vi: 'Đơn đổi quà này đã được xử lý. Vui lòng tải lại danh sách.',
    en: 'This exchange order has already been handled. Reload the list.',
  },
  points_rule_key_taken: {
    status: 409,
    vi: 'Mã quy tắc này đã được dùng. Hãy đặt một mã khác.',
    en: 'This rule key is already used. Choose another key.',
  },
  payment_password_not_set: {
    status: 400,
    vi: 'Vui lòng đặt mật khẩu rút tiền trước.',
    en: 'Please set a withdrawal password first.',
  },
  payment_password_already_set: {
    status: 409,
    vi: 'Mật khẩu rút tiền đã được đặt.',
    en: 'The withdrawal password is already set.',
  },
  payment_password_incorrect: {
    status: 400,
    vi: 'Mật khẩu rút tiền không chính xác. Vui lòng nhập lại.',
    en: 'The withdrawal password is incorrect. Enter it again.',
  },
  payment_password_locked: {
    status: 423,
    vi: 'Nhập sai mật khẩu rút tiền quá nhiều lần. Vui lòng thử lại sau.',
    en: 'Too many wrong withdrawal passwords, try again later.',
  },
  reauth_required: {
    status: 403,
    vi: 'Lần rút đầu tiên về thẻ này cần nhập lại mật khẩu đăng nhập.',
    en: 'The first withdrawal to this card needs your login password again.',
  },
  reauth_failed: {
    status: 400,
    vi: 'Mật khẩu đăng nhập không chính xác. Vui lòng nhập lại.',
    en: 'The login password is incorrect. Enter it again.',
  },
  bank_not_supported: {
    status: 400,
    vi: 'Ngân hàng này không được hỗ trợ. Vui lòng chọn ngân hàng khác.',
    en: 'This bank is not supported. Choose another bank.',
  },
  bank_card_limit_reached: {
    status: 409,
    vi: 'Đã đạt số thẻ ngân hàng tối đa.',
    en: 'You have bound the most bank cards allowed.',
  },
  bank_card_duplicate: {
    status: 409,
    vi: 'Số tài khoản này đã được liên kết.',
    en: 'This account number is already bound.',
  },
  bank_card_name_mismatch: {
    status: 400,
    vi: 'Tên chủ tài khoản phải trùng với họ tên thật.',
    en: 'The account name must match your real name.',
  },
  bank_card_not_found: {
    status: 404,
    vi: 'Không tìm thấy thẻ ngân hàng. Vui lòng chọn thẻ khác hoặc liên kết thẻ mới.',
    en: 'The bank card could not be found. Choose another card or bind a new one.',
  },
  bank_card_in_use: {
    status: 409,
    vi: 'Thẻ đang có lệnh rút tiền chưa xử lý xong.',
    en: 'This card has a withdrawal still being processed.',
  },
  withdrawal_not_found: {
    status: 404,
    vi: 'Không tìm thấy lệnh rút tiền.',
    en: 'Withdrawal not found.',
  },
  withdrawal_amount_too_small: {
    status: 400,
    vi: 'Số tiền rút thấp hơn mức tối thiểu. Vui lòng nhập số tiền lớn hơn.',
    en: 'The amount is below the minimum withdrawal. Enter a larger amount.',
    viWith: 'Số tiền rút tối thiểu là {amount}. Vui lòng nhập số tiền lớn hơn.',
    enWith: 'The smallest withdrawal is {amount}. Enter a larger amount.',
  },
  withdrawal_amount_too_large: {
    status: 400,
    vi: 'Số tiền rút vượt mức tối đa. Vui lòng nhập số tiền nhỏ hơn.',
    en: 'The amount is above the maximum withdrawal. Enter a smaller amount.',
    viWith: 'Số tiền rút tối đa là {amount}. Vui lòng nhập số tiền nhỏ hơn.',
    enWith: 'The largest withdrawal is {amount}. Enter a smaller amount.',
  },
  withdrawal_fee_exceeds_amount: {
    status: 400,
    vi: 'Số tiền rút phải lớn hơn phí rút tiền.',
    en: 'The amount must be larger than the withdrawal fee.',
    viWith: 'Phí rút tiền là {fee}. Vui lòng rút số tiền lớn hơn phí.',
    enWith: 'The withdrawal fee is {fee}. Withdraw more than the fee.',
  },
  withdrawal_daily_limit: {
    status: 409,
    vi: 'Bạn đã dùng hết số lần rút tiền hôm nay. Vui lòng thử lại vào ngày mai.',
    en: 'You have no withdrawals left today. Try again tomorrow.',
  },
  promotion_unavailable: {
    status: 409,
    vi: 'Khuyến mãi này hiện không dành cho bạn hoặc đã kết thúc.',
    en: 'This promotion is not open to you, or it has ended.',
  },
  promotion_already_taken: {
    status: 409,
    vi: 'Bạn đã nhận hoặc đã đăng ký khuyến mãi này rồi.',
    en: 'You have already taken part in this promotion.',
  },
  promotion_nothing_to_claim: {
    status: 409,
    vi: 'Chưa có khoản hoàn trả nào để nhận. Khoản mới sẽ có sau khi kỳ tính kết thúc.',
    en: 'There is nothing to claim yet. A new amount appears once the period is over.',
  },
  promotion_raffle_drawn: {
    status: 409,
    vi: 'Giải quay thưởng này đã quay nên không thể sửa khuyến mãi nữa. Hãy tạo một khuyến mãi mới nếu cần thay đổi.',
    en: 'This raffle has been drawn, so its promotion can no longer be changed. Create a new promotion for any change.',
  },
  raffle_no_tickets: {
    status: 409,
    vi: 'Bạn chưa có vé mới. Chơi các trò được tính để nhận thêm vé trước giờ quay thưởng.',
    en: 'You have no new tickets yet. Play the games that count to earn tickets before the draw.',
  },
  promotion_not_stackable: {
    status: 409,
    vi: 'Bạn đang có một khuyến mãi khác chưa hoàn thành; khuyến mãi này không dùng kèm được.',
    en: 'You have another promotion in progress, and this one cannot be combined with it.',
  },
  promotion_max_stake: {
    status: 409,
    vi: 'Mức cược vượt quá giới hạn khi đang dùng tiền thưởng khuyến mãi.',
    en: 'This stake is above the limit allowed while a promotion bonus is in play.',
    viWith: 'Khi đang dùng tiền thưởng, mỗi lần cược tối đa {amount}.',
    enWith: 'While a bonus is in play, each stake is at most {amount}.',
  },
  promotion_proof_invalid: {
    status: 400,
    vi: 'Ảnh minh chứng phải là PNG hoặc JPG, tối đa 3 ảnh, mỗi ảnh không quá 5 MB.',
    en: 'Proof images must be PNG or JPG, at most 3 of them, each no larger than 5 MB.',
  },
  reward_unavailable: {
    status: 409,
    vi: 'Phần thưởng này đã được nhận hoặc không còn nữa. Vui lòng tải lại danh sách phần thưởng.',
    en: 'This reward has already been claimed or is no longer available. Reload the rewards list.',
  },
  redeem_code_invalid: {
    status: 400,
    vi: 'Mã đổi thưởng không đúng, đã hết hạn hoặc không dành cho bạn. Vui lòng kiểm tra lại mã.',
    en: 'This redeem code is wrong, has expired or is not for you. Check the code and try again.',
  },
  redeem_code_used: {
    status: 409,
    vi: 'Bạn đã dùng mã đổi thưởng này rồi. Mỗi mã chỉ dùng được một lần cho mỗi người.',
    en: 'You have already used this redeem code. Each code can be used once per member.',
  },
  redeem_code_exhausted: {
    status: 409,
    vi: 'Mã đổi thưởng này đã hết lượt sử dụng. Hãy theo dõi các mã mới từ chúng tôi.',
    en: 'This redeem code has been fully used. Watch for new codes from us.',
  },
  sign_in_unavailable: {
    status: 409,
    vi: 'Điểm danh hiện chưa mở. Vui lòng thử lại sau.',
    en: 'Signing in for rewards is not open right now. Try again later.',
  },
  wagering_incomplete: {
    status: 409,
    vi: 'Chưa đủ doanh thu cược yêu cầu. Vui lòng cược thêm rồi rút tiền.',
    en: 'The wagering requirement is not met yet. Wager more before you withdraw.',
    viWith: 'Bạn cần cược thêm {amount} trước khi rút tiền.',
    enWith: 'Wager {amount} more before you withdraw.',
  },
  withdrawal_state_invalid: {
    status: 409,
    vi: 'Lệnh rút tiền đã được xử lý.',
    en: 'This withdrawal has already been processed.',
  },
  withdrawal_same_operator: {
    status: 403,
    vi: 'Người đã duyệt lệnh rút này không thể tự chi trả nó; vui lòng để nhân viên khác chi trả.',
    en: 'The operator who approved this withdrawal cannot also pay it out; another operator must pay it.',
  },
  kyc_required: {
    status: 409,
    vi: 'Cần xác minh danh tính trước khi chi trả.',
    en: 'Identity verification is required before payout.',
  },
  kyc_already_submitted: {
    status: 409,
    vi: 'Hồ sơ xác minh đang chờ duyệt hoặc đã được duyệt.',
    en: 'An identity check is already pending or approved.',
  },
  member_label_not_found: {
    status: 404,
    vi: 'Không tìm thấy nhãn hội viên.',
    en: 'Member label not found.',
  },
  member_label_code_taken: {
    status: 409,
    vi: 'Mã nhãn đã tồn tại.',
    en: 'This label code is already in use.',
  },
  help_category_not_found: {
    status: 404,
    vi: 'Không tìm thấy mục trợ giúp.',
    en: 'Help category not found.',
  },
  help_article_not_found: {
    status: 404,
    vi: 'Không tìm thấy bài trợ giúp.',
    en: 'Help article not found.',
  },
  help_key_taken: {
    status: 409,
    vi: 'Mã này đã được dùng.',
    en: 'This key is already in use.',
  },
  feedback_text_required: {
    status: 400,
    vi: 'Vui lòng nhập nội dung phản hồi.',
    en: 'Please describe your question.',
  },
  feedback_text_too_long: {
    status: 400,
    vi: 'Nội dung phản hồi quá dài.',
    en: 'The feedback is too long.',
    viWith: 'Nội dung phản hồi tối đa {max} ký tự.',
    enWith: 'The feedback may be at most {max} characters.',
  },
  feedback_too_many: {
    status: 429,
    vi: 'Bạn đã gửi quá nhiều phản hồi. Vui lòng thử lại sau.',
    en: 'You have sent too much feedback. Please try again later.',
    viWith: 'Bạn chỉ có thể gửi {count} phản hồi mỗi giờ. Vui lòng thử lại sau.',
    enWith: 'You can send {count} feedback messages an hour. Please try again later.',
  },
  feedback_not_found: {
    status: 404,
    vi: 'Không tìm thấy phản hồi.',
    en: 'Feedback not found.',
  },
  inbox_message_not_found: {
    status: 404,
    vi: 'Không tìm thấy tin nhắn.',
    en: 'Message not found.',
  },
  inbox_recipient_unknown: {
    status: 400,
    vi: 'Có người nhận không phải hội viên của trang.',
    en: 'A recipient is not a member of this site.',
  },
  inbox_username_unknown: {
    status: 400,
    vi: 'Có tên tài khoản không thuộc hội viên nào của trang. Hãy kiểm tra lại tên rồi gửi lại.',
    en: 'A username is not a member of this site. Check the names and send again.',
    viWith: 'Không có hội viên nào tên {names}. Hãy kiểm tra lại tên rồi gửi lại.',
    enWith: 'No member is named {names}. Check the names and send again.',
  },
  inbox_send_at_invalid: {
    status: 400,
    vi: 'Thời điểm gửi phải nằm trong tương lai và không quá 90 ngày tới. Hãy chọn lại thời điểm hoặc gửi ngay.',
    en: 'The sending time must be in the future and at most 90 days ahead. Choose another time or send now.',
  },
  inbox_vip_levels_invalid: {
    status: 400,
    vi: 'Hãy chọn cấp VIP từ thấp đến cao, trong các cấp của bậc thang VIP.',
    en: 'Choose the VIP levels from the lower to the higher, among the levels of the VIP ladder.',
  },
  help_category_not_empty: {
    status: 409,
    vi: 'Mục này vẫn còn bài viết. Hãy chuyển hoặc xóa các bài viết trước, hoặc ẩn mục này.',
    en: 'This category still has articles. Move or delete them first, or hide the category instead.',
  },
  help_order_mismatch: {
    status: 409,
    vi: 'Danh sách đã thay đổi trong lúc sắp xếp. Hãy tải lại rồi sắp xếp lại.',
    en: 'The list changed while you were ordering it. Reload it and order it again.',
  },
  lottery_game_code_taken: {
    status: 409,
    vi: 'Đã có trò chơi xổ số với mã này. Hãy chọn mã khác.',
    en: 'A lottery game with this code already exists. Choose another code.',
  },
  lottery_station_schedule_required: {
    status: 400,
    vi: 'Đài xổ số cần ít nhất một ngày quay và giờ quay (giờ Việt Nam), và không có khoảng cách giữa các kỳ.',
    en: 'A station needs at least one draw day and a draw time (Vietnam time), and no interval between draws.',
  },
  lottery_fast_interval_required: {
    status: 400,
    vi: 'Xổ số nhanh cần khoảng thời gian giữa hai kỳ quay và không có giờ quay cố định.',
    en: 'A fast game needs the time between two draws and no fixed draw time.',
  },
  lottery_lock_too_long: {
    status: 400,
    vi: 'Thời gian đóng cược trước giờ quay phải ngắn hơn khoảng cách giữa hai kỳ. Hãy giảm thời gian đóng cược.',
    en: 'Betting must close less long before the draw than the time between two draws. Shorten the closing time.',
  },
  lottery_interval_fixed: {
    status: 409,
    vi: 'Không thể đổi khoảng cách giữa các kỳ của xổ số nhanh, vì số kỳ đếm theo khoảng cách đó. Hãy thêm một trò mới với khoảng cách mới rồi tắt trò này.',
    en: "A fast game's time between draws cannot change, since its draw numbers count draws at that pace. Add a new game with the new time and turn this one off.",
  },
  lottery_stake_range_invalid: {
    status: 400,
    vi: 'Mức cược tối thiểu không được lớn hơn mức cược tối đa.',
    en: 'The least stake must not be above the most stake.',
  },
  kyc_not_found: {
    status: 404,
    vi: 'Không tìm thấy hồ sơ xác minh.',
    en: 'Identity check not found.',
  },
  kyc_state_invalid: {
    status: 409,
    vi: 'Hồ sơ xác minh đã được xử lý.',
    en: 'This identity check has already been reviewed.',
  },
  image_required: {
    status: 400,
    vi: 'Vui lòng tải ảnh lên.',
    en: 'Please upload an image.',
  },
  image_invalid: {
    status: 400,
    vi: 'Chỉ chấp nhận ảnh png hoặc jpg.',
    en: 'Only png or jpg images are accepted.',
  },
  image_too_many: {
    status: 400,
    vi: 'Tối đa 3 ảnh.',
    en: 'At most 3 images.',
  },
  image_too_large: {
    status: 413,
    vi: 'Mỗi ảnh tối đa 5 MB.',
    en: 'Each image may be at most 5 MB.',
  },
  account_locked: {
    status: 423,
    vi: 'Tài khoản đang bị khóa. Vui lòng liên hệ chăm sóc khách hàng.',
    en: 'The account is locked. Contact customer service.',
    viWith: 'Tài khoản đang bị khóa tạm thời. Vui lòng thử lại sau {minutes} phút.',
    enWith: 'The account is locked for now. Try again in {minutes} minutes.',
  },
  admin_login_failed: {
    status: 401,
    vi: 'Tên quản trị hoặc mật khẩu không chính xác.',
    en: 'Administrator name or password incorrect.',
  },
  admin_unauthorized: {
    status: 401,
    vi: 'Vui lòng đăng nhập quản trị.',
    en: 'Please log in to the back office.',
  },
  admin_forbidden: {
    status: 403,
    vi: 'Vai trò của bạn không được phép thao tác này.',
    en: 'Your role may not do this.',
  },
  admin_totp_invalid: {
    status: 401,
    vi: 'Mã xác thực không đúng hoặc đã được dùng. Hãy nhập mã mới đang hiện trong ứng dụng xác thực.',
    en: 'The code is wrong or was already used. Enter the new code your authenticator app shows.',
  },
  admin_challenge_expired: {
    status: 401,
    vi: 'Phiên đăng nhập đã hết hạn. Hãy đăng nhập lại bằng tên và mật khẩu.',
    en: 'This sign-in has expired. Sign in again with your name and password.',
  },
  admin_operator_not_found: {
    status: 404,
    vi: 'Không tìm thấy nhân viên quản trị này.',
    en: 'This operator was not found. Reload the list and try again.',
  },
  admin_username_taken: {
    status: 409,
    vi: 'Tên quản trị này đã được dùng. Hãy chọn tên khác.',
    en: 'This operator name is already taken. Choose another name.',
  },
  admin_self_change: {
    status: 409,
    vi: 'Bạn không thể tự khóa hoặc hạ quyền tài khoản của chính mình. Hãy nhờ một quản trị viên khác.',
    en: 'You cannot disable or demote your own account. Ask another administrator.',
  },
  admin_role_fixed: {
    status: 409,
    vi: 'Vai trò quản trị viên luôn có mọi quyền và không thể thu hẹp.',
    en: 'The administrator role always holds every permission and cannot be narrowed.',
  },
  admin_session_not_found: {
    status: 404,
    vi: 'Không tìm thấy phiên đăng nhập này. Hãy tải lại danh sách.',
    en: 'This session was not found. Reload the list.',
  },
  deposit_channel_not_found: {
    status: 404,
    vi: 'Không tìm thấy kênh nạp tiền.',
    en: 'Deposit channel not found.',
  },
  deposit_channel_disabled: {
    status: 409,
    vi: 'Kênh nạp tiền đang tạm đóng.',
    en: 'This deposit channel is switched off.',
  },
  deposit_channel_invalid: {
    status: 400,
    vi: 'Cấu hình kênh nạp tiền không hợp lệ.',
    en: 'The deposit channel settings are not valid.',
  },
  deposit_channel_in_use: {
    status: 409,
    vi: 'Kênh đã có lệnh nạp, hãy tắt kênh thay vì xóa.',
    en: 'This channel has deposits: switch it off instead of deleting it.',
  },
  deposit_amount_below_min: {
    status: 400,
    vi: 'Số tiền nạp thấp hơn mức tối thiểu. Vui lòng nhập số tiền lớn hơn.',
    en: 'The amount is below the minimum deposit. Enter a larger amount.',
    viWith: 'Số tiền nạp tối thiểu là {amount}. Vui lòng nhập số tiền lớn hơn.',
    enWith: 'The smallest deposit is {amount}. Enter a larger amount.',
  },
  deposit_amount_above_max: {
    status: 400,
    vi: 'Số tiền nạp vượt mức tối đa. Vui lòng nhập số tiền nhỏ hơn.',
    en: 'The amount is above the maximum deposit. Enter a smaller amount.',
    viWith: 'Số tiền nạp tối đa là {amount}. Vui lòng nhập số tiền nhỏ hơn.',
    enWith: 'The largest deposit is {amount}. Enter a smaller amount.',
  },
  deposit_pending_limit: {
    status: 409,
    vi: 'Bạn có quá nhiều lệnh nạp đang chờ xử lý.',
    en: 'You have too many deposits waiting to be processed.',
  },
  deposit_order_not_found: {
    status: 404,
    vi: 'Không tìm thấy lệnh nạp tiền.',
    en: 'Deposit order not found.',
  },
  deposit_order_closed: {
    status: 409,
    vi: 'Lệnh nạp tiền đã được xử lý.',
    en: 'This deposit has already been processed.',
  },
  deposit_order_not_manual: {
    status: 409,
    vi: 'Lệnh nạp qua cổng thanh toán không xác nhận thủ công.',
    en: 'A payment-gateway deposit is not confirmed by hand.',
  },
  payment_gateway_unknown: {
    status: 404,
    vi: 'Cổng thanh toán không tồn tại.',
    en: 'Unknown payment gateway.',
  },
  payment_gateway_unavailable: {
    status: 503,
    vi: 'Cổng thanh toán tạm thời không khả dụng. Vui lòng thử lại.',
    en: 'The payment gateway is unavailable. Please try again.',
  },
  payment_signature_invalid: {
    status: 401,
    vi: 'Chữ ký thanh toán không hợp lệ.',
    en: 'The payment signature is not valid.',
  },
  payment_notification_invalid: {
    status: 400,
    vi: 'Thông báo thanh toán không hợp lệ.',
    en: 'The payment notification is not valid.',
  },
  payment_amount_mismatch: {
    status: 409,
    vi: 'Số tiền thanh toán không khớp với lệnh nạp.',
    en: 'The paid amount does not match the deposit.',
  },
  payment_transaction_reused: {
    status: 409,
    vi: 'Mã giao dịch thanh toán đã thuộc về lệnh khác.',
    en: 'This payment transaction belongs to another deposit.',
  },
  avatar_invalid: {
    status: 400,
    vi: 'Ảnh đại diện phải là tệp PNG hoặc JPG.',
    en: 'The avatar must be a PNG or JPG image.',
  },
  avatar_too_large: {
    status: 413,
    vi: 'Ảnh đại diện tối đa 1 MB.',
    en: 'The avatar may be at most 1 MB.',
  },
  payload_too_large: {
    status: 413,
    vi: 'Dữ liệu gửi lên quá lớn.',
    en: 'The request is too large.',
  },
  rate_limited: {
    status: 429,
    vi: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
    en: 'Too many requests, try again later.',
  },
  info_maintenance: {
    status: 503,
    vi: 'Hệ thống đang bảo trì.',
    en: 'The site is under maintenance.',
  },
  blockip: {
    status: 403,
    vi: 'Khu vực của bạn không được phép truy cập.',
    en: 'Access from your region is not allowed.',
  },
  game_maintenance: {
    status: 503,
    vi: 'Trò chơi đang bảo trì. Vui lòng thử các trò chơi phổ biến khác.',
    en: 'This game is under maintenance. Please try other popular games.',
    viWith: 'Trò chơi đang bảo trì: {note} Vui lòng thử các trò chơi phổ biến khác.',
    enWith: 'This game is under maintenance: {note} Please try other popular games.',
  },
  game_not_found: {
    status: 404,
    vi: 'Không tìm thấy trò chơi. Vui lòng chọn trò chơi khác.',
    en: 'The game could not be found. Choose another game.',
  },
  games_import_unreadable: {
    status: 400,
    vi: 'Không đọc được tệp. Vui lòng chọn tệp CSV có dòng tiêu đề hoặc tệp JSON chứa danh sách trò chơi.',
    en: 'The file could not be read. Choose a CSV file with a header line or a JSON file holding a list of games.',
  },
  games_import_too_large: {
    status: 413,
    vi: 'Tệp có quá nhiều dòng. Vui lòng chia thành các tệp tối đa 5.000 trò chơi.',
    en: 'The file has too many rows. Split it into files of at most 5,000 games.',
  },
  games_import_stale: {
    status: 409,
    vi: 'Danh mục đã thay đổi kể từ khi xem trước. Vui lòng xem trước lại rồi áp dụng.',
    en: 'The catalogue has changed since the preview. Preview the file again, then apply it.',
  },
  games_import_empty: {
    status: 400,
    vi: 'Tệp không có thay đổi nào có thể áp dụng. Vui lòng sửa các dòng bị từ chối rồi thử lại.',
    en: 'The file has no change that can be applied. Fix the refused rows and try again.',
  },
  game_image_invalid: {
    status: 400,
    vi: 'Chỉ chấp nhận ảnh PNG, JPG, WebP hoặc SVG không chứa mã lệnh hay liên kết ngoài. Vui lòng chọn ảnh khác.',
    en: 'Only PNG, JPG, WebP or SVG images without scripts or outside links are accepted. Choose another image.',
  },
  media_image_required: {
    status: 400,
    vi: 'Chưa có ảnh nào được gửi lên. Vui lòng chọn một ảnh PNG, JPG hoặc WebP rồi thử lại.',
    en: 'No picture arrived. Choose a PNG, JPG or WebP picture and try again.',
  },
  media_image_invalid: {
    status: 400,
    vi: 'Tệp này không phải ảnh PNG, JPG hoặc WebP đọc được. Vui lòng chọn ảnh khác.',
    en: 'This file is not a readable PNG, JPG or WebP picture. Choose another picture.',
  },
  media_image_too_large: {
    status: 413,
    vi: 'Ảnh tối đa 2 MB. Vui lòng thu nhỏ ảnh hoặc chọn ảnh khác.',
    en: 'A picture may be at most 2 MB. Make it smaller or choose another one.',
  },
  game_disabled: {
    status: 403,
    vi: 'Trò chơi này hiện không khả dụng.',
    en: 'This game is not available.',
  },
  favorite_limit: {
    status: 409,
    vi: 'Danh sách yêu thích đã đầy. Vui lòng bỏ bớt.',
    en: 'Your favourites list is full, remove some first.',
  },
  service_unavailable: {
    status: 503,
    vi: 'Dịch vụ tạm thời không khả dụng.',
    en: 'Service temporarily unavailable.',
  },
  records_range_too_long: {
    status: 400,
    vi: 'Khoảng thời gian tra cứu quá dài. Vui lòng chọn khoảng ngắn hơn.',
    en: 'The date range is too long. Choose a shorter range.',
    viWith: 'Khoảng thời gian tra cứu tối đa {days} ngày. Vui lòng chọn khoảng ngắn hơn.',
    enWith: 'The date range may be at most {days} days. Choose a shorter range.',
  },
  payment_password_required: {
    status: 400,
    vi: 'Vui lòng nhập mật khẩu thanh toán.',
    en: 'Please enter your payment password.',
  },
  transfer_not_allowed: {
    status: 403,
    vi: 'Tài khoản chưa được phép chuyển tiền theo hướng này.',
    en: 'This account may not transfer in this direction.',
  },
  upline_not_found: {
    status: 404,
    vi: 'Tài khoản không có cấp trên nhận chuyển tiền.',
    en: 'This account has no upline to transfer to.',
  },
  transfer_receiver_unavailable: {
    status: 409,
    vi: 'Tài khoản nhận hiện không thể nhận tiền.',
    en: 'The receiving account cannot receive money now.',
  },
  red_envelope_not_found: {
    status: 404,
    vi: 'Không tìm thấy phong bao lì xì này, vui lòng tải lại danh sách.',
    en: 'This red envelope was not found; please reload the list.',
  },
  red_envelope_all_claimed: {
    status: 409,
    vi: 'Phong bao lì xì này đã được nhận hết, hãy chờ phong bao tiếp theo.',
    en: 'Every share of this red envelope has been claimed; watch for the next one.',
  },
  red_envelope_expired: {
    status: 409,
    vi: 'Phong bao lì xì này đã hết hạn, hãy chờ phong bao tiếp theo.',
    en: 'This red envelope has expired; watch for the next one.',
  },
  red_envelope_shares_exceed_members: {
    status: 400,
    vi: 'Số phần không được nhiều hơn số thành viên đã chọn, vui lòng giảm số phần.',
    en: 'There are more shares than chosen members; please lower the number of shares.',
  },
  referral_code_invalid: {
    status: 400,
    vi: 'Mã mời của bạn bè không hợp lệ, vui lòng kiểm tra lại hoặc để trống.',
    en: "The friend's referral code is not valid; check it or leave it empty.",
  },
  referral_players_only: {
    status: 403,
    vi: 'Chỉ tài khoản người chơi mới có mã mời bạn bè; đại lý hãy dùng mã giới thiệu trong trung tâm đại lý.',
    en: 'Only player accounts have a friend referral code; agents, please use the invitation code in the agent centre.',
  },
  referral_reward_not_found: {
    status: 404,
    vi: 'Không tìm thấy phần thưởng này hoặc nó không thuộc về bạn, vui lòng tải lại trang.',
    en: 'This reward was not found or is not yours; please reload the page.',
  },
  rebate_nothing_to_claim: {
    status: 409,
    vi: 'Hiện chưa có khoản hoàn trả nào để nhận, hãy quay lại sau khi kỳ hoàn trả kết thúc.',
    en: 'There is no rebate to claim yet; come back once a rebate period is over.',
  },
  rebate_claim_not_allowed: {
    status: 403,
    vi: 'Tài khoản đang tạm khóa, tự loại trừ hoặc tạm nghỉ nên chưa thể nhận hoàn trả; vui lòng liên hệ chăm sóc khách hàng.',
    en: 'Rebates cannot be claimed while the account is locked, self-excluded or on a break; please contact customer service.',
  },
  rebate_period_not_over: {
    status: 409,
    vi: 'Kỳ hoàn trả này chưa kết thúc, vui lòng chọn một kỳ đã kết thúc.',
    en: 'This rebate period is not over yet; choose a period that has ended.',
  },
  cashback_period_not_over: {
    status: 409,
    vi: 'Kỳ hoàn tiền thua này chưa kết thúc, vui lòng chọn một kỳ đã kết thúc.',
    en: 'This cashback period is not over yet; choose a period that has ended.',
  },
  vip_member_not_found: {
    status: 404,
    vi: 'Không tìm thấy thành viên này, vui lòng kiểm tra lại tên tài khoản.',
    en: 'This member was not found; check the username and try again.',
  },
  vip_rules_changed: {
    status: 409,
    vi: 'Người khác đã thay đổi các quy tắc này sau khi bạn mở chúng. Vui lòng tải lại rồi thực hiện lại thay đổi của bạn; chưa có gì được lưu.',
    en: 'Someone else changed these rules after you opened them. Reload them and make your change again; nothing was saved.',
  },
  rg_deposit_limit_exceeded: {
    status: 403,
    vi: 'Vượt quá giới hạn nạp tiền bạn đã đặt.',
    en: 'This goes over the deposit limit you set.',
    viWith: 'Vượt quá giới hạn nạp tiền {period} bạn đã đặt: {limit}, còn lại {remaining}.',
    enWith: 'This goes over your {period} deposit limit of {limit}; {remaining} left.',
  },
  rg_wager_limit_exceeded: {
    status: 403,
    vi: 'Vượt quá giới hạn đặt cược bạn đã đặt.',
    en: 'This goes over the wager limit you set.',
    viWith: 'Vượt quá giới hạn đặt cược {period} bạn đã đặt: {limit}, còn lại {remaining}.',
    enWith: 'This goes over your {period} wager limit of {limit}; {remaining} left.',
  },
  rg_loss_limit_exceeded: {
    status: 403,
    vi: 'Vượt quá giới hạn thua lỗ bạn đã đặt.',
    en: 'This goes over the loss limit you set.',
    viWith: 'Vượt quá giới hạn thua lỗ {period} bạn đã đặt: {limit}, còn lại {remaining}.',
    enWith: 'This goes over your {period} loss limit of {limit}; {remaining} left.',
  },
  rg_self_excluded: {
    status: 403,
    vi: 'Tài khoản đang tự loại trừ.',
    en: 'This account is self-excluded.',
    viWith: 'Tài khoản đang tự loại trừ đến {until}.',
    enWith: 'This account is self-excluded until {until}.',
  },
  rg_on_break: {
    status: 403,
    vi: 'Tài khoản đang trong thời gian tạm nghỉ.',
    en: 'This account is taking a break.',
    viWith: 'Tài khoản đang tạm nghỉ đến {until}.',
    enWith: 'This account is taking a break until {until}.',
  },
  rg_operator_loosening: {
    status: 409,
    vi: 'Nhân viên chỉ có thể siết hạn mức (thêm hoặc giảm); nới hoặc bỏ hạn mức do chính thành viên yêu cầu.',
    en: 'An operator may only tighten a limit (add or lower it); raising or removing one is for the member to ask.',
  },
  admin_request_not_pending: {
    status: 409,
    vi: 'Yêu cầu này đã được xử lý.',
    en: 'This request has already been decided.',
  },
  admin_self_approval: {
    status: 403,
    vi: 'Người tạo yêu cầu không thể tự duyệt.',
    en: 'The administrator who made a request cannot approve it.',
  },
  lottery_betting_closed: {
    status: 409,
    vi: 'Kỳ quay này đã ngừng nhận cược.',
    en: 'Betting on this draw has closed.',
  },
  lottery_selection_invalid: {
    status: 400,
    vi: 'Số cược hoặc kiểu cược không hợp lệ. Vui lòng chọn lại số theo đúng kiểu cược.',
    en: 'The numbers or the bet type are not valid. Pick numbers that fit the bet type.',
  },
  lottery_stake_out_of_range: {
    status: 400,
    vi: 'Tiền cược nằm ngoài mức cho phép. Vui lòng nhập tiền cược trong giới hạn của trò chơi.',
    en: "The stake is outside the allowed range. Enter a stake within the game's limits.",
  },
  lottery_risk_limit: {
    status: 409,
    vi: 'Số này đã đạt hạn mức nhận cược của kỳ quay.',
    en: 'This number has reached its betting limit for the draw.',
  },
  lottery_result_invalid: {
    status: 400,
    vi: 'Kết quả không đúng số giải hoặc số chữ số.',
    en: 'The result has the wrong number of prizes or digits.',
  },
  lottery_draw_outside_window: {
    status: 400,
    vi: 'Chỉ nhập được kết quả của kỳ đã quay hôm nay hoặc trong 7 ngày qua (giờ Việt Nam).',
    en: 'Only a draw of today or of the past 7 days (Vietnam time) can take a result.',
  },
  lottery_period_not_open: {
    status: 409,
    vi: 'Kỳ quay không ở trạng thái cho phép thao tác này.',
    en: 'The draw is not in a state that allows this.',
  },
  lottery_change_waiting: {
    status: 409,
    vi: 'Đã có một yêu cầu đang chờ duyệt cho mục này: hãy duyệt, từ chối hoặc rút yêu cầu đó trước.',
    en: 'A request for this is already waiting: approve, reject or withdraw that one first.',
  },
  in_please_information: {
    status: 403,
    vi: 'Tài khoản dùng thử không thể dùng phòng trò chuyện. Vui lòng đăng ký tài khoản chính thức.',
    en: 'Trial accounts cannot use the chat room: please register an official account.',
  },
  chat_room_not_found: {
    status: 404,
    vi: 'Không tìm thấy phòng trò chuyện.',
    en: 'Chat room not found.',
  },
  chat_disabled: {
    status: 403,
    vi: 'Phòng trò chuyện đang tắt.',
    en: 'The chat room is switched off.',
  },
  chat_rate_limited: {
    status: 429,
    vi: 'Bạn gửi tin nhắn quá nhanh. Vui lòng chờ một chút.',
    en: 'You are sending messages too fast. Please wait a moment.',
    viWith: 'Bạn gửi tin nhắn quá nhanh. Vui lòng chờ {seconds} giây.',
    enWith: 'You are sending messages too fast. Please wait {seconds} s.',
  },
  chat_muted: {
    status: 403,
    vi: 'Bạn đang bị tạm khóa trò chuyện.',
    en: 'You have been muted in the chat room.',
    viWith: 'Bạn đang bị tạm khóa trò chuyện đến {until}.',
    enWith: 'You have been muted in the chat room until {until}.',
  },
  chat_banned: {
    status: 403,
    vi: 'Bạn đang bị cấm vào phòng trò chuyện.',
    en: 'You have been banned from the chat room.',
    viWith: 'Bạn đang bị cấm vào phòng trò chuyện đến {until}.',
    enWith: 'You have been banned from the chat room until {until}.',
  },
  chat_room_code_taken: {
    status: 409,
    vi: 'Mã phòng đã tồn tại.',
    en: 'This room code is already in use.',
  },
  chat_default_room_required: {
    status: 409,
    vi: 'Không thể tắt phòng chung. Hãy tắt phòng trò chuyện trong cây cài đặt.',
    en: 'The public room cannot be switched off; switch the chat room off in the settings tree instead.',
  },
  chat_message_not_found: {
    status: 404,
    vi: 'Không tìm thấy tin nhắn.',
    en: 'Message not found.',
  },
  customer_service_key_invalid: {
    status: 400,
    vi: 'Không mở được kênh chăm sóc khách hàng. Vui lòng tải lại trang rồi thử lại.',
    en: 'Customer service could not be opened. Reload the page and try again.',
  },
  support_chat_not_found: {
    status: 404,
    vi: 'Không tìm thấy cuộc trò chuyện hỗ trợ này. Vui lòng tải lại danh sách.',
    en: 'This support conversation was not found. Reload the list.',
  },
  support_chat_closed: {
    status: 409,
    vi: 'Cuộc trò chuyện này đã đóng. Thành viên sẽ mở cuộc mới khi nhắn tin lại.',
    en: 'This conversation is closed. The member opens a new one by writing again.',
  },
  internal_error: {
    status: 500,
    vi: 'Đã có lỗi hệ thống. Vui lòng thử lại sau ít phút.',
    en: 'Something went wrong on our side. Try again in a few minutes.',
  },
  not_an_agent: {
    status: 403,
    vi: 'Chức năng này chỉ dành cho tài khoản đại lý; vui lòng đăng nhập bằng tài khoản đại lý.',
    en: 'Only agent accounts can use this; please log in with an agent account.',
  },
  account_type_not_allowed: {
    status: 400,
    vi: 'Không thể mở loại tài khoản này dưới cấp trên đã chọn; vui lòng chọn loại tài khoản được phép.',
    en: 'This account type cannot be placed under the chosen upline; please choose an allowed account type.',
  },
  upline_invalid: {
    status: 400,
    vi: 'Cấp trên đã chọn không phải là tài khoản đang hoạt động; vui lòng chọn cấp trên khác.',
    en: 'The chosen upline is not an active account; please choose another upline.',
  },
  downline_cycle: {
    status: 409,
    vi: 'Không thể chuyển thành viên vào dưới chính mình hoặc tuyến dưới của mình; vui lòng chọn cấp trên ngoài đội của thành viên.',
    en: "A member cannot be moved under itself or its own downline; please choose an upline outside the member's team.",
  },
  not_in_team: {
    status: 404,
    vi: 'Thành viên này không thuộc đội của bạn; vui lòng kiểm tra lại tên tài khoản.',
    en: 'This member is not in your team; please check the username.',
  },
  downline_account_type_not_allowed: {
    status: 400,
    vi: 'Bạn không thể mở loại tài khoản này; hãy chọn một loại trong danh sách.',
    en: 'You cannot open this type of account; choose one of the types listed.',
  },
  downline_username_invalid: {
    status: 400,
    vi: 'Tên tài khoản không hợp lệ; hãy dùng chữ cái và chữ số theo quy định của trang.',
    en: 'The username is not valid; use letters and digits as the site asks.',
    viWith: 'Tên tài khoản không hợp lệ; hãy nhập đúng dạng: {hint}.',
    enWith: 'The username is not valid; enter it as: {hint}.',
  },
  downline_password_invalid: {
    status: 400,
    vi: 'Mật khẩu không hợp lệ; hãy chọn mật khẩu theo quy định của trang.',
    en: 'The password is not valid; choose one as the site asks.',
    viWith: 'Mật khẩu không hợp lệ; hãy nhập đúng dạng: {hint}.',
    enWith: 'The password is not valid; enter it as: {hint}.',
  },
  downline_contact_invalid: {
    status: 400,
    vi: 'Số điện thoại hoặc email không hợp lệ; hãy kiểm tra lại hoặc để trống.',
    en: 'The mobile number or e-mail is not valid; check it or leave it empty.',
  },
  agent_notice_too_many: {
    status: 429,
    vi: 'Bạn đã gửi quá nhiều thông báo trong giờ này; vui lòng thử lại sau.',
    en: 'You have sent too many notices this hour; please try again later.',
    viWith: 'Mỗi giờ bạn chỉ gửi được {count} thông báo; vui lòng thử lại sau.',
    enWith: 'You can send {count} notices an hour; please try again later.',
  },
  agent_notice_empty: {
    status: 400,
    vi: 'Thông báo chưa có nội dung; hãy nhập tiêu đề và nội dung.',
    en: 'The notice is empty; enter a title and a message.',
  },
  agent_application_too_many: {
    status: 429,
    vi: 'Bạn đã gửi quá nhiều đơn đăng ký đại lý. Vui lòng thử lại sau một giờ.',
    en: 'You have sent too many agent applications. Please try again in an hour.',
    viWith: 'Mỗi giờ chỉ gửi được {count} đơn đăng ký đại lý. Vui lòng thử lại sau.',
    enWith: 'You can send {count} agent applications an hour. Please try again later.',
  },
  agent_application_pending: {
    status: 409,
    vi: 'Số điện thoại này đã có một đơn đăng ký đại lý đang chờ duyệt. Vui lòng tra cứu đơn đó bằng mã đơn đã nhận.',
    en: 'This mobile number already has an agent application being reviewed. Look it up with the reference you were given.',
  },
  agent_application_not_found: {
    status: 404,
    vi: 'Không tìm thấy đơn nào khớp với mã đơn và số điện thoại này. Vui lòng kiểm tra lại cả hai rồi thử lại.',
    en: 'No application matches this reference and mobile number. Check both and try again.',
  },
  agent_application_answered: {
    status: 409,
    vi: 'Đơn đăng ký này đã được trả lời. Vui lòng tải lại danh sách để xem câu trả lời.',
    en: 'This application has already been answered. Reload the list to see the answer.',
  },
  agent_contract_tiers_invalid: {
    status: 400,
    vi: 'Các mức của hợp đồng chưa hợp lệ; mỗi mức phải có ngưỡng cao hơn và tỷ lệ cao hơn mức trước, và chỉ dùng các ô của loại hợp đồng này.',
    en: "The contract's tiers are not valid; each tier must ask more and pay a higher rate than the one before, using only this kind's fields.",
  },
  agent_contract_terms_too_good: {
    status: 400,
    vi: 'Bạn không thể đề nghị điều khoản tốt hơn hợp đồng của chính mình; hãy giảm tỷ lệ hoặc nâng ngưỡng.',
    en: 'You cannot offer better terms than your own contract; lower the rates or raise the thresholds.',
  },
  agent_contract_upline_missing: {
    status: 409,
    vi: 'Bạn cần có hợp đồng loại này đang hiệu lực trước khi đề nghị cho tuyến dưới.',
    en: 'You need an active contract of this kind before you can offer one to your downline.',
  },
  agent_contract_not_direct_downline: {
    status: 400,
    vi: 'Chỉ có thể đề nghị hợp đồng cho đại lý tuyến dưới trực tiếp của bạn; hãy chọn một đại lý trong danh sách.',
    en: 'Contracts can only be offered to your direct downline agents; choose one of the agents listed.',
  },
  agent_contract_lower_rate_confirm: {
    status: 409,
    vi: 'Điều khoản này thấp hơn hợp đồng mà tuyến dưới đang có; nếu đồng ý tiếp tục, các hợp đồng đó sẽ tự động chấm dứt, hãy xác nhận để tiếp tục.',
    en: 'These terms are lower than a contract already held below; if you go on, those contracts will end automatically, so confirm to continue.',
  },
  agent_contract_offer_pending: {
    status: 409,
    vi: 'Đại lý này đang có một đề nghị hợp đồng loại này chờ trả lời; hãy chờ trả lời hoặc rút đề nghị trước.',
    en: 'This agent already has an offer of this kind waiting for an answer; wait for it or withdraw the offer first.',
  },
  agent_contract_not_found: {
    status: 404,
    vi: 'Không tìm thấy hợp đồng hoặc yêu cầu này; vui lòng tải lại danh sách.',
    en: 'This contract or request was not found; please reload the list.',
  },
  agent_contract_state_changed: {
    status: 409,
    vi: 'Hợp đồng này đã thay đổi trong lúc đó; vui lòng tải lại danh sách rồi thử lại.',
    en: 'This contract has changed in the meantime; please reload the list and try again.',
  },
  agent_contract_kind_paused: {
    status: 403,
    vi: 'Loại hợp đồng này đang tạm dừng trên trang; vui lòng thử lại sau.',
    en: 'Contracts of this kind are paused on this site for now; please try again later.',
  },
  agent_contract_not_top_level: {
    status: 400,
    vi: 'Chỉ đặt hợp đồng ở đây cho đại lý cấp cao nhất; đại lý có cấp trên nhận hợp đồng từ cấp trên của mình.',
    en: 'Only a top-level agent gets its contract here; an agent with an upline is offered one by its upline.',
  },
  agent_contract_period_invalid: {
    status: 400,
    vi: 'Kỳ quyết toán không khớp với loại hợp đồng: chia cổ tức và lương ngày cần một ngày, lương giờ cần thời điểm bắt đầu một giờ, lương thời gian thực cần thời điểm bắt đầu một khung 5 phút; hãy chọn lại kỳ và thử lại.',
    en: 'The period does not fit the kind of contract: a dividend or a daily wage takes a day, an hourly wage the start of an hour, a real-time salary the start of a 5-minute slot; choose the period again and try again.',
  },
  agent_contract_debt_unpaid_balance: {
    status: 409,
    vi: 'Ví đại lý của thành viên này không đủ tiền để trả khoản nợ; hãy chờ ví có đủ số tiền rồi thử lại.',
    en: "This member's agent wallet does not hold enough to pay the debt back; wait until it holds the amount and try again.",
  },
  agent_contract_kind_off: {
    status: 403,
    vi: 'Loại hợp đồng này hiện không được mở trên trang. Hãy liên hệ bộ phận hỗ trợ nếu bạn cần đến nó.',
    en: 'This kind of contract is not offered on the site at the moment. Contact support if you need it.',
  },
  table_limits_invalid: {
    status: 400,
    vi: 'Giới hạn bàn chưa hợp lệ. Vui lòng kiểm tra lại mức cược tối thiểu và tối đa.',
    en: 'The table limits are not valid. Check the minimum and maximum bets.',
    viWith: 'Giới hạn bàn chưa hợp lệ: {problem}.',
    enWith: 'The table limits are not valid: {problem}.',
  },
  house_games_unavailable: {
    status: 503,
    vi: 'Máy chủ trò chơi không phản hồi. Chưa có gì được đọc hoặc thay đổi; vui lòng thử lại sau.',
    en: 'The game server did not answer. Nothing was read or changed; try again later.',
  },
  cockfight_invalid: {
    status: 400,
    vi: 'Thiết lập sới đá gà chưa hợp lệ; hãy kiểm tra lại rồi gửi lại.',
    en: 'The cockfight arena settings are not valid; check them and send them again.',
    viWith: 'Thiết lập sới đá gà chưa hợp lệ: {problem}. Hãy sửa rồi gửi lại.',
    enWith: 'The cockfight arena settings are not valid: {problem}. Correct it and send again.',
  },
  sportsbook_invalid: {
    status: 400,
    vi: 'Yêu cầu với sổ cược thể thao chưa hợp lệ; hãy kiểm tra lại rồi gửi lại.',
    en: 'The sportsbook request is not valid; check it and send it again.',
    viWith: 'Yêu cầu với sổ cược thể thao chưa hợp lệ: {problem}. Hãy sửa rồi gửi lại.',
    enWith: 'The sportsbook request is not valid: {problem}. Correct it and send again.',
  },
  cockfight_fight_open: {
    status: 409,
    vi: 'Trận hiện tại chưa kết thúc; hãy đóng cược và công bố kết quả trước khi mở trận mới.',
    en: 'The current fight is not over; close its betting and declare its result before opening the next one.',
  },
  cockfight_no_fight: {
    status: 409,
    vi: 'Không có trận nào đang mở cược; hãy mở trận tiếp theo trước.',
    en: 'No fight is taking bets; open the next fight first.',
  },
  cockfight_not_closed: {
    status: 409,
    vi: 'Trận này vẫn đang nhận cược; hãy đóng cược trước khi công bố kết quả.',
    en: 'This fight is still taking bets; close its betting before declaring the result.',
  },
  cockfight_already_declared: {
    status: 409,
    vi: 'Trận này đã có kết quả khác và đã được thanh toán; không thể thay đổi kết quả.',
    en: 'This fight already has another result and has been settled; its result cannot be changed.',
  },
  cockfight_arenas_full: {
    status: 409,
    vi: 'Máy chủ trò chơi đã có số sới tối đa; hãy đổi tên và thiết lập một sới có sẵn thay vì tạo sới mới.',
    en: 'The game server already runs as many arenas as it can; rename and set up an existing arena instead of creating one.',
  },
  cockfight_arena_busy: {
    status: 409,
    vi: 'Sới này còn một trận chưa xong; hãy đóng cược, công bố kết quả và chờ thanh toán xong rồi mới đóng sới.',
    en: 'This arena still has a fight under way; close its betting, declare its result and let it settle before closing the arena.',
  },
  cockfight_arena_closed: {
    status: 409,
    vi: 'Sới này đã đóng; không thể mở trận hay đổi thiết lập nữa. Hãy dùng một sới đang mở hoặc tạo sới mới.',
    en: 'This arena is closed; no fight can be opened and its settings cannot change. Use an open arena or create a new one.',
  },
  cockfight_last_arena: {
    status: 409,
    vi: 'Đây là sới cuối cùng còn mở; hãy tạo một sới khác trước khi đóng sới này.',
    en: 'This is the last open arena; create another arena before closing this one.',
  },
  agent_contract_debtor_restricted: {
    status: 403,
    vi: 'Bạn còn một khoản nợ hợp đồng đại lý chưa trả cho nền tảng; khi khoản nợ được thanh toán, bạn mới có thể đề nghị hợp đồng hoặc chuyển tiền từ ví đại lý.',
    en: 'You still owe the platform for an agent contract payout; once that debt is paid back you can offer contracts and move money out of your agent wallet again.',
  },
} as const satisfies Record<string, ErrorEntry>;

/**
 * `vi`/`en` stand alone; `viWith`/`enWith`, when present, are used instead when the error carries
 * the parameters they name in braces (a limit, a date), so the message can state them.
 */
type ErrorEntry = { status: number; vi: string; en: string; viWith?: string; enWith?: string };

/** A parameter of a message: one text for every language, or one per language. */
export type MessageParam = string | { vi: string; en: string };
export type MessageParams = Readonly<Record<string, MessageParam>>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type MessageLanguage = 'vi' | 'en';

export function errorMessage(code: ErrorCode, language: MessageLanguage, params?: MessageParams): string {
  const entry: ErrorEntry = ERROR_CODES[code];
  const template = language === 'vi' ? entry.viWith : entry.enWith;
  if (!params || !template) return entry[language];
  let isComplete = true;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = params[name];
    if (param === undefined) {
      isComplete = false;
      return '';
    }
    return typeof param === 'string' ? param : param[language];
  });
  return isComplete ? text : entry[language];
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
