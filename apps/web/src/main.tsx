import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n/i18n';
import { storedLanguage } from './i18n/language';

const language = storedLanguage();
initI18n(language);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App language={language} />
  </StrictMode>,
);
