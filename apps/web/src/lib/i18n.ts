/**
 * i18next with the generic strings in English (en-GB, the default) and Russian (docs/product.md §1).
 * The user picks the language in the user menu; the choice is kept in localStorage 'lang' and
 * `<html lang>` follows it, so screen readers and hyphenation use the right language. Screen-specific
 * texts (docs/product.md §2) are written in the screens themselves.
 */
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { ru } from './locales/ru';

/** Each language named in itself, as language pickers do. */
export const LANGUAGES = [
  { code: 'en-GB', name: 'English' },
  { code: 'ru', name: 'Русский' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

const DEFAULT_LANGUAGE: Language = 'en-GB';
const LANGUAGE_STORAGE_KEY = 'lang';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18next.use(initReactI18next).init({
  resources: { 'en-GB': { translation: en }, ru: { translation: ru } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const i18n = i18next;

/** Switches the language now and for the next visits. */
export function setLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    /* storage unavailable: the choice lasts until the tab closes */
  }
  void i18next.changeLanguage(language);
}

/** The current language; components using it re-render when it changes. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;
}
