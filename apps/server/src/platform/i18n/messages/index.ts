// Every catalogue imported, so the server bundle carries them (docs/develop/testing.md#the-bundle):
// nothing is read from disk at run time.

import type { SHOPPER_LOCALES, USER_LOCALES } from '../locales';
import shoppers_ar from './shoppers/ar.json';
import shoppers_de from './shoppers/de.json';
import shoppers_en from './shoppers/en.json';
import shoppers_es from './shoppers/es.json';
import shoppers_fr from './shoppers/fr.json';
import shoppers_it from './shoppers/it.json';
import shoppers_ja from './shoppers/ja.json';
import shoppers_ko from './shoppers/ko.json';
import shoppers_nl from './shoppers/nl.json';
import shoppers_pl from './shoppers/pl.json';
import shoppers_pt from './shoppers/pt.json';
import shoppers_sv from './shoppers/sv.json';
import shoppers_tr from './shoppers/tr.json';
import shoppers_uk from './shoppers/uk.json';
import shoppers_zh_Hans from './shoppers/zh-Hans.json';
import users_de from './users/de.json';
import users_en from './users/en.json';
import users_es from './users/es.json';
import users_fr from './users/fr.json';

type Catalogue = Record<string, string>;

// Typed by the locale lists: a language added there without its file does not compile.
export const CATALOGUES: {
  users: Record<(typeof USER_LOCALES)[number], Catalogue>;
  shoppers: Record<(typeof SHOPPER_LOCALES)[number], Catalogue>;
} = {
  users: { de: users_de, en: users_en, es: users_es, fr: users_fr },
  shoppers: {
    de: shoppers_de,
    en: shoppers_en,
    es: shoppers_es,
    fr: shoppers_fr,
    it: shoppers_it,
    nl: shoppers_nl,
    pt: shoppers_pt,
    ja: shoppers_ja,
    'zh-Hans': shoppers_zh_Hans,
    ko: shoppers_ko,
    tr: shoppers_tr,
    pl: shoppers_pl,
    uk: shoppers_uk,
    sv: shoppers_sv,
    ar: shoppers_ar,
  },
};
