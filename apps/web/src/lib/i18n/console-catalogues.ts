import type { ConsoleLanguage, Messages } from './console-intl';

// The console's catalogues, fetched when their language is chosen: /login paints with the
// sign-in areas alone (`auth`, `common`) and the rest follows once it shows; every other screen
// takes both at once (docs/develop/adding-a-language.md#first-paint).
type Chunk = () => Promise<{ default: Messages }>;
const SIGN_IN: Record<ConsoleLanguage, Chunk> = {
  en: () => import('virtual:scanline-messages/sign-in/en'),
  de: () => import('virtual:scanline-messages/sign-in/de'),
  fr: () => import('virtual:scanline-messages/sign-in/fr'),
  es: () => import('virtual:scanline-messages/sign-in/es'),
};
const REST: Record<ConsoleLanguage, Chunk> = {
  en: () => import('virtual:scanline-messages/console-rest/en'),
  de: () => import('virtual:scanline-messages/console-rest/de'),
  fr: () => import('virtual:scanline-messages/console-rest/fr'),
  es: () => import('virtual:scanline-messages/console-rest/es'),
};

export const loadSignInCatalogue = async (language: ConsoleLanguage) => (await SIGN_IN[language]()).default;

export const loadConsoleCatalogue = async (language: ConsoleLanguage): Promise<Messages> => {
  const [signIn, rest] = await Promise.all([SIGN_IN[language](), REST[language]()]);
  return { ...signIn.default, ...rest.default };
};
