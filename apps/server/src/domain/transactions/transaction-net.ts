/**
 * What a payment leaves the project, as its balance entries add up: what was charged (tip
 * included) less refunds and the provider's fee; null until the fee is known. The API's
 * transaction and the transactions CSV both show this one figure.
 */
export function transactionNet(t: {
  amount: number;
  tipAmount: number;
  amountRefunded: number;
  fee: number | null | undefined;
}): number | null {
  return t.fee === null || t.fee === undefined ? null : t.amount + t.tipAmount - t.amountRefunded - t.fee;
}
