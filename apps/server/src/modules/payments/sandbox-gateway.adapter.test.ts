import { createSandboxGateway, type SandboxGateway } from '@platform/sandbox-gateway/sandbox-gateway';
import { sign } from '@platform/sandbox-gateway/signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtSandbox } from '../../../test/deposits-helpers.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { createSandboxPaymentGateway } from './sandbox-gateway.adapter.ts';

const SECRET = 'adapter-test-secret-0123456789';
let sandbox: SandboxGateway;
let url: string;

beforeAll(async () => {
  sandbox = createSandboxGateway({ secret: SECRET, callbackAttemptsMax: 1 });
  url = await sandbox.listen(0);
});

afterAll(async () => {
  await sandbox?.close();
});

const request = (referenceCode: string, amount = 5_000) => ({
  referenceCode,
  amount,
  currency: 'VND',
  callbackUrl: 'http://127.0.0.1:9/callback',
  returnUrl: 'http://127.0.0.1:9/',
});

describe('the sandbox gateway adapter', () => {
  it('creates a payment once per reference and answers its pay page', async () => {
    const gateway = createSandboxPaymentGateway({ baseUrl: url, secret: SECRET });
    const first = await gateway.createPayment(request('REFA0001'));
    const again = await gateway.createPayment(request('REFA0001'));
    expect(again).toEqual(first);
    expect(first.redirectUrl).toBe(`${url}/pay/${first.gatewayPaymentId}`);
    await expect(gateway.createPayment(request('REFA0001', 6_000))).rejects.toMatchObject({ code: 'payment_gateway_unavailable' });
  });

  it('reports unknown, pending, then the decided outcome with its transaction id', async () => {
    const gateway = createSandboxPaymentGateway({ baseUrl: url, secret: SECRET });
    expect(await gateway.queryPayment('REFB0001')).toEqual({ referenceCode: 'REFB0001', status: 'unknown' });
    const created = await gateway.createPayment(request('REFB0001'));
    expect(await gateway.queryPayment('REFB0001')).toEqual({ referenceCode: 'REFB0001', status: 'pending' });
    await payAtSandbox(created.redirectUrl, 'paid');
    // Pressing again, or the other button, does not change a decided payment.
    await payAtSandbox(created.redirectUrl, 'failed');
    const answer = await gateway.queryPayment('REFB0001');
    expect(answer).toMatchObject({ referenceCode: 'REFB0001', status: 'paid', amount: 5_000, currency: 'VND' });
    expect((answer as { gatewayTxId: string }).gatewayTxId).toMatch(/^SBX[0-9A-F]{16}$/);
  });

  it('is refused by the sandbox when signing with another secret', async () => {
    const gateway = createSandboxPaymentGateway({ baseUrl: url, secret: 'not-the-shared-secret-000' });
    await expect(gateway.createPayment(request('REFC0001'))).rejects.toMatchObject({ code: 'payment_gateway_unavailable' });
    const unsigned = await fetch(`${url}/api/payments/REFC0001`);
    expect(unsigned.status).toBe(401);
  });

  it('says the gateway is unavailable when nothing answers', async () => {
    const gateway = createSandboxPaymentGateway({ baseUrl: 'http://127.0.0.1:9', secret: SECRET });
    await expect(gateway.queryPayment('REFD0001')).rejects.toBeInstanceOf(DomainError);
  });

  it('verifies a callback signature over the exact raw body', () => {
    const gateway = createSandboxPaymentGateway({ baseUrl: url, secret: SECRET });
    const body = Buffer.from(JSON.stringify({ merchantRef: 'REFE0001', txId: 'SBX1', status: 'paid', amount: 10, currency: 'VND' }));
    expect(gateway.verifyCallback({ 'x-sandbox-signature': sign(SECRET, body) }, body)).toEqual({
      referenceCode: 'REFE0001',
      status: 'paid',
      gatewayTxId: 'SBX1',
      amount: 10,
      currency: 'VND',
    });
    const tampered = Buffer.from(body.toString().replace('10', '1000'));
    expect(() => gateway.verifyCallback({ 'x-sandbox-signature': sign(SECRET, body) }, tampered)).toThrow(/payment_signature_invalid/);
    expect(() => gateway.verifyCallback({ 'x-sandbox-signature': sign(SECRET, body).toUpperCase() }, body)).toThrow(
      /payment_signature_invalid/,
    );
    expect(() => gateway.verifyCallback({}, body)).toThrow(/payment_signature_invalid/);
  });
});
