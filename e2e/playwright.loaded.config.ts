// Local only (not committed): the suite's config with longer waits, for a machine under load.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({ ...base, timeout: 90_000, expect: { timeout: 25_000 } });
