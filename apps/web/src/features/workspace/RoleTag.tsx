import { Tag } from 'primereact/tag';

const SEVERITY = { owner: 'success', admin: 'info', member: 'secondary' } as const;

export function RoleTag({ role }: { role: 'owner' | 'admin' | 'member' }) {
  return <Tag value={role} severity={SEVERITY[role]} />;
}
