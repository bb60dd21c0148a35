import type { Business, WalletDomain } from '@scanline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { get, send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useT } from '../../lib/i18n/console-intl';
import { useUi } from '../../ui/global-ui';

/**
 * Apple Pay and Google Pay on the pay page (docs/guide/wallets.md): the pay page's domain,
 * whether Stripe has it, each wallet's state there, and the one action that registers it (or has
 * Stripe check it again once the Apple Pay file is served).
 */
export function WalletDialog({ business, onClose }: { business: Business; onClose: () => void }) {
  const { t } = useT();
  const ui = useUi();
  const client = useQueryClient();
  const queryKey = [...keys.businesses, business.id, 'wallet-domain'];
  const state = useQuery({
    queryKey,
    queryFn: () => get<WalletDomain>(`/businesses/${business.id}/wallet-domain`),
  });
  const [busy, setBusy] = useState(false);
  const register = async () => {
    setBusy(true);
    try {
      const after = await send<WalletDomain>('POST', `/businesses/${business.id}/wallet-domain`);
      client.setQueryData(queryKey, after);
      ui.toast('success', t('businesses.wallets.registered', { domain: after.domain }));
    } catch (error) {
      ui.toast('error', t('businesses.wallets.failed'), (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const d = state.data;
  const status = (wallet: WalletDomain['apple_pay']) =>
    wallet ? (
      <>
        <Tag
          severity={wallet.status === 'active' ? 'success' : 'warning'}
          value={
            wallet.status === 'active' ? t('businesses.wallets.active') : t('businesses.wallets.inactive')
          }
        />
        {wallet.detail && <small className="wallet-detail">{wallet.detail}</small>}
      </>
    ) : (
      <Tag severity="secondary" value={t('businesses.wallets.notRegistered')} />
    );

  return (
    <Dialog
      header={t('businesses.wallets.title', { name: business.name })}
      visible
      onHide={onClose}
      style={{ width: 'min(34rem, 95vw)' }}
      modal
    >
      {state.isLoading && <i className="pi pi-spin pi-spinner" role="img" aria-label={t('common.loading')} />}
      {state.error && <Message severity="error" text={(state.error as Error).message} />}
      {d && d.provider === 'simulator' && <p>{t('businesses.wallets.simulator')}</p>}
      {d && d.provider === 'stripe' && (
        <>
          <p>{t('businesses.wallets.intro')}</p>
          <dl className="facts">
            <dt>{t('businesses.wallets.domain')}</dt>
            <dd>
              <code>{d.domain}</code>
            </dd>
            <dt>Apple Pay</dt>
            <dd>{status(d.apple_pay)}</dd>
            <dt>Google Pay</dt>
            <dd>{status(d.google_pay)}</dd>
            <dt>{t('businesses.wallets.association')}</dt>
            <dd>
              {d.apple_pay_association ? (
                <Tag severity="success" value={t('businesses.wallets.served')} />
              ) : (
                <small>{t('businesses.wallets.notServed')}</small>
              )}
            </dd>
          </dl>
          <div className="dialog-actions">
            <Button type="button" label={t('common.close')} text onClick={onClose} />
            <Button
              type="button"
              icon="pi pi-check-circle"
              label={d.registered ? t('businesses.wallets.checkAgain') : t('businesses.wallets.register')}
              loading={busy}
              onClick={() => void register()}
            />
          </div>
        </>
      )}
    </Dialog>
  );
}
