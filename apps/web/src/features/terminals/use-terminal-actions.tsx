import type { Terminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { translate } from '../../lib/i18n/current-locale';
import { currencyDigits, formatMoney } from '../../lib/money';
import { useProject } from '../../shared/projects/hooks';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { useCreateTerminal, useSendTestCheckout, useSetTerminalEnabled, useUpdateTerminal } from './hooks';
import { PairDialog } from './PairDialog';
import { TerminalFormDialog } from './TerminalFormDialog';

/** Create, edit, pair, disable and enable, with their dialogs: shared by the list and the detail. */
export function useTerminalActions(projectId: string) {
  const ui = useUi();
  const { t: tr } = useT();
  const ONLY_ADMINS = tr('terminals.actions.onlyAdmins');
  const project = useProject(projectId);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Terminal | null>(null);
  const [pairing, setPairing] = useState<Terminal | null>(null);
  const create = useCreateTerminal(projectId);
  const update = useUpdateTerminal(projectId);
  const setEnabled = useSetTerminalEnabled(projectId);
  const testCheckout = useSendTestCheckout(projectId);

  const sendTest = (t: Terminal) => {
    const currency = project.data?.currency ?? 'USD';
    const amount = 10 ** currencyDigits(currency);
    testCheckout.mutateAsync({ terminalId: t.id, amount }).then(
      () =>
        ui.toast(
          'success',
          tr('terminals.actions.testSent'),
          tr(
            t.status === 'online' ? 'terminals.actions.testSentOnline' : 'terminals.actions.testSentOffline',
            {
              amount: formatMoney(amount, currency),
              label: t.label,
            },
          ),
        ),
      (e: Error) => ui.toast('error', tr('terminals.actions.notSent'), e.message),
    );
  };

  const toggle = (t: Terminal) => {
    const enabling = t.status === 'disabled';
    ui.confirm({
      header: tr(enabling ? 'terminals.actions.enableHeader' : 'terminals.actions.disableHeader', {
        label: t.label,
      }),
      message: enabling ? tr('terminals.actions.enableMessage') : tr('terminals.actions.disableMessage'),
      acceptLabel: enabling ? tr('terminals.actions.enableAccept') : tr('terminals.actions.disableAccept'),
      danger: !enabling,
      onAccept: () =>
        setEnabled.mutateAsync({ id: t.id, enabled: enabling }).then(
          () =>
            ui.toast(
              'success',
              enabling ? tr('terminals.actions.enabled') : tr('terminals.actions.disabled'),
              t.label,
            ),
          (e: Error) =>
            ui.toast(
              'error',
              enabling ? tr('terminals.actions.notEnabled') : tr('terminals.actions.notDisabled'),
              e.message,
            ),
        ),
    });
  };

  const newButton = (
    <GatedButton
      label={tr('terminals.actions.new')}
      icon="pi pi-plus"
      onClick={() => setCreating(true)}
      allowed={canManage}
      reason={ONLY_ADMINS}
    />
  );

  /** Compact buttons for a table row or the detail header. */
  const rowActions = (t: Terminal, opts: { withEdit?: boolean } = {}) => (
    <div className="row-actions">
      {opts.withEdit && (
        <GatedButton
          label={tr('terminals.actions.edit')}
          icon="pi pi-pencil"
          text
          size="small"
          allowed={canManage}
          reason={ONLY_ADMINS}
          onClick={() => setEditing(t)}
        />
      )}
      {t.status !== 'disabled' && t.status !== 'unpaired' && (
        <GatedButton
          label={tr('terminals.actions.test')}
          icon="pi pi-send"
          text
          size="small"
          allowed={canManage}
          reason={ONLY_ADMINS}
          onClick={() => sendTest(t)}
          aria-label={tr('terminals.actions.testAria', { label: t.label })}
        />
      )}
      {t.status !== 'disabled' && (
        <GatedButton
          label={tr('terminals.actions.pair')}
          icon="pi pi-link"
          text
          size="small"
          allowed={canManage}
          reason={ONLY_ADMINS}
          onClick={() => setPairing(t)}
          aria-label={tr('terminals.actions.pairAria', { label: t.label })}
        />
      )}
      <GatedButton
        label={t.status === 'disabled' ? tr('terminals.actions.enable') : tr('terminals.actions.disable')}
        text
        size="small"
        severity={t.status === 'disabled' ? undefined : 'danger'}
        allowed={canManage}
        reason={ONLY_ADMINS}
        onClick={() => toggle(t)}
        aria-label={tr(
          t.status === 'disabled' ? 'terminals.actions.enableAria' : 'terminals.actions.disableAria',
          { label: t.label },
        )}
      />
    </div>
  );

  const dialogs = (
    <>
      {creating && (
        <TerminalFormDialog
          onClose={() => setCreating(false)}
          onSave={async (body) => {
            const t = await create.mutateAsync(body);
            setCreating(false);
            ui.toast('success', tr('terminals.actions.created'), tr('terminals.actions.createdText'));
            // The next step is always pairing: go straight to it.
            setPairing(t);
          }}
        />
      )}
      {editing && (
        <TerminalFormDialog
          terminal={editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await update.mutateAsync({ id: editing.id, body });
            setEditing(null);
            ui.toast('success', tr('terminals.actions.saved'));
          }}
        />
      )}
      {pairing && <PairDialog projectId={projectId} terminal={pairing} onClose={() => setPairing(null)} />}
    </>
  );

  return { canManage, newButton, rowActions, dialogs, openCreate: () => setCreating(true), project };
}

export const emptyTerminalsAction = (canManage: boolean, open: () => void) =>
  canManage ? (
    <Button label={translate('terminals.actions.addFirst')} icon="pi pi-plus" onClick={open} />
  ) : undefined;
