import fc from 'fast-check';

/**
 * Random agent networks for the agent-contract property tests: a top-level agent, then agents each
 * hanging from an earlier one, and one player under each agent with a stake and what it won back.
 *
 *   fc.record({ agents: contractAgents({ maxLength: 6, maxCut: 90 }), plays: contractPlays(7), ... })
 *   for (const [i, a] of s.agents.entries()) { const upline = agents[uplineIndexOf(a, i)]; ... }
 */

/** Agent i + 1 hangs from agent `uplineIndexOf(a, i)` (an earlier one, the top being 0), at its upline's rate less `cut`. */
export const contractAgents = (limits: { maxLength: number; maxCut: number }) =>
  fc.array(fc.record({ parent: fc.nat(), cut: fc.integer({ min: 0, max: limits.maxCut }) }), {
    minLength: 1,
    maxLength: limits.maxLength,
  });

/** The index, among the agents placed so far (the top and the `i` before), of agent i + 1's upline. */
export const uplineIndexOf = (agent: { parent: number }, i: number) => agent.parent % (i + 1);

/** One player's play under each of `count` agents: its stake and what it won back, in percent of the stake. */
export const contractPlays = (count: number) =>
  fc.array(fc.record({ stake: fc.integer({ min: 0, max: 2_000_000 }), payoutPercent: fc.integer({ min: 0, max: 250 }) }), {
    minLength: count,
    maxLength: count,
  });
