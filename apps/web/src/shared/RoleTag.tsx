import { Tag } from 'primereact/tag';
import { translate } from '../lib/i18n/current-locale';
import type { MessageId } from '../messages/keys';

const SEVERITY = { owner: 'success', admin: 'info', member: 'secondary' } as const;

type Role = 'owner' | 'admin' | 'member';
const LABELS: Record<Role, MessageId> = {
  owner: 'projects.role.owner',
  admin: 'projects.role.admin',
  member: 'projects.role.member',
};

/** A role in the reader's language. */
export const roleLabel = (role: Role) => (LABELS[role] ? translate(LABELS[role]) : role);

export function RoleTag({ role }: { role: Role }) {
  return <Tag value={roleLabel(role)} severity={SEVERITY[role]} />;
}
