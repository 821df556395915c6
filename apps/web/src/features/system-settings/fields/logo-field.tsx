import { Button, FileButton, Group, Input, Paper } from '@mantine/core';
import { LOGO_MAX_BYTES } from '@opencare/schemas/entities/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/svg+xml';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

interface LogoFieldProps {
  /** A data URL, or '' for no logo. */
  value: string;
  onChange: (logo: string) => void;
  error?: string;
}

/**
 * The organisation's logo, kept as a data URL inside the settings: it travels with the public
 * branding, so it is checked for size here before it is read, and again by the schema.
 */
export function LogoField({ value, onChange, error }: LogoFieldProps) {
  const { t } = useTranslation('system');
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | null) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(t('validation.logoSize'));
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
      setProblem(null);
    } catch {
      setProblem(t('organization.logoUnreadable'));
    }
  }

  return (
    <Input.Wrapper
      label={t('organization.logo')}
      description={t('organization.logoHint')}
      error={problem ?? error}
    >
      <Group gap="sm" mt={6} wrap="wrap">
        {value && (
          <Paper withBorder radius="sm" p={6} data-testid="logo-preview">
            <img
              src={value}
              alt={t('organization.logoPreview')}
              style={{ display: 'block', height: 48, maxWidth: 160, objectFit: 'contain' }}
            />
          </Paper>
        )}
        <FileButton onChange={(file) => void choose(file)} accept={ACCEPTED}>
          {(props) => (
            <Button {...props} variant="light" data-testid="logo-upload">
              {value ? t('organization.replaceLogo') : t('organization.uploadLogo')}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button
            variant="subtle"
            color="red"
            onClick={() => {
              onChange('');
              setProblem(null);
            }}
            data-testid="logo-remove"
          >
            {t('organization.removeLogo')}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}
