import { ProjectSection } from './ProjectSection';

export default function AdminsPage() {
  return (
    <ProjectSection
      text={{
        title: 'Admins',
        subtitle: 'The owner and the admins of this project.',
        icon: 'pi-shield',
        emptyTitle: 'No admins to show yet',
        what: 'The project owner and its admins, who manage the team, API keys and settings, will be listed here.',
      }}
    />
  );
}
