import { createDemoVendor } from './demo-vendor.ts';

/**
 * Runs the demo vendor on its own: `npm start -w @platform/demo-vendor`. The server also starts it
 * in-process (DEMO_VENDOR_PORT), which is what `npm start` does.
 */
const port = Number(process.env.DEMO_VENDOR_PORT ?? 8091);
const platformUrl = process.env.PLATFORM_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const vendor = createDemoVendor({
  platformUrl,
  seamlessSecret: process.env.DEMO_VENDOR_SECRET ?? 'dev-only-demo-vendor-secret',
  transferSecret: process.env.DEMO_VENDOR_TX_SECRET ?? 'dev-only-demotx-vendor-secret',
  siteOrigins: (process.env.SITE_ORIGINS ?? `http://localhost:${process.env.PORT ?? 8080} http://127.0.0.1:${process.env.PORT ?? 8080}`)
    .split(/[\s,]+/)
    .filter(Boolean),
});
const url = await vendor.listen(port, process.env.DEMO_VENDOR_HOST ?? '127.0.0.1');
console.log(`demo vendor listening on ${url}, calling the platform at ${platformUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    vendor.close().then(() => process.exit(0));
  });
}
