import { useParams } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjectCrumbs } from '../../shared/project-crumbs';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';

export interface SectionText {
  title: string;
  subtitle: string;
  icon: string;
  emptyTitle: string;
  /** What will appear on this screen, said plainly. */
  what: string;
}

/**
 * The frame of a project screen whose data arrives with a later capability, with an honest
 * empty state. With `columns`, the list's real table frame (sort, seed §9 filters, column
 * chooser, paging) is shown already; the capability that brings the data passes its rows.
 */
export function ProjectSection({ text, columns }: { text: SectionText; columns?: TableColumn<object>[] }) {
  const { id } = useParams();
  const { t } = useT();
  const crumbs = useProjectCrumbs(text.title);
  const empty = (
    <EmptyState icon={text.icon} title={text.emptyTitle}>
      <p>{text.what}</p>
      <p className="muted">{t('project.section.project', { id: id ?? '' })}</p>
    </EmptyState>
  );
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} crumbs={crumbs} />
      {columns ? <SectionTable id={text.title.toLowerCase()} columns={columns} empty={empty} /> : empty}
    </>
  );
}

function SectionTable(props: { id: string; columns: TableColumn<object>[]; empty: React.ReactNode }) {
  const query = useTableQuery();
  return (
    <ServerTable
      id={props.id}
      columns={props.columns}
      query={query}
      rows={[]}
      nextCursor={null}
      loading={false}
      empty={props.empty}
      exportable
    />
  );
}
