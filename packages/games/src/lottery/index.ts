/** The Vietnamese lottery engine: result sheets, seeded draws and the rules of every bet type. */
export * from './bets.ts';
export * from './draw.ts';
export * from './layout.ts';
export * from './published-sheets.ts';
