import esAlerts from './locales/es/alerts.json';
import esCommon from './locales/es/common.json';
import esFields from './locales/es/fields.json';
import esMail from './locales/es/mail.json';
import esSettings from './locales/es/settings.json';
import esSystem from './locales/es/system.json';
import type { FirstMessages } from './resources';

/** Spanish, the first load's namespaces. Annotated with the source's type: a missing key is a compile error (locales.test.ts names it). */
export const messages: FirstMessages = {
  common: esCommon,
  fields: esFields,
  settings: esSettings,
  system: esSystem,
  mail: esMail,
  alerts: esAlerts,
};

/** The later namespaces' files, a chunk each, fetched as screens ask for them (resources.ts). */
export const laterFiles = import.meta.glob<object>(
  ['./locales/es/*.json', '!./locales/es/{common,fields,settings,system,mail,alerts}.json'],
  { import: 'default' },
);
