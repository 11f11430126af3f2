import { z } from 'zod';
import type { MemberListRow } from './member-admin.repository.ts';

/** A member as the back office lists it (the member list and the member search). */
export const memberListRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  status: z.enum(['active', 'locked', 'closed']),
  parentUsername: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
});

export function presentMemberListRow(r: MemberListRow): z.infer<typeof memberListRowSchema> {
  return {
    id: r.id,
    username: r.username,
    accountType: r.accountType,
    status: r.status,
    parentUsername: r.parentUsername,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
    mustChangePassword: r.mustChangePassword ?? false,
  };
}
