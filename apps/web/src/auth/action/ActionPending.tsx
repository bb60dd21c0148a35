import { ProgressSpinner } from 'primereact/progressspinner';
import { ActionFrame } from './ActionFrame';

/** The card while a link is checked or used. */
export function ActionPending({ title }: { title: string }) {
  return (
    <ActionFrame title={title}>
      <div className="pending">
        <ProgressSpinner style={{ width: 40, height: 40 }} aria-label="Working" />
      </div>
    </ActionFrame>
  );
}
