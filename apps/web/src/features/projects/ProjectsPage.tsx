import type { Project } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { RoleTag } from '../workspace/RoleTag';
import { CreateProjectDialog } from './CreateProjectDialog';
import { useProjectsPage } from './hooks';

export default function ProjectsPage() {
  const formatDate = useFormatDate();
  const ui = useUi();
  const query = useTableQuery();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  // The name search (`q`) travels with the table's sort and filters; the server applies all.
  const projects = useProjectsPage(search ? { ...query.apiQuery, q: search } : query.apiQuery);
  const [creating, setCreating] = useState(false);
  const restore = useAction(
    (id: string) => send('POST', `/projects/${id}/restore`),
    [keys.projects, keys.me],
  );
  const setSearch = (value: string) =>
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        p.delete('pages');
        if (value) p.set('q', value);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  const filtered = Boolean(search || query.filters.length);
  const columns: TableColumn<Project>[] = [
    {
      field: 'name',
      header: 'Name',
      sortable: true,
      filterable: true,
      body: (p) =>
        p.deleted_at ? (
          <span className="muted">{p.name}</span>
        ) : (
          <Link to={`/p/${p.id}/dashboard`}>{p.name}</Link>
        ),
    },
    {
      field: 'role',
      header: 'Your role',
      filterable: true,
      options: ['owner', 'admin', 'member'].map((r) => ({ label: r, value: r })),
      body: (p) => <RoleTag role={p.role} />,
    },
    { field: 'currency', header: 'Currency', filterable: true },
    { field: 'time_zone', header: 'Time zone', filterable: true },
    {
      field: 'created_at',
      header: 'Created',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (p) => <DateText value={p.created_at} withTime={false} />,
    },
    {
      field: 'status',
      header: 'Status',
      body: (p) =>
        p.deleted_at ? (
          <span className="row-actions">
            <Tag severity="danger" value={`Deleted ${formatDate(p.deleted_at, false)}`} />
            <Button
              label="Restore"
              size="small"
              text
              onClick={() =>
                restore.mutateAsync(p.id).then(
                  () => ui.toast('success', `${p.name} restored`),
                  (e: Error) => ui.toast('error', 'Not restored', e.message),
                )
              }
            />
          </span>
        ) : (
          <Tag severity="success" value="Active" />
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Projects"
        subtitle="Workspaces for your terminals, payments and team."
        actions={<Button label="New project" icon="pi pi-plus" onClick={() => setCreating(true)} />}
      />
      <ServerTable
        id="projects"
        columns={columns}
        query={query}
        rows={projects.data?.data}
        nextCursor={projects.data?.next_cursor}
        loading={projects.isFetching}
        error={projects.error}
        onRetry={() => void projects.refetch()}
        toolbar={
          <IconField iconPosition="left" className="table-search">
            <InputIcon className="pi pi-search" />
            <InputText
              aria-label="Search projects"
              placeholder="Search projects"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </IconField>
        }
        empty={
          filtered ? (
            <EmptyState icon="pi-filter-slash" title="No project matches your search">
              <p>Clear the search or a filter to see more.</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-folder-open"
              title="No projects yet"
              action={<Button label="Create a project" icon="pi pi-plus" onClick={() => setCreating(true)} />}
            >
              <p>A project holds one shop or brand: its terminals, payments, team, API keys and webhooks.</p>
            </EmptyState>
          )
        }
      />
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </>
  );
}
