import { TeamPage } from '../team/TeamPage';

export default function MembersPage() {
  return <TeamPage view="members" />;
}
