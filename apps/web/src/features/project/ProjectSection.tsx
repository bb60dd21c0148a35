import { useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';

export interface SectionText {
  title: string;
  subtitle: string;
  icon: string;
  emptyTitle: string;
  /** What will appear on this screen, said plainly. */
  what: string;
}

/** The frame of a project screen whose data arrives with a later capability, with an honest empty state. */
export function ProjectSection({ text }: { text: SectionText }) {
  const { id } = useParams();
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      <EmptyState icon={text.icon} title={text.emptyTitle}>
        <p>{text.what}</p>
        <p className="muted">Project {id}</p>
      </EmptyState>
    </>
  );
}
