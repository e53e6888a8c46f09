/**
 * i18next with the generic strings in English (en-GB, the default) and Russian (spec part 1).
 * The language is en-GB unless localStorage 'lang' says 'ru'. Screen-specific texts of the spec
 * are written in the screens themselves.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { ru } from './locales/ru';

const DEFAULT_LANGUAGE = 'en-GB';

function storedLanguage(): string {
  try {
    return localStorage.getItem('lang') === 'ru' ? 'ru' : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

void i18next.use(initReactI18next).init({
  resources: { 'en-GB': { translation: en }, ru: { translation: ru } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export const i18n = i18next;
