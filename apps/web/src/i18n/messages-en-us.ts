import { ERRORS, errorKeys, type ErrorKey } from '@opencare/schemas/errors';
import enAlerts from './locales/en-US/alerts.json';
import enCommon from './locales/en-US/common.json';
import enFields from './locales/en-US/fields.json';
import enMail from './locales/en-US/mail.json';
import enSettings from './locales/en-US/settings.json';
import enSystem from './locales/en-US/system.json';

/**
 * The error catalogue's en-US messages are the source text of `common:errors.<key>`: the catalogue
 * in packages/schemas stays their only home, and every other locale must translate every key.
 */
const errorMessages = Object.fromEntries(errorKeys.map((key) => [key, ERRORS[key].message])) as Record<
  ErrorKey,
  string
>;

/**
 * en-US, the source locale: one namespace per feature, so features keep their strings apart. The
 * namespaces the first load needs (the shell and the sign-in page) are here; the others are in
 * messages-en-us-later.ts, each fetched when a screen first needs it. Their shape is every other locale's type.
 */
export const messages = {
  common: { ...enCommon, errors: errorMessages },
  fields: enFields,
  settings: enSettings,
  system: enSystem,
  mail: enMail,
  alerts: enAlerts,
};

/** The later namespaces' files, a chunk each, fetched as screens ask for them (resources.ts). */
export const laterFiles = import.meta.glob<object>(
  ['./locales/en-US/*.json', '!./locales/en-US/{common,fields,settings,system,mail,alerts}.json'],
  { import: 'default' },
);
