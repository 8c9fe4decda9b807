/**
 * The one i18n layer: `t(key, params)` with English as the reference, the chosen locale kept on
 * the device and sent to the API (Accept-Language), number formatting by locale. The words
 * themselves are in `@kitwright/copy` (shared with the server's public pages).
 */
import {
  DEFAULT_LOCALE,
  LOCALE_NAMES,
  type Locale,
  resolveLocale,
  SUPPORTED_LOCALES,
} from '@kitwright/contracts/constants';
import { type MessageKey, type ParamsFor, type PluralKey, translate } from '@kitwright/copy/messages';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { localeStore } from './locale-store';

export type { MessageKey, ParamsFor, PluralKey };
export { translate };
export type Translate = <K extends MessageKey>(key: K, ...params: ParamsFor<K>) => string;

interface I18n {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  formatNumber: (n: number) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function initialLocale(): Locale {
  return resolveLocale(localeStore.load() ?? localeStore.device() ?? DEFAULT_LOCALE);
}

export function I18nProvider({
  children,
  onChange,
}: {
  children: ReactNode;
  onChange?: (locale: Locale) => void;
}) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const setLocale = useCallback(
    (next: Locale) => {
      localeStore.save(next);
      setLocaleState(next);
      onChange?.(next);
    },
    [onChange],
  );
  const value = useMemo<I18n>(
    () => ({
      locale,
      setLocale,
      t: (key, ...params) => translate(locale, key, ...params),
      formatNumber: (n) => new Intl.NumberFormat(locale).format(n),
    }),
    [locale, setLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}

export const LANGUAGES = SUPPORTED_LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] }));
