import { SEARCH_QUERY_MAX, type SearchKind, type SearchResult } from '@scanline/contracts';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import type { MessageId } from '../../messages/keys';
import { useDebounced, useProjectSearch } from './hooks';

const KIND_LABELS: Record<SearchKind, { label: MessageId; icon: string }> = {
  transaction: { label: 'nav.transactions', icon: 'pi-credit-card' },
  terminal: { label: 'nav.terminals', icon: 'pi-tablet' },
  member: { label: 'nav.members', icon: 'pi-users' },
  api_key: { label: 'nav.apiKeys', icon: 'pi-key' },
  webhook: { label: 'nav.webhooks', icon: 'pi-send' },
};

// Long enough to skip most keystrokes of a typed word, short enough to feel immediate.
const DEBOUNCE_MS = 200;

/** The search dialog: a query box, results grouped by kind, arrows and Enter to open one. */
export function SearchDialog({ projectId, onClose }: { projectId: string; onClose(): void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { t } = useT();
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useProjectSearch(projectId, q);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Results shown only for what is in the box (not a previous query's, kept while loading).
  const current = q && search.data?.q === q ? search.data : undefined;
  const groups = current?.groups ?? [];
  const items = groups.flatMap((g) => g.items);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts with nothing chosen.
  useEffect(() => setActive(-1), [current]);
  useEffect(() => {
    document.getElementById(optionId(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const open = (item: SearchResult) => {
    onClose();
    navigate(item.url);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === 'Enter' && items.length) {
      e.preventDefault();
      // Not while the shown results are an earlier query's: Enter would open the wrong thing.
      if (text.trim() === q) open(items[Math.max(active, 0)]!);
    }
  };

  const waiting = text.trim() !== q || (Boolean(q) && !current && !search.isError);
  let index = -1;
  return (
    <Dialog
      visible
      onHide={onClose}
      onShow={() => input.current?.focus()}
      header={t('search.title')}
      position="top"
      dismissableMask
      draggable={false}
      resizable={false}
      className="search-dialog"
      contentClassName="search-dialog-content"
    >
      <span className="search-input-wrap">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText
          ref={input}
          autoFocus
          value={text}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(listId, active) : undefined}
          className="search-input"
        />
      </span>
      <div className="search-progress">{waiting && q ? <ProgressBar mode="indeterminate" /> : null}</div>
      {!q && !text.trim() ? (
        <p className="search-hint">{t('search.hint')}</p>
      ) : search.isError && !waiting ? (
        <p className="search-hint search-error" role="alert">
          {search.error.message}
        </p>
      ) : current && groups.length === 0 ? (
        <p className="search-hint">{t('search.nothing', { q: current.q })}</p>
      ) : null}
      <div id={listId} role="listbox" aria-label={t('search.results')} className="search-results">
        {groups.map((g) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are ARIA groups; a fieldset holds form controls.
          <div key={g.kind} role="group" aria-labelledby={`${listId}-${g.kind}`} className="search-group">
            <div id={`${listId}-${g.kind}`} className="search-group-title">
              {t(KIND_LABELS[g.kind].label)}
            </div>
            {g.items.map((item) => {
              index++;
              const i = index;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the list from the search box (aria-activedescendant).
                <div
                  key={`${item.kind}:${item.id}`}
                  id={optionId(listId, i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={`search-result${i === active ? ' active' : ''}`}
                  onMouseMove={() => setActive(i)}
                  onClick={() => open(item)}
                >
                  <i className={`pi ${KIND_LABELS[item.kind].icon}`} aria-hidden="true" />
                  <span className="search-result-text">
                    <span className="search-result-title">{item.title}</span>
                    {item.subtitle && <span className="search-result-subtitle">{item.subtitle}</span>}
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Dialog>
  );
}

const optionId = (listId: string, i: number) => `${listId}-option-${i}`;
