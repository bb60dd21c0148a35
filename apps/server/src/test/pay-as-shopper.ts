import type { FastifyInstance } from 'fastify';
import { nextIp } from './payment-factories';

/**
 * The shopper's side of a payment, as the pay page does it: open the code of `paymentUrl`
 * through the mobile API, then pay it (the simulator's `pm_card_visa` unless told otherwise).
 * Answers the payment's response; each shopper comes from an address of its own.
 */
export async function payAsShopper(
  app: FastifyInstance,
  paymentUrl: string,
  payment: { payment_method: string; tip_amount?: number } = { payment_method: 'pm_card_visa' },
) {
  const scan = await app.inject({
    method: 'POST',
    url: '/mobile/v1/scans',
    payload: { token: new URL(paymentUrl).pathname.split('/').pop() },
    remoteAddress: nextIp(),
  });
  return app.inject({
    method: 'POST',
    url: `/mobile/v1/scans/${scan.json().id}/payments`,
    payload: payment,
    remoteAddress: nextIp(),
  });
}
