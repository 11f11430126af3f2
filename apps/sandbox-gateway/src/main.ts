import { createSandboxGateway } from './sandbox-gateway.ts';

/** Runs the sandbox gateway on its own: SANDBOX_GATEWAY_SECRET, SANDBOX_GATEWAY_PORT, SANDBOX_GATEWAY_PUBLIC_URL. */
const secret = process.env.SANDBOX_GATEWAY_SECRET;
if (!secret) {
  console.error('SANDBOX_GATEWAY_SECRET is required');
  process.exit(1);
}
const port = Number(process.env.SANDBOX_GATEWAY_PORT ?? 8090);
const gateway = createSandboxGateway({
  secret,
  publicUrl: process.env.SANDBOX_GATEWAY_PUBLIC_URL,
  log: (message, data) => console.log(JSON.stringify({ message, ...data })),
});
const url = await gateway.listen(port, process.env.SANDBOX_GATEWAY_HOST ?? '127.0.0.1');
console.log(JSON.stringify({ message: 'sandbox payment gateway listening', url }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    gateway.close().then(() => process.exit(0));
  });
}
