import type { PlatformModule } from '../module.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createSandboxPaymentGateway } from './sandbox-gateway.adapter.ts';

/**
 * The payment gateways deposits pay through: those given (tests), else the sandbox gateway when it
 * is configured, else none.
 */
export function createPaymentsModule(deps: {
  gateways?: readonly PaymentGateway[] | undefined;
  sandbox?: { url: string; secret: string } | undefined;
}): PlatformModule<'paymentGateways', readonly PaymentGateway[]> {
  const gateways =
    deps.gateways ?? (deps.sandbox ? [createSandboxPaymentGateway({ baseUrl: deps.sandbox.url, secret: deps.sandbox.secret })] : []);
  return { name: 'paymentGateways', service: gateways };
}
