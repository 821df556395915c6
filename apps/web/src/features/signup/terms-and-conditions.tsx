import { Checkbox, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import enInfo from '../../i18n/locales/en-US/info.json';

/** The sections of the app's terms (the /terms-and-conditions page's text), in their order. */
const SECTIONS = Object.keys(enInfo.terms.sections) as (keyof typeof enInfo.terms.sections)[];

/**
 * The terms a person accepts to sign up or to take an invitation: the same text as the terms page,
 * so there is one version of what was accepted.
 */
export function TermsText() {
  const { t } = useTranslation('info');
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md">
      <ScrollArea.Autosize mah={320} type="auto" offsetScrollbars>
        {/* The region is focusable so keyboard users can scroll it; its heading names it. */}
        <Stack gap="sm" tabIndex={0} role="region" aria-labelledby={headingId}>
          <Title order={3} size="h5" id={headingId}>
            {t('terms.title')}
          </Title>
          <Text size="sm">{t('terms.intro')}</Text>
          {SECTIONS.map((section) => (
            <Stack key={section} gap={2}>
              <Text fw={600} size="sm">
                {t(`terms.sections.${section}.title`)}
              </Text>
              <Text size="sm">{t(`terms.sections.${section}.body`)}</Text>
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

interface TermsAcceptanceProps {
  checked?: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

export function TermsAcceptance({ checked = false, onChange, error }: TermsAcceptanceProps) {
  const { t } = useTranslation('signup');
  return (
    <Stack>
      <TermsText />
      <Checkbox
        name="termsAccepted"
        label={t('fields.termsAccepted')}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
        aria-invalid={error ? true : undefined}
        required
      />
    </Stack>
  );
}
