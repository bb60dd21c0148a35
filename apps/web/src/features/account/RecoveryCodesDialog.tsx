import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useT } from '../../lib/i18n/console-intl';
import { useUi } from '../../ui/global-ui';

/** The new recovery codes, shown once, to download or copy. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const ui = useUi();
  const { t } = useT();
  const text = `${t('account.codes.fileTitle')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'scanline-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog
      header={t('account.codes.title')}
      visible
      onHide={onClose}
      className="mfa-dialog"
      modal
      footer={<Button label={t('account.codes.saved')} onClick={onClose} />}
    >
      <p>{t('account.codes.text')}</p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button
          label={t('account.codes.download')}
          icon="pi pi-download"
          className="p-button-outlined"
          onClick={download}
        />
        <Button
          label={t('common.copy')}
          icon="pi pi-copy"
          className="p-button-outlined"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => ui.toast('success', t('account.codes.copied')),
              () => ui.toast('error', t('account.codes.copyFailed'), t('account.codes.copyFailedText')),
            )
          }
        />
      </div>
    </Dialog>
  );
}
