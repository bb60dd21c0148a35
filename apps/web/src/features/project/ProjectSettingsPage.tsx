import { ProjectSection } from './ProjectSection';

export default function ProjectSettingsPage() {
  return (
    <ProjectSection
      text={{
        title: 'Project settings',
        subtitle: 'Name, business, time zone and currency.',
        icon: 'pi-cog',
        emptyTitle: 'Settings are not available yet',
        what: 'This project’s name, business, time zone and currency, the danger zone (transfer, delete) and its audit log will be managed here.',
      }}
    />
  );
}
