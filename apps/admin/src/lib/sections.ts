import type { AdminPermission, AdminRole } from '@platform/contracts/admin';
import { adminGet } from '../api/client.ts';
import type { Operator } from '../api/session-store.ts';

export type SectionKey =
  | 'deposits'
  | 'withdrawals'
  | 'adjustments'
  | 'kyc'
  | 'feedback'
  | 'agent-applications'
  | 'support-chat'
  | 'members'
  | 'promotions'
  | 'vip-ladder'
  | 'rebates'
  | 'point-mall'
  | 'missions'
  | 'redeem-codes'
  | 'social-providers'
  | 'lottery-results'
  | 'lottery-games'
  | 'content'
  | 'help'
  | 'inbox'
  | 'chat'
  | 'catalogue'
  | 'jackpots'
  | 'table-limits'
  | 'cockfight'
  | 'sportsbook'
  | 'reports'
  | 'settings'
  | 'audit';

type Section = {
  key: SectionKey;
  /** The route under /admin/. */
  path: string;
  /** Roles that may use it when the operator carries no permission list (administrator always may). */
  roles: readonly AdminRole[];
  /** The permission its list call asks for on the server. */
  permission: AdminPermission;
  /** How many items wait in the queue (the navigation's count); a section that is no queue has none. */
  count?: () => Promise<number>;
};

type Paged = { totalCount?: number; total?: number };
const waiting = async (path: string) => {
  const page = await adminGet<Paged>(path);
  return page.totalCount ?? page.total ?? 0;
};

/** The console's sections, in navigation order; each is a lazily loaded route. */
const SECTIONS: readonly Section[] = [
  {
    key: 'deposits',
    path: 'deposits',
    roles: ['finance'],
    permission: 'deposit:read',
    count: () => waiting('/deposit/orders?status=pending&type=bank_transfer&pageSize=1'),
  },
  {
    key: 'withdrawals',
    path: 'withdrawals',
    roles: ['finance'],
    permission: 'withdrawal:read',
    count: async () =>
      (await waiting('/withdrawals?status=pending&pageSize=1')) + (await waiting('/withdrawals?status=approved&pageSize=1')),
  },
  {
    key: 'adjustments',
    path: 'adjustments',
    roles: ['finance', 'support'],
    permission: 'adjustment:read',
    count: () => waiting('/adjustments?status=requested&pageSize=1'),
  },
  { key: 'kyc', path: 'kyc', roles: ['risk'], permission: 'kyc:read', count: () => waiting('/kyc?status=pending&pageSize=1') },
  {
    key: 'feedback',
    path: 'feedback',
    roles: ['support'],
    permission: 'feedback:handle',
    count: () => waiting('/feedback?status=open&pageSize=1'),
  },
  {
    key: 'agent-applications',
    path: 'agent-applications',
    roles: ['support'],
    permission: 'agent-application:read',
    count: () => waiting('/agent-applications?status=pending&pageSize=1'),
  },
  {
    key: 'support-chat',
    path: 'support-chat',
    roles: ['support'],
    permission: 'support-chat:read',
    // Open conversations with member messages no operator has read (at most one page of them).
    count: async () => (await adminGet<{ list: unknown[] }>('/support-chat/conversations?status=open&isUnread=true&limit=100')).list.length,
  },
  { key: 'members', path: 'members', roles: ['finance', 'risk', 'support'], permission: 'member:read' },
  {
    key: 'promotions',
    path: 'promotions',
    roles: ['finance', 'risk', 'support'],
    permission: 'promotion:read',
    // Applications and flagged claims waiting for review (the server sends the whole queue).
    count: async () => (await adminGet<{ list: unknown[] }>('/promotions/entries')).list.length,
  },
  // Changing the ladder, like the rules, needs vip:write (finance).
  { key: 'vip-ladder', path: 'vip-ladder', roles: ['finance', 'risk', 'support'], permission: 'vip:read' },
  // Changing needs vip:write (finance).
  { key: 'rebates', path: 'rebates', roles: ['finance', 'risk', 'support'], permission: 'vip:read' },
  {
    key: 'point-mall',
    path: 'point-mall',
    roles: ['finance', 'support'],
    permission: 'point-mall:read',
    // Gift orders waiting for delivery (fulfil or reject needs point-mall:fulfil).
    count: () => waiting('/point-mall/orders?status=processing&pageSize=1'),
  },
  // Missions, the sign-in calendar and redeem codes: changing needs promotion:write (finance).
  { key: 'missions', path: 'missions', roles: ['finance', 'risk', 'support'], permission: 'promotion:read' },
  { key: 'redeem-codes', path: 'redeem-codes', roles: ['finance', 'risk', 'support'], permission: 'promotion:read' },
  // Changing providers needs settings:write (administrators); risk reads them.
  { key: 'social-providers', path: 'social-providers', roles: ['risk'], permission: 'settings:read' },
  {
    key: 'lottery-results',
    path: 'lottery-results',
    roles: ['risk'],
    permission: 'lottery:read',
    count: () => waiting('/lottery/results?status=pending&pageSize=1'),
  },
  {
    key: 'lottery-games',
    path: 'lottery-games',
    roles: ['risk'],
    permission: 'lottery:read',
    // Odds changes and voids waiting for a second operator.
    count: () => waiting('/lottery/change-requests?status=requested&pageSize=1'),
  },
  { key: 'content', path: 'content', roles: ['support', 'content'], permission: 'content:read' },
  // The help centre and platform messages: changing needs help:write / inbox:write.
  { key: 'help', path: 'help', roles: ['support', 'content'], permission: 'help:read' },
  { key: 'inbox', path: 'messages', roles: ['support', 'content'], permission: 'inbox:read' },
  // Hiding messages and muting members needs chat:moderate.
  { key: 'chat', path: 'chat', roles: ['risk', 'support', 'content'], permission: 'chat:read' },
  { key: 'catalogue', path: 'catalogue', roles: ['risk'], permission: 'game:read' },
  // The jackpot pools players see; the counter's rule needs game:write.
  { key: 'jackpots', path: 'jackpots', roles: ['risk'], permission: 'game:read' },
  { key: 'table-limits', path: 'table-limits', roles: ['risk'], permission: 'game:read' },
  { key: 'cockfight', path: 'cockfight', roles: ['risk'], permission: 'game:read' },
  { key: 'sportsbook', path: 'sportsbook', roles: ['risk'], permission: 'game:read' },
  { key: 'reports', path: 'reports', roles: ['finance', 'risk'], permission: 'report:read' },
  // Changing needs settings:write (administrators); risk reads them.
  { key: 'settings', path: 'settings', roles: ['risk'], permission: 'settings:read' },
  { key: 'audit', path: 'audit', roles: [], permission: 'audit:read' },
];

/**
 * Whether the operator may use a section: by the permission list when the login gave one, else by
 * the role. The server decides in the end (a refused call answers `admin_forbidden`); this only
 * hides what would be refused.
 */
function maySee(operator: Operator, section: Pick<Section, 'roles' | 'permission'>): boolean {
  if (operator.permissions) return operator.permissions.includes(section.permission);
  return operator.role === 'administrator' || section.roles.includes(operator.role);
}

export function sectionsFor(operator: Operator): Section[] {
  return SECTIONS.filter((section) => maySee(operator, section));
}

/**
 * Whether the operator may make a call that needs `permission` (a button or a form shown): by the
 * permission list when the login gave one; without it every role may, and the server decides.
 */
export function mayUse(operator: Operator, permission: AdminPermission): boolean {
  return operator.permissions ? operator.permissions.includes(permission) : true;
}
