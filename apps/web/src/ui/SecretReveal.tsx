import { Button } from 'primereact/button';
import { useState } from 'react';
import { useT } from '../lib/i18n/console-intl';

/**
 * A secret in a box with its Copy button (API keys, webhook signing secrets). With `masked`,
 * the box shows that instead until revealed, and a Reveal/Hide switch; `revealed` is the
 * caller's, which reveals a secret it has just made.
 */
export function SecretReveal({
  secret,
  testId,
  masked,
  revealed = true,
  onRevealedChange,
}: {
  secret: string;
  testId: string;
  masked?: string;
  revealed?: boolean;
  onRevealedChange?: (revealed: boolean) => void;
}) {
  const [copied, setCopied] = useState(false);
  const { t } = useT();
  const hideable = masked !== undefined && onRevealedChange !== undefined;
  return (
    <div className="secret-box">
      <code data-testid={testId}>{hideable && !revealed ? masked : secret}</code>
      {hideable && (
        <Button
          icon={revealed ? 'pi pi-eye-slash' : 'pi pi-eye'}
          label={revealed ? t('common.hide') : t('common.reveal')}
          size="small"
          text
          onClick={() => onRevealedChange(!revealed)}
        />
      )}
      <Button
        icon={copied ? 'pi pi-check' : 'pi pi-copy'}
        label={copied ? t('common.copied') : t('common.copy')}
        size="small"
        onClick={() =>
          navigator.clipboard.writeText(secret).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      />
    </div>
  );
}
