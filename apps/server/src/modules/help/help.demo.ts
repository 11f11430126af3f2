import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { sanitizeAnnouncementHtml } from '../content/content.sanitize.ts';
import * as repo from './help.repository.ts';

type Text = { title: string; body: string };
type DemoArticle = { key: string; vi: Text; en: Text };
type DemoCategory = { key: string; vi: string; en: string; articles: DemoArticle[] };

/**
 * The demo site's help centre, in Vietnamese and English. Every figure here is the product's own
 * default (docs/accounts.md, deposits.md, withdrawals.md, member-centre-records.md, lottery.md,
 * lottery-rules.md); an operator who changes a setting edits the article in the back office.
 */
const DEMO_HELP: readonly DemoCategory[] = [
  {
    key: 'account',
    vi: 'Đăng ký và đăng nhập',
    en: 'Registering and logging in',
    articles: [
      {
        key: 'register',
        vi: {
          title: 'Cách đăng ký tài khoản',
          body: `<p>Bấm <strong>Đăng ký</strong> ở đầu trang. Bạn có thể đăng ký bằng tên đăng nhập hoặc bằng số điện thoại, tùy hình thức nhà điều hành đang mở.</p>
<ul>
<li><strong>Tên đăng nhập:</strong> chọn tên đăng nhập và mật khẩu, nhập lại mật khẩu để xác nhận.</li>
<li><strong>Số điện thoại:</strong> số điện thoại là tên đăng nhập; khi trang yêu cầu, bấm gửi mã và nhập mã 6 chữ số nhận qua SMS (mã có hiệu lực 5 phút).</li>
<li>Nếu được bạn bè hoặc đại lý giới thiệu, nhập <strong>mã giới thiệu</strong> (hoặc mở đường dẫn mời của họ, mã được điền sẵn).</li>
</ul>
<p>Bạn cần đồng ý với điều khoản trước khi gửi. Sau khi đăng ký thành công, bạn được đăng nhập ngay.</p>`,
        },
        en: {
          title: 'How to register',
          body: `<p>Press <strong>Sign up</strong> at the top of the page. You can register with a username or with your mobile number, depending on which the operator has switched on.</p>
<ul>
<li><strong>Username:</strong> choose a username and a password, and type the password again to confirm it.</li>
<li><strong>Mobile number:</strong> the number is your username; when asked, send a code and enter the 6-digit code from the SMS (it is valid for 5 minutes).</li>
<li>If a friend or an agent invited you, enter their <strong>invitation code</strong> (or open their invitation link and it is filled in for you).</li>
</ul>
<p>You must agree to the terms before sending. Once registered you are logged in straight away.</p>`,
        },
      },
      {
        key: 'login',
        vi: {
          title: 'Đăng nhập và khi không đăng nhập được',
          body: `<p>Bấm <strong>Đăng nhập</strong>, nhập tên đăng nhập và mật khẩu. Nếu nhà điều hành bật đăng nhập bằng SMS, bạn cũng có thể nhận mã qua số điện thoại đã đăng ký.</p>
<ul>
<li>Sau 3 lần sai, trang yêu cầu nhập <strong>mã xác nhận</strong> (captcha).</li>
<li>Sau 5 lần sai liên tiếp, tài khoản bị khóa tạm thời 5 phút; mỗi lần khóa tiếp theo dài gấp đôi, tối đa một ngày.</li>
<li>Khi đăng nhập từ một địa chỉ mới, bạn có thể được yêu cầu thêm một bước: mã SMS hoặc mã từ ứng dụng xác thực.</li>
</ul>
<p>Quên mật khẩu? Dùng <strong>Quên mật khẩu</strong> trong hộp đăng nhập để nhận liên kết qua email hoặc mã qua SMS và đặt mật khẩu mới.</p>`,
        },
        en: {
          title: 'Logging in, and when you cannot',
          body: `<p>Press <strong>Log in</strong> and enter your username and password. If the operator has switched on SMS login, you can also log in with a code sent to your registered mobile.</p>
<ul>
<li>After 3 wrong attempts the page asks for a <strong>captcha</strong>.</li>
<li>After 5 wrong attempts in a row the account is locked for 5 minutes; each further lock lasts twice as long, up to a day.</li>
<li>When you log in from a new address you may be asked for one more step: an SMS code or a code from your authenticator app.</li>
</ul>
<p>Forgot your password? Use <strong>Forgot password</strong> in the login box to get a link by e-mail or a code by SMS and set a new one.</p>`,
        },
      },
    ],
  },
  {
    key: 'deposit',
    vi: 'Nạp tiền',
    en: 'Deposits',
    articles: [
      {
        key: 'deposit-gateway',
        vi: {
          title: 'Nạp tiền qua cổng thanh toán',
          body: `<ol>
<li>Mở <strong>Trung tâm hội viên → Nạp tiền</strong> (hoặc nút Nạp tiền cạnh số dư).</li>
<li>Chọn một kênh cổng thanh toán, nhập số tiền trong khoảng tối thiểu và tối đa hiển thị dưới kênh.</li>
<li>Bạn được chuyển đến trang thanh toán của cổng. Hoàn tất thanh toán trong vòng 30 phút.</li>
</ol>
<p>Tiền được cộng vào ví chính ngay khi cổng xác nhận đã nhận tiền, kể cả khi bạn đã đóng trang. Trạng thái từng lệnh có trong <strong>Lịch sử giao dịch</strong>.</p>`,
        },
        en: {
          title: 'Depositing through a payment gateway',
          body: `<ol>
<li>Open <strong>Member centre → Deposit</strong> (or the Deposit button next to your balance).</li>
<li>Choose a gateway channel and enter an amount between the minimum and maximum shown under it.</li>
<li>You are taken to the gateway's payment page. Finish paying within 30 minutes.</li>
</ol>
<p>The money reaches your main wallet as soon as the gateway confirms it was paid, even if you closed the page. Each order's status is in <strong>Transaction history</strong>.</p>`,
        },
      },
      {
        key: 'deposit-bank-transfer',
        vi: {
          title: 'Nạp tiền bằng chuyển khoản ngân hàng (mã tham chiếu)',
          body: `<ol>
<li>Chọn kênh <strong>chuyển khoản ngân hàng</strong> và nhập số tiền.</li>
<li>Trang hiển thị tài khoản nhận (ngân hàng, chủ tài khoản, số tài khoản, chi nhánh) và một <strong>mã tham chiếu 8 ký tự</strong>.</li>
<li>Chuyển đúng số tiền và ghi <strong>chính xác mã tham chiếu</strong> vào nội dung chuyển khoản. Bộ phận tài chính dùng mã này để tìm lệnh của bạn.</li>
</ol>
<p>Lệnh chờ xác nhận trong một ngày. Tiền đến muộn vẫn được xử lý: nếu đã quá hạn, hãy liên hệ chăm sóc khách hàng kèm mã tham chiếu.</p>
<p>Bạn có thể có tối đa 5 lệnh nạp đang chờ cùng lúc. Các giới hạn nạp bạn tự đặt (xem mục Chơi có trách nhiệm) được kiểm tra khi tạo lệnh.</p>`,
        },
        en: {
          title: 'Depositing by bank transfer (reference code)',
          body: `<ol>
<li>Choose a <strong>bank transfer</strong> channel and enter the amount.</li>
<li>The page shows the receiving account (bank, account name, account number, branch) and an <strong>8-character reference code</strong>.</li>
<li>Transfer exactly that amount and write <strong>the reference code exactly</strong> in the transfer note. Our finance team finds your order by it.</li>
</ol>
<p>The order waits a day for the money. Money that arrives late is still handled: if the order has expired, contact customer service with the reference code.</p>
<p>You can have at most 5 deposits waiting at once. Deposit limits you set yourself (see Responsible gaming) are checked when the order is made.</p>`,
        },
      },
    ],
  },
  {
    key: 'withdraw',
    vi: 'Rút tiền',
    en: 'Withdrawals',
    articles: [
      {
        key: 'withdraw-how',
        vi: {
          title: 'Cách rút tiền',
          body: `<ol>
<li>Đặt <strong>mật khẩu rút tiền</strong> (6 chữ số) trong Trung tâm hội viên; lần đầu cần mật khẩu đăng nhập.</li>
<li>Liên kết <strong>thẻ ngân hàng</strong>: tên chủ tài khoản phải trùng với họ tên thật của bạn (không phân biệt dấu). Tối đa 3 thẻ.</li>
<li>Mở <strong>Rút tiền</strong>, chọn thẻ, nhập số tiền và mật khẩu rút tiền.</li>
</ol>
<p>Lần rút đầu tiên về một thẻ cần xác minh lại: mật khẩu đăng nhập, hoặc mã SMS gửi đến số điện thoại của bạn.</p>
<p>Yêu cầu được bộ phận tài chính duyệt rồi chi trả. Khi nhận được tiền, hãy bấm xác nhận đã nhận; nếu không, yêu cầu tự được coi là đã nhận sau 60 phút kể từ khi chi trả.</p>`,
        },
        en: {
          title: 'How to withdraw',
          body: `<ol>
<li>Set a <strong>withdrawal password</strong> (6 digits) in the member centre; the first time needs your login password.</li>
<li>Bind a <strong>bank card</strong>: the account name must match your real name (accents do not matter). At most 3 cards.</li>
<li>Open <strong>Withdraw</strong>, pick the card, enter the amount and your withdrawal password.</li>
</ol>
<p>The first withdrawal to a card asks you to prove it is you again: your login password, or an SMS code sent to your mobile.</p>
<p>Our finance team approves the request and pays it out. When the money arrives, confirm you received it; otherwise it counts as received 60 minutes after the payout.</p>`,
        },
      },
      {
        key: 'withdraw-fees-limits',
        vi: {
          title: 'Phí, giới hạn và yêu cầu cược',
          body: `<ul>
<li><strong>Số tiền:</strong> tối thiểu 100.000 ₫, tối đa 500.000.000 ₫ mỗi lần.</li>
<li><strong>Số lần:</strong> tối đa 5 yêu cầu mỗi ngày (yêu cầu bị từ chối không tính); ngày tính từ 0 giờ theo giờ Việt Nam.</li>
<li><strong>Phí:</strong> 3 yêu cầu đầu tiên mỗi ngày miễn phí. Nếu nhà điều hành đặt phí, phí được trừ vào số tiền rút và hiển thị trước khi bạn xác nhận.</li>
<li><strong>Yêu cầu cược:</strong> tiền thưởng có thể kèm yêu cầu tổng cược (ví dụ gấp 10 lần tiền thưởng). Khi chưa cược đủ, yêu cầu rút bị từ chối và trang cho biết số tiền cược còn thiếu.</li>
<li><strong>Xác minh danh tính:</strong> khoản rút từ 200.000.000 ₫ cần giấy tờ tùy thân (mặt trước và mặt sau) đã được duyệt.</li>
</ul>
<p>Khi yêu cầu đang được xử lý, số tiền được giữ lại và không thể dùng để chơi.</p>`,
        },
        en: {
          title: 'Fees, limits and wagering',
          body: `<ul>
<li><strong>Amount:</strong> at least 100,000 ₫ and at most 500,000,000 ₫ a time.</li>
<li><strong>Count:</strong> at most 5 requests a day (rejected ones do not count); the day starts at midnight Vietnam time.</li>
<li><strong>Fee:</strong> the first 3 requests of the day are free. If the operator sets a fee, it comes out of the amount and is shown before you confirm.</li>
<li><strong>Wagering:</strong> a bonus may come with a turnover requirement (for example 10 times the bonus). Until it is met a withdrawal is refused and the page says how much is still to be wagered.</li>
<li><strong>Identity check:</strong> withdrawals of 200,000,000 ₫ or more need an approved identity document (front and back).</li>
</ul>
<p>While a request is being handled its amount is held and cannot be played.</p>`,
        },
      },
    ],
  },
  {
    key: 'security',
    vi: 'Bảo mật tài khoản',
    en: 'Account security',
    articles: [
      {
        key: 'passwords',
        vi: {
          title: 'Mật khẩu đăng nhập và mật khẩu rút tiền',
          body: `<p><strong>Mật khẩu đăng nhập</strong> đổi trong Tài khoản của tôi. Sau khi đổi, mọi phiên đăng nhập đều kết thúc và bạn cần đăng nhập lại, nên người khác đang dùng tài khoản của bạn cũng bị đăng xuất.</p>
<p><strong>Mật khẩu rút tiền</strong> khác với mật khẩu đăng nhập và chỉ dùng khi rút hoặc chuyển tiền. Nhập sai 5 lần liên tiếp sẽ khóa mật khẩu rút tiền trong 15 phút.</p>
<p>Không bao giờ cho ai biết mật khẩu hay mã xác minh, kể cả người tự nhận là nhân viên: chúng tôi không bao giờ hỏi.</p>`,
        },
        en: {
          title: 'Login password and withdrawal password',
          body: `<p>Change your <strong>login password</strong> in My account. Afterwards every session ends and you log in again, so anyone else using your account is signed out too.</p>
<p>The <strong>withdrawal password</strong> is separate from the login password and is used only to withdraw or transfer money. Five wrong tries in a row lock it for 15 minutes.</p>
<p>Never tell anyone a password or a verification code, even someone claiming to be staff: we never ask for them.</p>`,
        },
      },
      {
        key: 'sms-two-step',
        vi: {
          title: 'Mã SMS và xác minh hai bước',
          body: `<ul>
<li>Mã SMS gồm 6 chữ số và có hiệu lực 5 phút. Mỗi số điện thoại nhận tối đa một mã mỗi phút và 5 mã mỗi giờ.</li>
<li><strong>Xác minh hai bước:</strong> trong Tài khoản của tôi, bấm Thiết lập, quét mã QR bằng ứng dụng xác thực rồi nhập mã 6 chữ số để bật. Khi đăng nhập từ địa chỉ mới, bạn nhập mã từ ứng dụng.</li>
<li><strong>Lịch sử đăng nhập</strong> cho thấy 20 lần đăng nhập gần nhất với thời gian, địa chỉ IP và thiết bị. Nếu thấy lần lạ, hãy đổi mật khẩu ngay.</li>
</ul>`,
        },
        en: {
          title: 'SMS codes and two-step verification',
          body: `<ul>
<li>SMS codes have 6 digits and are valid for 5 minutes. A number gets at most one code a minute and 5 an hour.</li>
<li><strong>Two-step verification:</strong> in My account press Set up, scan the QR code with an authenticator app and enter its 6-digit code to switch it on. When you log in from a new address you enter the app's code.</li>
<li><strong>Login history</strong> shows your 20 most recent logins with time, IP address and device. If one is not yours, change your password at once.</li>
</ul>`,
        },
      },
    ],
  },
  {
    key: 'responsible-gaming',
    vi: 'Chơi có trách nhiệm',
    en: 'Responsible gaming',
    articles: [
      {
        key: 'responsible',
        vi: {
          title: 'Chơi có trách nhiệm',
          body: `<p>Trò chơi là để giải trí, không phải cách kiếm tiền. Chỉ người từ 18 tuổi trở lên được chơi.</p>
<ul>
<li>Chỉ chơi bằng số tiền bạn sẵn sàng mất, và đặt trước giới hạn cho mình.</li>
<li>Đừng cố gỡ lại tiền đã thua; hãy nghỉ khi bạn mệt, buồn hoặc đã uống rượu bia.</li>
<li>Trang có sẵn các công cụ: giới hạn nạp, thua và cược; tạm nghỉ; tự loại trừ; nhắc nhở thời gian. Xem hai bài tiếp theo.</li>
</ul>
<p>Nếu bạn lo lắng về việc chơi của mình hoặc của người thân, hãy liên hệ chăm sóc khách hàng: chúng tôi có thể giúp bạn đặt giới hạn hoặc khóa tài khoản.</p>`,
        },
        en: {
          title: 'Responsible gaming',
          body: `<p>Games are entertainment, not a way to make money. Only people aged 18 or over may play.</p>
<ul>
<li>Play only with money you can afford to lose, and set your limits before you start.</li>
<li>Do not chase losses; stop when you are tired, upset or have been drinking.</li>
<li>The site has tools for this: deposit, loss and wager limits; breaks; self-exclusion; reality checks. See the next two articles.</li>
</ul>
<p>If you are worried about your own playing or someone else's, contact customer service: we can help you set limits or close your account.</p>`,
        },
      },
      {
        key: 'limits',
        vi: {
          title: 'Giới hạn nạp, thua và cược',
          body: `<p>Trong <strong>Tài khoản của tôi → Chơi có trách nhiệm</strong>, bạn có thể đặt giới hạn nạp tiền, giới hạn thua và giới hạn cược theo ngày, tuần hoặc tháng.</p>
<ul>
<li>Giảm giới hạn có hiệu lực ngay.</li>
<li>Tăng hoặc bỏ giới hạn chỉ có hiệu lực sau 24 giờ, để bạn có thời gian suy nghĩ.</li>
<li>Khi đạt giới hạn, lệnh nạp hoặc cược mới bị từ chối cho đến kỳ tiếp theo.</li>
</ul>`,
        },
        en: {
          title: 'Deposit, loss and wager limits',
          body: `<p>In <strong>My account → Responsible gaming</strong> you can set deposit, loss and wager limits per day, week or month.</p>
<ul>
<li>Lowering a limit applies at once.</li>
<li>Raising or removing one applies only after 24 hours, so you have time to think it over.</li>
<li>Once a limit is reached, new deposits or bets are refused until the next period.</li>
</ul>`,
        },
      },
      {
        key: 'break-exclusion',
        vi: {
          title: 'Tạm nghỉ, tự loại trừ và nhắc nhở thời gian',
          body: `<ul>
<li><strong>Tạm nghỉ:</strong> 1, 7, 30 hoặc 90 ngày. Bạn bị đăng xuất khỏi mọi thiết bị và không thể đăng nhập hay chơi cho đến khi hết thời gian.</li>
<li><strong>Tự loại trừ:</strong> 6, 12, 24, 60 hoặc 120 tháng, hoặc vĩnh viễn. Không thể hủy trước thời hạn.</li>
<li><strong>Nhắc nhở thời gian:</strong> chọn nhắc mỗi 15, 30, 60 hoặc 120 phút. Trang sẽ cho biết bạn đã chơi bao lâu, số ván, tiền cược và kết quả thắng thua, và hỏi bạn muốn tiếp tục, xem lịch sử hay đăng xuất.</li>
</ul>
<p>Nếu việc chơi không còn là giải trí, hãy dừng lại và tìm sự giúp đỡ từ người thân hoặc chuyên gia.</p>`,
        },
        en: {
          title: 'Taking a break, self-exclusion and reality checks',
          body: `<ul>
<li><strong>Take a break:</strong> 1, 7, 30 or 90 days. You are logged out everywhere and cannot log in or play until it ends.</li>
<li><strong>Self-exclusion:</strong> 6, 12, 24, 60 or 120 months, or permanently. It cannot be undone early.</li>
<li><strong>Reality check:</strong> a reminder every 15, 30, 60 or 120 minutes showing how long you have played, the rounds, your stakes and your net result, with the choice to go on, see your history or log out.</li>
</ul>
<p>If playing has stopped being fun, stop and talk to someone you trust or a professional.</p>`,
        },
      },
    ],
  },
  {
    key: 'lottery',
    vi: 'Xổ số',
    en: 'Lottery',
    articles: [
      {
        key: 'lottery-draws',
        vi: {
          title: 'Kỳ quay, giờ khóa cược và trả thưởng',
          body: `<ul>
<li><strong>Xổ số ba miền:</strong> mỗi đài quay theo lịch trong tuần, lúc khoảng 16:15 (miền Nam), 17:15 (miền Trung) và 18:15 (miền Bắc), giờ Việt Nam.</li>
<li><strong>Xổ số nhanh:</strong> EL1, EL3 và EL5 quay mỗi 1, 3 và 5 phút.</li>
<li><strong>Giờ khóa cược (lockTime):</strong> cược đóng trước giờ quay 15 phút với các đài và 10 giây với xổ số nhanh. Đồng hồ đếm ngược trên trang cho biết thời gian còn lại; vé gửi sau giờ khóa bị từ chối.</li>
<li><strong>Trả thưởng:</strong> sau khi có kết quả, mọi vé của kỳ được đối chiếu và tiền thắng được cộng vào ví chính. Tiền thắng = tiền mỗi điểm × số lần trúng × tỷ lệ trả.</li>
<li>Nếu một kỳ bị hủy, tiền cược của mọi vé chưa trả thưởng được hoàn lại.</li>
<li>Với kỳ do hệ thống quay, mã cam kết (SHA-256 của hạt giống) được công bố trước; sau khi quay, hạt giống được công bố để bất kỳ ai cũng có thể kiểm tra kết quả.</li>
</ul>`,
        },
        en: {
          title: 'Draws, lock time and settlement',
          body: `<ul>
<li><strong>Regional lottery:</strong> each station draws on its weekdays at about 16:15 (south), 17:15 (central) and 18:15 (north), Vietnam time.</li>
<li><strong>Fast lottery:</strong> EL1, EL3 and EL5 draw every 1, 3 and 5 minutes.</li>
<li><strong>Lock time (lockTime):</strong> betting closes 15 minutes before a station's draw and 10 seconds before a fast draw. The countdown on the page shows what is left; a ticket sent after the lock is refused.</li>
<li><strong>Settlement:</strong> once the result is in, every ticket of the draw is checked and wins are paid into your main wallet. A win = stake per point × times hit × odds.</li>
<li>If a draw is voided, the stakes of all its unsettled tickets are refunded.</li>
<li>For house draws a commitment (SHA-256 of the seed) is published first; after the draw the seed is revealed so anyone can check the result.</li>
</ul>`,
        },
      },
      {
        key: 'lottery-bet-types',
        vi: {
          title: 'Các kiểu cược: lô, đề, xiên, đá',
          body: `<ul>
<li><strong>Lô 2 số:</strong> trúng mỗi lần hai số cuối của một giải bất kỳ trùng số bạn chọn; về nhiều nháy được trả nhiều lần. Một điểm miền Bắc tốn 27 lần tiền mỗi điểm (27 giải), miền Nam và Trung 18 lần.</li>
<li><strong>Lô 3 số, lô 4 số:</strong> như lô 2 số với 3 hoặc 4 số cuối.</li>
<li><strong>Đề:</strong> hai số cuối của giải đặc biệt. <strong>Đề đầu:</strong> hai số đầu của giải đặc biệt. <strong>Ba càng:</strong> ba số cuối của giải đặc biệt.</li>
<li><strong>Đầu, đuôi:</strong> chữ số hàng chục hoặc hàng đơn vị của đề.</li>
<li><strong>Xiên 2, 3, 4:</strong> mọi số đã chọn đều về lô ít nhất một lần; trả một lần.</li>
<li><strong>Đá</strong> (miền Trung, miền Nam): hai số đều về lô; tốn 36 lần tiền mỗi điểm.</li>
</ul>`,
        },
        en: {
          title: 'Bet types: lô, đề, xiên, đá',
          body: `<ul>
<li><strong>Lô 2 digits:</strong> wins each time the last two digits of any prize match your number; drawn twice pays twice. A point costs 27 times the stake per point in the north (27 prizes) and 18 times in the central and south.</li>
<li><strong>Lô 3 and 4 digits:</strong> the same with the last 3 or 4 digits.</li>
<li><strong>Đề:</strong> the last two digits of the special prize. <strong>Đề đầu:</strong> its first two digits. <strong>Ba càng:</strong> its last three digits.</li>
<li><strong>Đầu, đuôi:</strong> the tens or the units digit of the đề.</li>
<li><strong>Xiên 2, 3, 4:</strong> every chosen number comes out as a lô at least once; pays once.</li>
<li><strong>Đá</strong> (central and south): both numbers come out as lô; costs 36 times the stake per point.</li>
</ul>`,
        },
      },
    ],
  },
  {
    key: 'agent',
    vi: 'Chương trình đại lý',
    en: 'Agent programme',
    articles: [
      {
        key: 'agent-programme',
        vi: {
          title: 'Trở thành đại lý và mời người chơi',
          body: `<p>Đại lý giới thiệu người chơi mới và quản lý tuyến dưới của mình. Xem trang <strong>Hợp tác</strong> hoặc liên hệ chăm sóc khách hàng để đăng ký.</p>
<ul>
<li>Mỗi đại lý có một <strong>mã giới thiệu</strong> và đường dẫn mời. Người đăng ký qua đó trở thành tuyến dưới của đại lý.</li>
<li>Đại lý có thể có đại lý cấp dưới, tạo thành nhiều cấp.</li>
<li>Đại lý đăng nhập bằng mục dành cho đại lý và dùng ví đại lý riêng, có thể chuyển tiền cho bất kỳ thành viên nào trong tuyến dưới (cần mật khẩu rút tiền).</li>
<li>Khi được cho phép, thành viên có thể chuyển tiền ngược lên đại lý trực tiếp của mình.</li>
</ul>`,
        },
        en: {
          title: 'Becoming an agent and inviting players',
          body: `<p>Agents bring in new players and look after their downline. See the <strong>Join us</strong> page or contact customer service to apply.</p>
<ul>
<li>Each agent has an <strong>invitation code</strong> and link. People who register through it join the agent's downline.</li>
<li>Agents can have sub-agents, in several levels.</li>
<li>Agents log in through the agent entry and have their own agent wallet, from which they can send money to any member of their downline (with the withdrawal password).</li>
<li>Where allowed, a member can send money back up to their direct agent.</li>
</ul>`,
        },
      },
    ],
  },
];

/** The footer's topics (`/help?topic=about` and the like): the site, contact, terms, privacy, refunds. */
const SITE_CATEGORY: DemoCategory = {
  key: 'site',
  vi: 'Về Lotus',
  en: 'About Lotus',
  articles: [
    {
      key: 'about',
      vi: {
        title: 'Về chúng tôi',
        body: `<p>Lotus là trang giải trí trực tuyến với sòng bài trực tiếp, nổ hũ, bắn cá, game bài, thể thao và xổ số Việt Nam trong một tài khoản.</p>
<p>Đây là <strong>trang trình diễn</strong>: số dư là tiền ảo, không có giá trị thật và không thể rút thành tiền thật.</p>`,
      },
      en: {
        title: 'About us',
        body: `<p>Lotus is an online entertainment site with live casino, slots, fishing, card games, sports and the Vietnamese lottery in one account.</p>
<p>This is a <strong>demonstration site</strong>: balances are play money with no real value and cannot be cashed out.</p>`,
      },
    },
    {
      key: 'contact',
      vi: {
        title: 'Liên hệ',
        body: `<ul>
<li><strong>Chăm sóc khách hàng:</strong> nút Chăm sóc khách hàng ở thanh bên phải mở trò chuyện trực tuyến.</li>
<li><strong>Phản hồi:</strong> khi đã đăng nhập, dùng mẫu <strong>Gửi phản hồi</strong> ở cuối trang này; chọn loại câu hỏi và mô tả vấn đề trong tối đa 140 ký tự.</li>
<li>Khi hỏi về một lệnh nạp hoặc rút, hãy ghi kèm mã tham chiếu hoặc mã lệnh để chúng tôi tìm nhanh hơn.</li>
</ul>`,
      },
      en: {
        title: 'Contact',
        body: `<ul>
<li><strong>Customer service:</strong> the Customer service button on the right-hand bar opens the live chat.</li>
<li><strong>Feedback:</strong> when logged in, use the <strong>Send feedback</strong> form at the bottom of this page; choose a question type and describe the problem in up to 140 characters.</li>
<li>When you ask about a deposit or a withdrawal, give its reference code or order number so we find it faster.</li>
</ul>`,
      },
    },
    {
      key: 'terms',
      vi: {
        title: 'Điều khoản và điều kiện chung',
        body: `<ul>
<li>Bạn phải từ 18 tuổi trở lên và mỗi người chỉ có một tài khoản.</li>
<li>Họ tên thật phải trùng với chủ tài khoản ngân hàng dùng để rút tiền.</li>
<li>Bạn chịu trách nhiệm giữ bí mật mật khẩu đăng nhập và mật khẩu rút tiền.</li>
<li>Cược được ghi nhận khi máy chủ chấp nhận; vé xổ số gửi sau giờ khóa cược không được nhận.</li>
<li>Tiền thưởng có thể kèm yêu cầu cược trước khi rút, như ghi trong từng khuyến mãi.</li>
<li>Chúng tôi có thể khóa tài khoản vi phạm các điều khoản này hoặc pháp luật.</li>
</ul>`,
      },
      en: {
        title: 'General terms and conditions',
        body: `<ul>
<li>You must be 18 or over, and each person may have only one account.</li>
<li>Your real name must match the holder of the bank account you withdraw to.</li>
<li>You are responsible for keeping your login and withdrawal passwords secret.</li>
<li>A bet counts once the server accepts it; lottery tickets sent after the lock time are not taken.</li>
<li>Bonuses may carry a wagering requirement before withdrawal, as each promotion states.</li>
<li>We may lock accounts that break these terms or the law.</li>
</ul>`,
      },
    },
    {
      key: 'privacy',
      vi: {
        title: 'Chính sách bảo mật',
        body: `<ul>
<li>Chúng tôi lưu những gì cần để vận hành tài khoản: tên đăng nhập, số điện thoại, email, họ tên thật, thẻ ngân hàng, lịch sử giao dịch và cược.</li>
<li>Mật khẩu được lưu dưới dạng băm một chiều; nhân viên không thể đọc được.</li>
<li>Số thẻ ngân hàng chỉ hiển thị 4 số cuối; số điện thoại và email được che một phần.</li>
<li>Lần đăng nhập được ghi lại với địa chỉ IP và thiết bị để bảo vệ tài khoản; bạn xem được trong Lịch sử đăng nhập.</li>
<li>Chúng tôi không bán dữ liệu của bạn.</li>
</ul>`,
      },
      en: {
        title: 'Privacy policy',
        body: `<ul>
<li>We keep what running your account needs: username, mobile number, e-mail, real name, bank cards, transaction and bet history.</li>
<li>Passwords are stored as one-way hashes; staff cannot read them.</li>
<li>Bank card numbers show only their last 4 digits; mobile numbers and e-mail addresses are partly masked.</li>
<li>Logins are recorded with IP address and device to protect your account; you can see them in Login history.</li>
<li>We do not sell your data.</li>
</ul>`,
      },
    },
    {
      key: 'refund',
      vi: {
        title: 'Chính sách hoàn tiền',
        body: `<ul>
<li><strong>Nạp tiền:</strong> mỗi lệnh chỉ được cộng một lần. Nếu cổng thanh toán đã trừ tiền nhưng số dư chưa tăng, lệnh sẽ được cộng khi cổng xác nhận; nếu không, hãy liên hệ chúng tôi kèm mã lệnh.</li>
<li><strong>Rút tiền bị từ chối:</strong> số tiền đang giữ được trả lại ví chính, kèm lý do từ chối.</li>
<li><strong>Kỳ xổ số bị hủy:</strong> tiền cược của mọi vé chưa trả thưởng được hoàn lại.</li>
<li>Cược đã được trả thưởng không thể hủy.</li>
</ul>`,
      },
      en: {
        title: 'Refund policy',
        body: `<ul>
<li><strong>Deposits:</strong> each order is credited once. If the gateway took your money but your balance did not change, the order is credited once the gateway confirms; otherwise contact us with the order number.</li>
<li><strong>Rejected withdrawals:</strong> the held amount goes back to your main wallet, with the reason.</li>
<li><strong>Voided lottery draws:</strong> the stakes of every unsettled ticket are refunded.</li>
<li>A settled bet cannot be cancelled.</li>
</ul>`,
      },
    },
  ],
};

/** Seeds the demo help centre; runs inside the demo seed's transaction. */
export async function seedDemoHelp(trx: Kysely<DB>, merchantId: number): Promise<void> {
  for (const [categoryIndex, category] of [...DEMO_HELP, SITE_CATEGORY].entries()) {
    const categoryId = await repo.insertCategory(trx, merchantId, { key: category.key, sort: (categoryIndex + 1) * 10, isEnabled: true });
    await repo.replaceCategoryTitles(trx, categoryId, { vi: category.vi, en: category.en });
    for (const [articleIndex, article] of category.articles.entries()) {
      const articleId = await repo.insertArticle(trx, merchantId, {
        categoryId,
        key: article.key,
        sort: (articleIndex + 1) * 10,
        isEnabled: true,
      });
      await repo.replaceArticleTexts(
        trx,
        articleId,
        Object.fromEntries(
          (['vi', 'en'] as const).map((language) => [
            language,
            { title: article[language].title, body: sanitizeAnnouncementHtml(article[language].body) },
          ]),
        ),
      );
    }
  }
}
