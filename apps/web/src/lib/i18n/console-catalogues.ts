import type { ConsoleLanguage, Messages } from './console-intl';

// The console's merged catalogues (every area), one chunk per language, fetched when chosen.
const CATALOGUES: Record<ConsoleLanguage, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:scanline-messages/console/en'),
  de: () => import('virtual:scanline-messages/console/de'),
  fr: () => import('virtual:scanline-messages/console/fr'),
  es: () => import('virtual:scanline-messages/console/es'),
};

export const loadConsoleCatalogue = async (language: ConsoleLanguage) =>
  (await CATALOGUES[language]()).default;
