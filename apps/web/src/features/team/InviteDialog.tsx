import { Button } from 'primereact/button';
import { Chips } from 'primereact/chips';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { useUi } from '../../app/global-ui';
import { FormField } from '../../ui/FormField';
import { keys, send, useAction } from '../workspace/hooks';

/** Invite several addresses at once; each gets a link valid 7 days. */
export function InviteDialog({
  projectId,
  defaultRole,
  onClose,
}: {
  projectId: string;
  defaultRole: 'admin' | 'member';
  onClose: () => void;
}) {
  const ui = useUi();
  const [emails, setEmails] = useState<string[]>([]);
  const [role, setRole] = useState(defaultRole);
  const [error, setError] = useState<string | null>(null);
  const invite = useAction(
    (body: object) => send('POST', `/projects/${projectId}/invitations`, body),
    [keys.invitations(projectId)],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await invite.mutateAsync({ emails, role });
      ui.toast('success', emails.length === 1 ? 'Invitation sent' : `${emails.length} invitations sent`);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog header="Invite people" visible onHide={onClose} style={{ width: 'min(32rem, 95vw)' }} modal>
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <FormField id="invite-emails" label="Email addresses" help="Press Enter or comma after each address.">
          <Chips
            inputId="invite-emails"
            value={emails}
            onChange={(e) => setEmails((e.value ?? []).map((v) => v.trim()).filter(Boolean))}
            separator=","
            addOnBlur
            allowDuplicate={false}
          />
        </FormField>
        <FormField id="invite-role" label="Role">
          <Dropdown
            inputId="invite-role"
            value={role}
            onChange={(e) => setRole(e.value)}
            options={[
              { value: 'member', label: 'Member — sees the project' },
              { value: 'admin', label: 'Admin — also manages team, keys and settings' },
            ]}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button
            type="submit"
            label="Send invitations"
            disabled={emails.length === 0}
            loading={invite.isPending}
          />
        </div>
      </form>
    </Dialog>
  );
}
