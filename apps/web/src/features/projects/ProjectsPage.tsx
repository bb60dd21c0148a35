import type { Project } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUi } from '../../app/global-ui';
import { formatDate } from '../../theme/date-format';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { keys, send, useAction, useProjects } from '../workspace/hooks';
import { QueryState } from '../workspace/QueryState';
import { RoleTag } from '../workspace/RoleTag';
import { CreateProjectDialog } from './CreateProjectDialog';

export default function ProjectsPage() {
  const ui = useUi();
  const projects = useProjects();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const search = params.get('q') ?? '';
  const restore = useAction(
    (id: string) => send('POST', `/projects/${id}/restore`),
    [keys.projects, keys.me],
  );
  const rows = (projects.data ?? []).filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
  return (
    <>
      <PageHeader
        title="Projects"
        subtitle="Workspaces for your terminals, payments and team."
        actions={<Button label="New project" icon="pi pi-plus" onClick={() => setCreating(true)} />}
      />
      <QueryState query={projects}>
        {() =>
          projects.data?.length ? (
            <>
              <IconField iconPosition="left" className="table-search">
                <InputIcon className="pi pi-search" />
                <InputText
                  aria-label="Search projects"
                  placeholder="Search projects"
                  value={search}
                  onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
                />
              </IconField>
              <DataTable
                responsiveLayout="stack"
                breakpoint="767px"
                value={rows}
                dataKey="id"
                stripedRows
                sortField="created_at"
                sortOrder={-1}
                emptyMessage="No project matches your search."
              >
                <Column
                  field="name"
                  header="Name"
                  sortable
                  body={(p: Project) =>
                    p.deleted_at ? (
                      <span className="muted">{p.name}</span>
                    ) : (
                      <Link to={`/p/${p.id}/dashboard`}>{p.name}</Link>
                    )
                  }
                />
                <Column
                  field="role"
                  header="Your role"
                  sortable
                  body={(p: Project) => <RoleTag role={p.role} />}
                />
                <Column field="currency" header="Currency" sortable />
                <Column field="time_zone" header="Time zone" sortable />
                <Column
                  field="created_at"
                  header="Created"
                  sortable
                  body={(p: Project) => formatDate(p.created_at, false)}
                />
                <Column
                  header="Status"
                  body={(p: Project) =>
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
                    )
                  }
                />
              </DataTable>
            </>
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
      </QueryState>
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </>
  );
}
