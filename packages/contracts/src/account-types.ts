/** The spec's numeric account types (`isAgent` in session storage). */
export const ACCOUNT_TYPE = {
  agentLevel1: 1,
  agentLevel2: 2,
  trial: 4,
  member: 0,
  agentLevel41: 41,
  agentLevel42: 42,
} as const;

export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

export const AGENT_ACCOUNT_TYPES: readonly number[] = [1, 2, 41, 42];

export function isAgentAccountType(type: number): boolean {
  return AGENT_ACCOUNT_TYPES.includes(type);
}

export function isTrialAccountType(type: number): boolean {
  return type === ACCOUNT_TYPE.trial;
}

/**
 * Who may open whom in the downline: each agent type may open the types listed for it (players are
 * type 0), never its own type or one above it. Type 1 agents are opened by an operator only; players
 * and trial accounts open no one. The same rule holds for an account an agent opens, a member who
 * registers through an invitation code (it joins as a player under the code's agent) and an operator
 * moving a member under another upline.
 */
export const CHILD_ACCOUNT_TYPES: Readonly<Record<number, readonly number[]>> = {
  [ACCOUNT_TYPE.agentLevel1]: [ACCOUNT_TYPE.agentLevel2, ACCOUNT_TYPE.agentLevel41, ACCOUNT_TYPE.agentLevel42, ACCOUNT_TYPE.member],
  [ACCOUNT_TYPE.agentLevel2]: [ACCOUNT_TYPE.agentLevel41, ACCOUNT_TYPE.agentLevel42, ACCOUNT_TYPE.member],
  [ACCOUNT_TYPE.agentLevel41]: [ACCOUNT_TYPE.agentLevel42, ACCOUNT_TYPE.member],
  [ACCOUNT_TYPE.agentLevel42]: [ACCOUNT_TYPE.member],
};

/** The account types a member of `parentType` may have directly under it (none for a player). */
export function childAccountTypes(parentType: number): readonly number[] {
  return CHILD_ACCOUNT_TYPES[parentType] ?? [];
}

/** Whether a member of `parentType` may have a direct downline of `childType`. */
export function mayOpen(parentType: number, childType: number): boolean {
  return childAccountTypes(parentType).includes(childType);
}
