import { Dropdown } from 'primereact/dropdown';
import { Link, useLocation, useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { useProjects } from '../../shared/projects/hooks';

/** The current project by name, and a quick way to the same screen of another project. */
export function ProjectSwitcher({ projectId }: { projectId: string }) {
  const projects = useProjects();
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useT();
  const options = (projects.data ?? [])
    .filter((p) => !p.deleted_at)
    .map((p) => ({ value: p.id, label: p.name }));
  const section = location.pathname.split('/')[3] ?? 'dashboard';
  return (
    <div className="project-switcher">
      <label className="project-switcher-label" htmlFor="project-switcher">
        {t('nav.project')}
      </label>
      <Dropdown
        inputId="project-switcher"
        value={projectId}
        options={options}
        placeholder={projectId}
        onChange={(e) => navigate(`/p/${e.value}/${section === 'webhooks' ? 'webhooks' : section}`)}
        className="w-full"
        panelClassName="project-switcher-panel"
        // A long name is cut with an ellipsis: the whole name shows on hover.
        valueTemplate={(option: { label: string } | null) =>
          option ? <span title={option.label}>{option.label}</span> : projectId
        }
        itemTemplate={(option: { label: string }) => <span title={option.label}>{option.label}</span>}
        filter={options.length > 8}
        filterInputAutoFocus
      />
      <Link to="/p" className="project-switcher-link">
        <i className="pi pi-th-large" aria-hidden="true" /> {t('nav.allProjects')}
      </Link>
    </div>
  );
}
