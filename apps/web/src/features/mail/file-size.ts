import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** "1.2 MB" as the reader's language writes it. */
export function useFileSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const kb = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });
    const mb = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    return (bytes: number) => (bytes < 1024 * 1024 ? kb.format(Math.max(1, Math.round(bytes / 1024))) : mb.format(bytes / (1024 * 1024)));
  }, [i18n.language]);
}
