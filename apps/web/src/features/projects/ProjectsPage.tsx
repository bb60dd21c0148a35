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
import { useT } from '../../lib/i18n/console-intl';
import { RoleTag, roleLabel } from '../../shared/RoleTag';
import { DateText, useFormatDate } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { CreateProjectDialog } from './CreateProjectDialog';
import { useProjectsPage } from './hooks';

export default function ProjectsPage() {
  const formatDate = useFormatDate();
  const ui = useUi();
  const { t } = useT();
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
      header: t('projects.col.name'),
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
      header: t('projects.col.role'),
      filterable: true,
      options: (['owner', 'admin', 'member'] as const).map((r) => ({ label: roleLabel(r), value: r })),
      body: (p) => <RoleTag role={p.role} />,
    },
    { field: 'currency', header: t('projects.col.currency'), filterable: true },
    { field: 'time_zone', header: t('projects.col.timeZone'), filterable: true },
    {
      field: 'created_at',
      header: t('projects.col.created'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (p) => <DateText value={p.created_at} withTime={false} />,
    },
    {
      field: 'status',
      header: t('projects.col.status'),
      body: (p) =>
        p.deleted_at ? (
          <span className="row-actions">
            <Tag severity="danger" value={t('projects.deleted', { date: formatDate(p.deleted_at, false) })} />
            <Button
              label={t('projects.restore')}
              size="small"
              text
              onClick={() =>
                restore.mutateAsync(p.id).then(
                  () => ui.toast('success', t('projects.restored', { name: p.name })),
                  (e: Error) => ui.toast('error', t('projects.notRestored'), e.message),
                )
              }
            />
          </span>
        ) : (
          <Tag severity="success" value={t('projects.active')} />
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('nav.projects')}
        subtitle={t('projects.subtitle')}
        actions={<Button label={t('projects.new')} icon="pi pi-plus" onClick={() => setCreating(true)} />}
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
              aria-label={t('projects.search')}
              placeholder={t('projects.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </IconField>
        }
        empty={
          filtered ? (
            <EmptyState icon="pi-filter-slash" title={t('projects.noMatch')}>
              <p>{t('projects.noMatchText')}</p>
            </EmptyState>
          ) : (
            <EmptyState
              icon="pi-folder-open"
              title={t('projects.none')}
              action={
                <Button label={t('projects.create')} icon="pi pi-plus" onClick={() => setCreating(true)} />
              }
            >
              <p>{t('projects.noneText')}</p>
            </EmptyState>
          )
        }
      />
      {creating && <CreateProjectDialog onClose={() => setCreating(false)} />}
    </>
  );
}
