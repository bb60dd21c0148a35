import type { ConsoleLanguage, Messages } from '../lib/i18n/console-intl';

// The web terminal carries only the `common` and `terminal` areas of the catalogues.
const CATALOGUES: Record<ConsoleLanguage, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:scanline-messages/terminal/en'),
  de: () => import('virtual:scanline-messages/terminal/de'),
  fr: () => import('virtual:scanline-messages/terminal/fr'),
  es: () => import('virtual:scanline-messages/terminal/es'),
};

export const loadTerminalCatalogue = async (language: ConsoleLanguage) =>
  (await CATALOGUES[language]()).default;
