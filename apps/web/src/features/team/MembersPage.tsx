import { TeamPage } from './TeamPage';

export default function MembersPage() {
  return <TeamPage view="members" />;
}
