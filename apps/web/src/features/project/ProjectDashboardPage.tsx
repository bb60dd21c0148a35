import { ProjectSection } from './ProjectSection';

export default function ProjectDashboardPage() {
  return (
    <ProjectSection
      text={{
        title: 'Project dashboard',
        subtitle: 'Volume, payments and terminals at a glance.',
        icon: 'pi-chart-bar',
        emptyTitle: 'No activity yet',
        what: 'Once payments flow, this shows volume, count, success rate, scans-to-payment conversion and terminals online over a range you choose, as charts.',
      }}
    />
  );
}
