import { useT } from './i18n';

/** The padlock line under the card. */
export function SecureFooter() {
  const { t } = useT();
  return (
    <footer className="pay-footer pay-muted">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" className="pay-lock">
        <path
          fill="currentColor"
          d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z"
        />
      </svg>{' '}
      {t('footer.secure')}
    </footer>
  );
}
