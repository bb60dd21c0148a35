import { ProjectSection } from './ProjectSection';

export default function TerminalsPage() {
  return (
    <ProjectSection
      text={{
        title: 'Terminals',
        subtitle: 'The devices that take payments.',
        icon: 'pi-tablet',
        emptyTitle: 'No terminals yet',
        what: 'Physical and virtual terminals will be listed here with their status (unpaired, online, offline, disabled), location, serial and last heartbeat. Admins will pair new ones with an 8-character code.',
      }}
    />
  );
}
