import type { ErrorCode } from '@platform/contracts/errors';

/**
 * Chinese messages for the codes the console's calls answer. The server writes Vietnamese and
 * English itself (the `lang` header); a code missing here shows the server's English message.
 */
export const zhErrors: Partial<Record<ErrorCode, string>> = {
  bad_request: '提交的信息有误，请检查后重试。',
  table_limits_invalid: '桌台限红无效，请检查最低与最高投注。',
  house_games_unavailable: '游戏服务器没有回应，限红未读取或修改，请稍后再试。',
  cockfight_invalid: '斗鸡场设置无效，请检查后重新提交。',
  sportsbook_invalid: '体育投注请求无效，请检查后重新提交。',
  cockfight_fight_open: '当前场次尚未结束；请先封盘并公布结果，再开启下一场。',
  cockfight_no_fight: '没有正在投注的场次；请先开启下一场。',
  cockfight_not_closed: '本场仍在接受投注；请先封盘再公布结果。',
  cockfight_already_declared: '本场已有另一结果并已结算，结果不能更改。',
  field_required: '请填写所有必填项。',
  not_found: '找不到该记录，可能已被删除。',
  rate_limited: '操作过于频繁，请稍后再试。',
  internal_error: '服务器出错，请稍后再试。',
  service_unavailable: '服务暂时不可用，请稍后再试。',
  account_locked: '账号已被暂时锁定，请稍后再试。',
  admin_login_failed: '运营账号或密码不正确。',
  admin_unauthorized: '请登录运营后台。',
  admin_forbidden: '您的角色无权执行此操作。',
  admin_request_not_pending: '该请求已被处理。',
  rg_operator_loosening: '运营人员只能收紧限额（新增或降低）；提高或取消限额须由会员本人申请。',
  admin_self_approval: '发起请求的运营人员不能自行审批。',
  lottery_change_waiting: '此项已有一个待审批的请求：请先批准、拒绝或撤回该请求。',
  withdrawal_same_operator: '审批该提款的运营人员不能同时为其出款，请由其他运营人员出款。',
  invalid_amount: '金额无效，请输入正确的金额。',
  deposit_order_not_found: '找不到该存款订单。',
  deposit_order_closed: '该存款订单已处理或已关闭。',
  deposit_order_not_manual: '只有银行转账存款可以人工确认或拒绝。',
  withdrawal_not_found: '找不到该提款。',
  withdrawal_state_invalid: '该提款的状态已改变，请刷新列表。',
  kyc_required: '会员需先通过身份验证才能出款。',
  kyc_not_found: '找不到该身份验证申请。',
  kyc_state_invalid: '该身份验证已被处理。',
  feedback_not_found: '找不到该反馈。',
  agent_application_answered: '该申请已答复。',
  agent_application_not_found: '找不到该申请。',
};
