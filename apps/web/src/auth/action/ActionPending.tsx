import { ProgressSpinner } from 'primereact/progressspinner';
import { useT } from '../../lib/i18n/console-intl';
import { ActionFrame } from './ActionFrame';

/** The card while a link is checked or used. */
export function ActionPending({ title }: { title: string }) {
  const { t } = useT();
  return (
    <ActionFrame title={title}>
      <div className="pending">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label={t('auth.action.working')} />
      </div>
    </ActionFrame>
  );
}
