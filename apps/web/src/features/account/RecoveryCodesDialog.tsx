import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useUi } from '../../ui/global-ui';

/** The new recovery codes, shown once, to download or copy. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const ui = useUi();
  const text = `Scanline recovery codes (each works once)\n\n${codes.join('\n')}\n`;
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
      header="Save your recovery codes"
      visible
      onHide={onClose}
      className="mfa-dialog"
      modal
      footer={<Button label="I saved them" onClick={onClose} />}
    >
      <p>
        Each code signs you in once if you lose your authenticator. They are shown only now: download or copy
        them and keep them somewhere safe.
      </p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button label="Download" icon="pi pi-download" className="p-button-outlined" onClick={download} />
        <Button
          label="Copy"
          icon="pi pi-copy"
          className="p-button-outlined"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => ui.toast('success', 'Recovery codes copied'),
              () => ui.toast('error', 'Could not copy', 'Select the codes and copy them yourself.'),
            )
          }
        />
      </div>
    </Dialog>
  );
}
