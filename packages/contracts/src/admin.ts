import { z } from 'zod';

/**
 * Back-office (operator) roles. Each is a set of permissions kept per merchant (the admin module's
 * `admin_roles`); an administrator holds every permission and cannot be narrowed. The defaults:
 * finance handles money (deposits, withdrawals, adjustments), risk limits, identity checks and
 * games, support members and their records, content the site's words and pictures.
 */
export const ADMIN_ROLES = ['administrator', 'finance', 'risk', 'support', 'content'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * Every permission a route may ask for, as `resource:action`. A route names exactly one
 * (`requirePermission('withdrawal:approve')`); a role is a set of them.
 */
export const ADMIN_PERMISSIONS = [
  'member:read',
  'member:create',
  'member:upline',
  'member:lock',
  'member:unlock',
  'member:force-password',
  'member:label',
  'member:transfer-permissions',
  'member:note',
  'label:read',
  'label:write',
  'adjustment:read',
  'adjustment:request',
  'adjustment:decide',
  'deposit:read',
  'deposit:confirm',
  'deposit-channel:write',
  'withdrawal:read',
  'withdrawal:approve',
  'withdrawal:pay',
  'vip:read',
  'vip:write',
  'vip:settle',
  'promotion:read',
  'promotion:write',
  'promotion:review',
  'point-mall:read',
  'point-mall:write',
  'point-mall:fulfil',
  'agent-contract:read',
  'agent-contract:write',
  'agent-contract:settle',
  'agent-application:read',
  'agent-application:answer',
  'report:read',
  'report:export',
  'report:reconcile',
  'kyc:read',
  'kyc:review',
  'game:read',
  'game:write',
  'lottery:read',
  'lottery:config',
  'lottery:result',
  'lottery:confirm',
  'content:read',
  'content:write',
  'media:write',
  'help:read',
  'help:write',
  'feedback:handle',
  'inbox:read',
  'inbox:write',
  'chat:read',
  'chat:moderate',
  'chat:rooms',
  'support-chat:read',
  'support-chat:reply',
  'customer-service:write',
  'settings:read',
  'settings:write',
  'operator:manage',
  'audit:read',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

export const isAdminPermission = (value: string): value is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(value);

/**
 * What each role holds until a merchant changes it (`PUT /admin-api/roles/:code`). The administrator
 * always holds everything, whatever is stored.
 */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<Exclude<AdminRole, 'administrator'>, readonly AdminPermission[]>> = {
  finance: [
    'member:read',
    'member:note',
    'adjustment:read',
    'adjustment:request',
    'adjustment:decide',
    'deposit:read',
    'deposit:confirm',
    'deposit-channel:write',
    'withdrawal:read',
    'withdrawal:approve',
    'withdrawal:pay',
    'vip:read',
    'vip:write',
    'vip:settle',
    'promotion:read',
    'promotion:write',
    'promotion:review',
    'point-mall:read',
    'point-mall:write',
    'point-mall:fulfil',
    'agent-contract:read',
    'agent-contract:write',
    'agent-contract:settle',
    'report:read',
    'report:export',
    'report:reconcile',
    // Added after the roles were stored: the migration appends it, so it comes last here too.
    'media:write',
  ],
  risk: [
    'member:read',
    'member:upline',
    'member:lock',
    'member:unlock',
    'member:force-password',
    'member:label',
    'member:transfer-permissions',
    'member:note',
    'label:read',
    'label:write',
    'vip:read',
    'promotion:read',
    'promotion:review',
    'agent-contract:read',
    'report:read',
    'report:export',
    'report:reconcile',
    'kyc:read',
    'kyc:review',
    'game:read',
    'game:write',
    'lottery:read',
    'lottery:config',
    'lottery:result',
    'lottery:confirm',
    'chat:read',
    'chat:moderate',
    'chat:rooms',
    'settings:read',
  ],
  support: [
    'member:read',
    'member:create',
    'member:upline',
    'member:unlock',
    'member:force-password',
    'member:label',
    'member:note',
    'label:read',
    'adjustment:read',
    'vip:read',
    'promotion:read',
    'point-mall:read',
    'point-mall:fulfil',
    'agent-contract:read',
    'agent-application:read',
    'agent-application:answer',
    'content:read',
    'content:write',
    'help:read',
    'help:write',
    'feedback:handle',
    'inbox:read',
    'inbox:write',
    'chat:read',
    'chat:moderate',
    'support-chat:read',
    'support-chat:reply',
    'media:write',
  ],
  content: [
    'content:read',
    'content:write',
    'help:read',
    'help:write',
    'inbox:read',
    'inbox:write',
    'chat:read',
    'chat:moderate',
    'media:write',
  ],
};

/** The permissions a role holds by default: everything for the administrator. */
export function defaultPermissionsOf(role: AdminRole): readonly AdminPermission[] {
  return role === 'administrator' ? ADMIN_PERMISSIONS : DEFAULT_ROLE_PERMISSIONS[role];
}

export const adminLoginBody = z
  .object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
  })
  .strict();

/** The password step's answer: no session yet, a challenge to answer with an authenticator code. */
export const adminLoginChallenge = z.discriminatedUnion('stage', [
  z.object({ stage: z.literal('totp'), challenge: z.string(), challengeExpiresAt: z.string() }),
  z.object({
    stage: z.literal('enrol'),
    challenge: z.string(),
    challengeExpiresAt: z.string(),
    /** Shown once, to be added to an authenticator app; never returned after enrolment. */
    secret: z.string(),
    otpauthUri: z.string(),
  }),
]);
export type AdminLoginChallenge = z.infer<typeof adminLoginChallenge>;

export const adminTotpBody = z
  .object({
    challenge: z.string().min(1).max(128),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  })
  .strict();

export const adminIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  merchantCode: z.string(),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
});
export type AdminIdentity = z.infer<typeof adminIdentity>;

export const adminLoginValue = z.object({
  token: z.string(),
  expiresAt: z.string(),
  admin: adminIdentity,
  lastLoginAt: z.string().nullable(),
});

export const adminMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
});

export const adminSessionItem = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});

export const adminOperator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  isEnabled: z.boolean(),
  /** False until the operator's first login with an authenticator (again after a reset). */
  hasSecondFactor: z.boolean(),
  isLocked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOperator = z.infer<typeof adminOperator>;

/** Operator names: letters, digits, dot, dash and underscore. */
export const adminOperatorCreateBody = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,32}$/),
    role: z.enum(ADMIN_ROLES),
    password: z.string().min(10).max(128),
  })
  .strict();

export const adminOperatorUpdateBody = z
  .object({
    role: z.enum(ADMIN_ROLES).optional(),
    isEnabled: z.boolean().optional(),
  })
  .strict();

export const adminOperatorResetValue = z.object({
  /** Shown once: the operator signs in with it and enrols a new authenticator. */
  temporaryPassword: z.string(),
});

export const adminRoleItem = z.object({
  code: z.enum(ADMIN_ROLES),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  /** The administrator's set is every permission and cannot change. */
  isFixed: z.boolean(),
});

export const adminRolesValue = z.object({
  roles: z.array(adminRoleItem),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)),
});

export const adminRoleUpdateBody = z.object({ permissions: z.array(z.enum(ADMIN_PERMISSIONS)).max(ADMIN_PERMISSIONS.length) }).strict();
