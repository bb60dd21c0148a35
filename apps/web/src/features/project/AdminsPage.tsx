import { TeamPage } from '../team/TeamPage';

export default function AdminsPage() {
  return <TeamPage view="admins" />;
}
