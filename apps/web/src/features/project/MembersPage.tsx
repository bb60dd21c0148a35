import { ProjectSection } from './ProjectSection';

export default function MembersPage() {
  return (
    <ProjectSection
      text={{
        title: 'Members',
        subtitle: 'Everyone who can see this project.',
        icon: 'pi-users',
        emptyTitle: 'No members to show yet',
        what: 'The people in this project and their roles will be listed here, with pending invitations, role changes and removal.',
      }}
    />
  );
}
