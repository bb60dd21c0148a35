import { type Invitation, isEmailAddress, type RefusedInvitation } from '@scanline/contracts';
import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

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
  const { t } = useT();
  const [emails, setEmails] = useState<string[]>([]);
  // What is typed but not yet a chip (no Enter or comma yet) counts too.
  const [typing, setTyping] = useState('');
  const [role, setRole] = useState(defaultRole);
  const [refused, setRefused] = useState<RefusedInvitation[]>([]);
  const invite = useAction(
    (body: object) =>
      send<{ data: Invitation[]; refused: RefusedInvitation[] }>(
        'POST',
        `/projects/${projectId}/invitations`,
        body,
      ),
    [keys.invitations(projectId)],
  );
  const all = [
    ...emails,
    ...typing
      .split(/[\s,;]+/)
      .map((v) => v.trim())
      .filter((v) => v && !emails.includes(v)),
  ];
  // Checked as typed, with the server's own rule; the address being typed only once
  // it is left or sent, so "ann@" is not called wrong mid-word.
  const invalidTyped = emails.filter((e) => !isEmailAddress(e));
  const submit = async () => {
    setRefused([]);
    const answer = await invite.mutateAsync({ emails: all, role });
    setEmails(all);
    setTyping('');
    const sent = answer.data.length;
    ui.toast('success', t('team.invitationsSent', { n: sent }));
    // The others went out; the refused ones stay in the field with their reason.
    if (answer.refused.length) {
      setRefused(answer.refused);
      setEmails(answer.refused.map((r) => r.email));
    } else onClose();
  };
  return (
    <FormDialog
      header={t('team.invitePeople')}
      width="32rem"
      cancelLabel={t('common.cancel')}
      submitLabel={t('team.send')}
      submitDisabled={!all.some((e) => isEmailAddress(e))}
      fields={['emails', 'role']}
      onSubmit={submit}
      onClose={onClose}
      notice={
        refused.length > 0 && (
          <ul className="p-error m-0" role="alert" aria-label={t('team.notInvited')}>
            {refused.map((r) => (
              <li key={r.email}>
                {r.email}: {r.message}
              </li>
            ))}
          </ul>
        )
      }
    >
      {(errors) => (
        <>
          <FormField
            id="invite-emails"
            label={t('team.emails')}
            help={t('team.emailsHelp')}
            error={
              invalidTyped.length ? t('team.notEmail', { emails: invalidTyped.join(', ') }) : errors.emails
            }
          >
            <Chips
              inputId="invite-emails"
              value={emails}
              // The inner input's own text (PrimeReact's Chips tells only of added chips).
              pt={{ input: { onInput: (e) => setTyping((e.target as HTMLInputElement).value) } }}
              onChange={(e) => {
                setEmails((e.value ?? []).map((v) => v.trim()).filter(Boolean));
                setTyping('');
              }}
              separator=","
              addOnBlur
              allowDuplicate={false}
            />
          </FormField>
          <FormField id="invite-role" label={t('staff.roleLabel')} error={errors.role}>
            <Dropdown
              inputId="invite-role"
              value={role}
              onChange={(e) => setRole(e.value)}
              options={[
                { value: 'member', label: t('team.memberHelp') },
                { value: 'admin', label: t('team.adminHelp') },
              ]}
            />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
