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
