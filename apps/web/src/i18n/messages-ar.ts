import arAlerts from './locales/ar/alerts.json';
import arCommon from './locales/ar/common.json';
import arFields from './locales/ar/fields.json';
import arMail from './locales/ar/mail.json';
import arSettings from './locales/ar/settings.json';
import arSystem from './locales/ar/system.json';
import type { FirstMessages } from './resources';

/** Arabic, the first load's namespaces. Annotated with the source's type: a missing key is a compile error (locales.test.ts names it). */
export const messages: FirstMessages = {
  common: arCommon,
  fields: arFields,
  settings: arSettings,
  system: arSystem,
  mail: arMail,
  alerts: arAlerts,
};

/** The later namespaces' files, a chunk each, fetched as screens ask for them (resources.ts). */
export const laterFiles = import.meta.glob<object>(
  ['./locales/ar/*.json', '!./locales/ar/{common,fields,settings,system,mail,alerts}.json'],
  { import: 'default' },
);
