import { ProjectSection } from './ProjectSection';

export default function WebhooksPage() {
  return (
    <ProjectSection
      text={{
        title: 'Webhooks',
        subtitle: 'Endpoints that receive this project’s events.',
        icon: 'pi-send',
        emptyTitle: 'No webhook endpoints yet',
        what: 'Endpoints that receive signed events (terminal, scan, transaction and team changes) will be listed here with their status and recent deliveries.',
      }}
    />
  );
}
