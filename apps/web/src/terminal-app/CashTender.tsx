import type { TenderResult, TerminalTransaction } from '@scanline/contracts';
import { cashChange } from '@scanline/contracts/tenders';
import { useCallback, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { PublicApiError } from '../lib/public-config';
import { quickCashGiven } from './cash-denominations';
import { type Device, isCashierRequired, isUnauthorized, payInCash } from './device';
import { errorText } from './error-text';
import { MoneyPad } from './MoneyPad';

/**
 * Cash at the counter (docs/guide/tenders.md): the cash handed over on a keypad or a quick
 * button, the change once it covers what is due (`cashChange`, the server's own rule), then the
 * tender. One Idempotency-Key per amount given, kept across a retry of the same one.
 */
export function CashTender(props: {
  device: Device;
  transaction: TerminalTransaction;
  onPaid: (result: TenderResult) => void;
  /** The drawer is closed: open it (with a float) and come back. */
  onOpenDrawer: () => void;
  onRevoked: () => void;
  onCashierRequired?: () => void;
}) {
  const { t } = useT();
  const { device, transaction: txn } = props;
  const due = txn.amount_due;
  const currency = txn.currency;
  const [given, setGiven] = useState(0);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; drawerClosed: boolean } | null>(null);
  const change = cashChange(due, given);

  const give = useCallback((minor: number) => {
    setError(null);
    setGiven(minor);
    // Another amount is another attempt: a new key (the same key with another body is refused).
    setKey(crypto.randomUUID());
  }, []);

  const take = async () => {
    if (change === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      props.onPaid(await payInCash(device, txn.id, { amount: due, cash_given: given }, key));
    } catch (e) {
      if (isUnauthorized(e)) props.onRevoked();
      else if (isCashierRequired(e)) props.onCashierRequired?.();
      else
        setError({
          text: errorText(e, t),
          drawerClosed: e instanceof PublicApiError && e.code === 'drawer_closed',
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="term-cash" data-testid="cash-tender">
      <p className="term-muted">{t('terminal.cash.due', { amount: formatMoney(due, currency) })}</p>
      <MoneyPad
        value={given}
        currency={currency}
        onChange={(m) => give(m)}
        label={t('terminal.cash.given')}
        testId="cash-given"
      />
      <fieldset className="term-quick">
        <legend className="sr-only">{t('terminal.cash.quick')}</legend>
        <button type="button" className="term-chip" onClick={() => give(due)}>
          {t('terminal.cash.exact')}
        </button>
        {quickCashGiven(due, currency).map((v) => (
          <button key={v} type="button" className="term-chip" onClick={() => give(v)}>
            {formatMoney(v, currency)}
          </button>
        ))}
      </fieldset>
      {change !== null ? (
        <p className="term-change" data-testid="cash-change">
          <span>{t('terminal.cash.change')}</span>
          <strong>{formatMoney(change, currency)}</strong>
        </p>
      ) : (
        given > 0 && (
          <p className="term-muted" data-testid="cash-short">
            {t('terminal.cash.short', { amount: formatMoney(due - given, currency) })}
          </p>
        )
      )}
      {error && (
        <div className="term-error" role="alert" data-testid="cash-error">
          <p>{error.text}</p>
          {error.drawerClosed && (
            <button type="button" className="term-secondary" onClick={props.onOpenDrawer}>
              {t('terminal.cash.openDrawer')}
            </button>
          )}
        </div>
      )}
      <button type="button" className="term-primary" onClick={take} disabled={busy || change === null}>
        {busy ? t('terminal.cash.taking') : t('terminal.cash.take', { amount: formatMoney(due, currency) })}
      </button>
    </div>
  );
}
