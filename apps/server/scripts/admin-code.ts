import { totpCode } from '../src/lib/totp.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-seed.ts';

// The current authenticator code of a demo operator, so a person can sign in to the demo back
// office without an authenticator app: `npm run admin:code -w @platform/server -- finance01`.
const username = process.argv[2];
const operators = DEMO_ACCOUNTS.filter((account) => account.totpSecret);
const operator = operators.find((account) => account.username === username);
if (!operator?.totpSecret) {
  console.error(`usage: npm run admin:code -w @platform/server -- <${operators.map((account) => account.username).join('|')}>`);
  process.exit(1);
}
const now = new Date();
const secondsLeft = 30 - (Math.floor(now.getTime() / 1000) % 30);
console.log(`${totpCode(operator.totpSecret, now)}  (${operator.username}, valid ${secondsLeft}s more)`);
