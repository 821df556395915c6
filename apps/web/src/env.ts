import { version } from '../package.json';

declare global {
  interface ImportMetaEnv {
    /** The release named in error reports; the package version when unset. */
    readonly VITE_RELEASE?: string;
    /** Where the feedback page lets people write; the page explains other ways when unset. */
    readonly VITE_SUPPORT_EMAIL?: string;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The web app's build-time configuration (Vite's `VITE_*` variables), read and checked once here. */
export const env = {
  mode: import.meta.env.MODE,
  production: import.meta.env.PROD,
  release: import.meta.env.VITE_RELEASE?.trim() || version,
  supportEmail: EMAIL.test(import.meta.env.VITE_SUPPORT_EMAIL ?? '') ? import.meta.env.VITE_SUPPORT_EMAIL : undefined,
} as const;
