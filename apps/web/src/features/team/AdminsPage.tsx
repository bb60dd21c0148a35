import { TeamPage } from './TeamPage';

export default function AdminsPage() {
  return <TeamPage view="admins" />;
}
