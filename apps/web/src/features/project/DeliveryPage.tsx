import { ProjectSection } from './ProjectSection';

export default function DeliveryPage() {
  return (
    <ProjectSection
      text={{
        title: 'Delivery',
        subtitle: 'One event sent to one endpoint.',
        icon: 'pi-file',
        emptyTitle: 'Delivery not found',
        what: 'This screen shows one delivery in full: the request headers and body, every attempt with its response and duration, and a resend button.',
      }}
    />
  );
}
