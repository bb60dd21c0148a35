import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';

export default function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" subtitle="Workspaces for your terminals, payments and team." />
      <EmptyState icon="pi-folder-open" title="No projects yet">
        <p>
          Projects you own or were invited to will be listed here with your role in each, and you will be able
          to search, sort and create them.
        </p>
        <p>Project management is being enabled on this server; you are not a member of any project yet.</p>
      </EmptyState>
    </>
  );
}
