import { errorKeys } from '@opencare/schemas/errors';
import { describe, expect, it } from 'vitest';
import { messages as arabic } from './messages-ar';
import { messages as arabicLater } from './messages-ar-later';
import { messages as english } from './messages-en-us';
import { messages as englishLater } from './messages-en-us-later';
import { messages as spanish } from './messages-es';
import { messages as spanishLater } from './messages-es-later';

const resources = {
  'en-US': { ...english, ...englishLater },
  es: { ...spanish, ...spanishLater },
  ar: { ...arabic, ...arabicLater },
};

type Tree = { [key: string]: string | Tree };

/** Every leaf of a locale as "a.b.c" → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const source = flatten(resources['en-US']);
const others = { es: resources.es, ar: resources.ar } as const;

describe('locales', () => {
  it('translate every key of the error catalogue', () => {
    for (const locale of [resources['en-US'], resources.es, resources.ar]) {
      const errors = flatten(locale.common.errors);
      expect(errorKeys.filter((key) => !errors.get(key)?.trim())).toEqual([]);
    }
  });

  it('has a non-empty source locale', () => {
    expect(source.size).toBeGreaterThan(0);
    for (const [key, text] of source) expect(text.trim(), key).not.toBe('');
  });

  for (const [name, locale] of Object.entries(others)) {
    const target = flatten(locale);

    it(`${name} has every key of en-US`, () => {
      const missing = [...source.keys()].filter((key) => !target.has(key));
      expect(missing, `keys missing in ${name}`).toEqual([]);
    });

    it(`${name} has no key that en-US lacks`, () => {
      const extra = [...target.keys()].filter((key) => !source.has(key));
      expect(extra, `keys in ${name} but not in en-US`).toEqual([]);
    });

    it(`${name} keeps the placeholders of en-US`, () => {
      for (const [key, text] of source) {
        const translated = target.get(key);
        if (translated === undefined) continue;
        expect(translated.trim(), `${name}: ${key} is empty`).not.toBe('');
        expect(placeholders(translated), `${name}: ${key}`).toEqual(placeholders(text));
      }
    });
  }
});
