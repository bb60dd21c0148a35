import './search.css';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { SearchDialog } from './SearchDialog';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The top bar's search: a box on wide screens, an icon on phones; either, or
 * Ctrl-K / ⌘-K anywhere in the project, opens the search dialog.
 */
export function ProjectSearch({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useT();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        // The browser's own Ctrl-K focuses its address bar: the console claims it, as GitHub does.
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const shortcut = isMac ? '⌘K' : 'Ctrl K';
  return (
    <>
      <button
        type="button"
        className="search-trigger"
        onClick={() => setOpen(true)}
        // Named by what it shows ("Search… Ctrl K", WCAG 2.5.3); the shortcut is announced too.
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        aria-haspopup="dialog"
      >
        <i className="pi pi-search" aria-hidden="true" />
        <span className="search-trigger-text">{t('search.trigger')}</span>
        <kbd className="search-trigger-key">{shortcut}</kbd>
      </button>
      <Button
        icon="pi pi-search"
        text
        rounded
        className="search-trigger-icon"
        aria-label={t('search.title')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      {open && <SearchDialog projectId={projectId} onClose={() => setOpen(false)} />}
    </>
  );
}
