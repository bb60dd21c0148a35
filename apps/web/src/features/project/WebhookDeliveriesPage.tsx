import { ProjectSection } from './ProjectSection';

export default function WebhookDeliveriesPage() {
  return (
    <ProjectSection
      text={{
        title: 'Webhook deliveries',
        subtitle: 'Every event sent to one endpoint.',
        icon: 'pi-history',
        emptyTitle: 'No deliveries yet',
        what: 'Each event sent to this endpoint will be listed here with its attempts, response status and timing, and can be resent.',
      }}
    />
  );
}
