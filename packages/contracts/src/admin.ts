import { z } from 'zod';

/**
 * Back-office (operator) roles. An administrator may do everything; finance handles money
 * (deposits, withdrawals, adjustments); risk handles limits, identity checks and games; support
 * reads members and records.
 */
export const ADMIN_ROLES = ['administrator', 'finance', 'risk', 'support'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const adminLoginBody = z
  .object({
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
  })
  .strict();

export const adminIdentity = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  merchantCode: z.string(),
});
export type AdminIdentity = z.infer<typeof adminIdentity>;

export const adminLoginValue = z.object({
  token: z.string(),
  expiresAt: z.string(),
  admin: adminIdentity,
  lastLoginAt: z.string().nullable(),
});
