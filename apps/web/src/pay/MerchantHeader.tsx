import type { ShopperScan } from '@scanline/contracts';
import { LanguageMenu } from './i18n';

/** The merchant's initial, name and terminal, with the language menu. */
export function MerchantHeader({ scan }: { scan: ShopperScan | null }) {
  return (
    <header className="pay-merchant">
      <div className="pay-logo" aria-hidden="true">
        {(scan?.merchant.name ?? 'S').slice(0, 1).toUpperCase()}
      </div>
      <div className="pay-merchant-text">
        <p className="pay-merchant-name">{scan?.merchant.name ?? 'Scanline'}</p>
        {scan && <p className="pay-muted">{scan.terminal.label}</p>}
      </div>
      <LanguageMenu />
    </header>
  );
}
