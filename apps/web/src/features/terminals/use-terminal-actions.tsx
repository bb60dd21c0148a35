import type { Terminal } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { currencyDigits, formatMoney } from '../../lib/money';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { useProject } from '../projects/hooks';
import { useCreateTerminal, useSendTestCheckout, useSetTerminalEnabled, useUpdateTerminal } from './hooks';
import { PairDialog } from './PairDialog';
import { TerminalFormDialog } from './TerminalFormDialog';

const ONLY_ADMINS = 'Only admins and the owner manage terminals';

/** Create, edit, pair, disable and enable, with their dialogs: shared by the list and the detail. */
export function useTerminalActions(projectId: string) {
  const ui = useUi();
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
          'Test checkout sent',
          `${formatMoney(amount, currency)} is on ${t.label}${t.status === 'online' ? '' : ' (it shows it once it is online)'}.`,
        ),
      (e: Error) => ui.toast('error', 'Not sent', e.message),
    );
  };

  const toggle = (t: Terminal) => {
    const enabling = t.status === 'disabled';
    ui.confirm({
      header: enabling ? `Enable ${t.label}?` : `Disable ${t.label}?`,
      message: enabling
        ? 'The terminal can be paired again and take payments.'
        : 'Its device is signed out at once and cannot take payments until the terminal is enabled and paired again.',
      acceptLabel: enabling ? 'Enable terminal' : 'Disable terminal',
      danger: !enabling,
      onAccept: () =>
        setEnabled.mutateAsync({ id: t.id, enabled: enabling }).then(
          () => ui.toast('success', enabling ? 'Terminal enabled' : 'Terminal disabled', t.label),
          (e: Error) => ui.toast('error', enabling ? 'Not enabled' : 'Not disabled', e.message),
        ),
    });
  };

  const newButton = (
    <GatedButton
      label="New terminal"
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
          label="Edit"
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
          label="Test"
          icon="pi pi-send"
          text
          size="small"
          allowed={canManage}
          reason={ONLY_ADMINS}
          onClick={() => sendTest(t)}
          aria-label={`Send test checkout to ${t.label}`}
        />
      )}
      {t.status !== 'disabled' && (
        <GatedButton
          label="Pair"
          icon="pi pi-link"
          text
          size="small"
          allowed={canManage}
          reason={ONLY_ADMINS}
          onClick={() => setPairing(t)}
          aria-label={`Pair ${t.label}`}
        />
      )}
      <GatedButton
        label={t.status === 'disabled' ? 'Enable' : 'Disable'}
        text
        size="small"
        severity={t.status === 'disabled' ? undefined : 'danger'}
        allowed={canManage}
        reason={ONLY_ADMINS}
        onClick={() => toggle(t)}
        aria-label={`${t.status === 'disabled' ? 'Enable' : 'Disable'} ${t.label}`}
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
            ui.toast('success', 'Terminal created', 'Pair it with the code below.');
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
            ui.toast('success', 'Terminal saved');
          }}
        />
      )}
      {pairing && <PairDialog projectId={projectId} terminal={pairing} onClose={() => setPairing(null)} />}
    </>
  );

  return { canManage, newButton, rowActions, dialogs, openCreate: () => setCreating(true), project };
}

export const emptyTerminalsAction = (canManage: boolean, open: () => void) =>
  canManage ? <Button label="Add your first terminal" icon="pi pi-plus" onClick={open} /> : undefined;
