import { DRAWER_REASON_MAX, type Drawer, type DrawerMovementType } from '@scanline/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { formatMoney } from '../lib/money';
import { PublicApiError } from '../lib/public-config';
import type { MessageId } from '../messages/keys';
import {
  type Device,
  getDrawer,
  isCashierRequired,
  isUnauthorized,
  moveDrawerCash,
  openDrawer,
} from './device';
import { errorText } from './error-text';
import { MoneyPad } from './MoneyPad';

const TYPE_LABEL: Record<DrawerMovementType, MessageId> = {
  paid_in: 'terminal.drawer.paidIn',
  paid_out: 'terminal.drawer.paidOut',
  no_sale: 'terminal.drawer.noSale',
};

/**
 * The terminal's cash drawer (docs/guide/drawer.md): what it should hold, opening it with a
 * float, and cash paid in, paid out or a no sale with its reason. Where staff sign in, paid out
 * and no sale need a manager signed in, as refunds at the counter do: a cashier is told so and
 * offered "Switch cashier" (a PIN typed for one request would end the cashier's session, since
 * signing in ends the terminal's previous one: docs/guide/cashiers.md). The server refuses anyone
 * else (403 manager_required), said as such.
 */
export function DrawerScreen(props: {
  device: Device;
  /** Staff sign in here and no manager is: paid out and no sale need a manager to sign in. */
  needsManager: boolean;
  /** Lets a manager sign in (absent while a payment is on the screen). */
  onSwitchCashier?: () => void;
  onDone: () => void;
  onRevoked: () => void;
  onCashierRequired?: () => void;
}) {
  const { t } = useT();
  const { device, onRevoked, onCashierRequired } = props;
  const [drawer, setDrawer] = useState<Drawer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [float, setFloat] = useState(0);
  const [type, setType] = useState<DrawerMovementType>('paid_in');
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState('');

  const failed = (e: unknown) => {
    if (isUnauthorized(e)) onRevoked();
    else if (isCashierRequired(e)) onCashierRequired?.();
    else if (e instanceof PublicApiError && e.code === 'manager_required')
      setError(t('terminal.drawer.notManager'));
    else setError(errorText(e, t));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per device; `failed` only reports
  useEffect(() => {
    let gone = false;
    getDrawer(device).then(
      (d) => !gone && setDrawer(d),
      (e) => !gone && failed(e),
    );
    return () => {
      gone = true;
    };
  }, [device]);

  const open = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const d = await openDrawer(device, float);
      setDrawer(d);
      setMessage(t('terminal.drawer.opened', { amount: formatMoney(d.float, d.currency) }));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const managerOnly = props.needsManager && type !== 'paid_in';
  const ready = reason.trim().length > 0 && (type === 'no_sale' || amount > 0) && !managerOnly;
  const move = async (e: FormEvent) => {
    e.preventDefault();
    if (!drawer || busy || !ready) return;
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const d = await moveDrawerCash(device, {
        type,
        reason: reason.trim(),
        ...(type === 'no_sale' ? {} : { amount }),
      });
      setDrawer(d);
      setMessage(
        type === 'no_sale'
          ? t('terminal.drawer.recordedNoSale')
          : t('terminal.drawer.recorded', {
              what: t(TYPE_LABEL[type]),
              amount: formatMoney(amount, d.currency),
            }),
      );
      setAmount(0);
      setReason('');
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const money = (minor: number) => formatMoney(minor, drawer?.currency ?? 'USD');
  return (
    <section
      className="term-close term-drawer"
      aria-labelledby="term-drawer-title"
      data-testid="drawer-screen"
    >
      <h1 id="term-drawer-title">{t('terminal.drawer.title')}</h1>
      {drawer && (
        <p className="term-muted" data-testid="drawer-status" data-status={drawer.status}>
          {drawer.status === 'open' ? t('terminal.drawer.isOpen') : t('terminal.drawer.isClosed')}
        </p>
      )}
      {message && (
        <p className="term-ok" role="status" data-testid="drawer-message">
          {message}
        </p>
      )}
      {error && (
        <p className="term-error" role="alert" data-testid="drawer-error">
          {error}
        </p>
      )}
      {!drawer ? (
        !error && <p className="term-muted">{t('terminal.close.loading')}</p>
      ) : drawer.status === 'closed' ? (
        <div className="term-drawer-open">
          <p className="term-muted">{t('terminal.drawer.floatHint')}</p>
          <MoneyPad
            value={float}
            currency={drawer.currency}
            onChange={setFloat}
            label={t('terminal.drawer.float')}
            testId="drawer-float"
          />
          <button type="button" className="term-primary" onClick={open} disabled={busy}>
            {t('terminal.drawer.open', { amount: money(float) })}
          </button>
        </div>
      ) : (
        <>
          <dl className="term-figures" data-testid="drawer-figures">
            <dt>{t('terminal.drawer.float')}</dt>
            <dd>{money(drawer.float)}</dd>
            <dt>{t('terminal.drawer.cashSales')}</dt>
            <dd>{money(drawer.cash_sales)}</dd>
            <dt>{t('terminal.drawer.cashRefunds')}</dt>
            <dd>{formatMoney(drawer.cash_refunds, drawer.currency, undefined, { sign: 'negative' })}</dd>
            <dt>{t('terminal.drawer.paidIn')}</dt>
            <dd>{money(drawer.paid_in)}</dd>
            <dt>{t('terminal.drawer.paidOut')}</dt>
            <dd>{formatMoney(drawer.paid_out, drawer.currency, undefined, { sign: 'negative' })}</dd>
            <dt>{t('terminal.drawer.expected')}</dt>
            <dd data-testid="drawer-expected">
              <strong>{money(drawer.expected)}</strong>
            </dd>
          </dl>
          <form className="term-drawer-move" onSubmit={move} aria-labelledby="term-drawer-move-title">
            <h2 id="term-drawer-move-title">{t('terminal.drawer.moveTitle')}</h2>
            <fieldset className="term-methods">
              <legend className="sr-only">{t('terminal.drawer.moveType')}</legend>
              {(['paid_in', 'paid_out', 'no_sale'] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  className={`term-method${type === m ? ' term-method-on' : ''}`}
                  aria-pressed={type === m}
                  onClick={() => {
                    setType(m);
                    setError(null);
                  }}
                >
                  {t(TYPE_LABEL[m])}
                </button>
              ))}
            </fieldset>
            {type !== 'no_sale' && (
              <MoneyPad
                value={amount}
                currency={drawer.currency}
                onChange={setAmount}
                label={t('terminal.drawer.amount')}
                testId="drawer-amount"
              />
            )}
            <label className="term-ref">
              <span>{t('terminal.drawer.reason')}</span>
              <input
                value={reason}
                maxLength={DRAWER_REASON_MAX}
                onChange={(e) => setReason(e.target.value)}
                placeholder={t('terminal.drawer.reasonExample')}
                data-testid="drawer-reason"
              />
            </label>
            {managerOnly && (
              <div className="term-notice term-manager-note" data-testid="drawer-needs-manager">
                <p>{t('terminal.drawer.notManager')}</p>
                {props.onSwitchCashier && (
                  <button type="button" className="term-secondary" onClick={props.onSwitchCashier}>
                    {t('terminal.switchCashier')}
                  </button>
                )}
              </div>
            )}
            <button type="submit" className="term-primary" disabled={busy || !ready}>
              {type === 'no_sale'
                ? t('terminal.drawer.recordNoSale')
                : t('terminal.drawer.record', { what: t(TYPE_LABEL[type]), amount: money(amount) })}
            </button>
          </form>
          {drawer.movements.length > 0 && (
            <h2 className="term-movements-title">{t('terminal.drawer.movements')}</h2>
          )}
          {drawer.movements.length > 0 && (
            <ul className="term-movements">
              {drawer.movements
                .slice()
                .reverse()
                .map((m) => (
                  <li key={m.id} data-testid="drawer-movement">
                    <span>
                      {t(TYPE_LABEL[m.type])}
                      {m.type !== 'no_sale' && ` · ${money(m.amount)}`}
                    </span>
                    <span className="term-muted">
                      {m.reason}
                      {m.cashier_name && ` · ${m.cashier_name}`}
                    </span>
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
      <button type="button" className="term-link" onClick={props.onDone}>
        {t('terminal.close.back')}
      </button>
    </section>
  );
}
