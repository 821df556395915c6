import { ColorSwatch, Group, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FONT_SIZE, MARK_COLORS } from './spc-camera';

interface ColorPickerProps {
  value: string;
  onChange: (color: string) => void;
}

/** The pen and text colours, as a radio group of swatches (arrow keys move, as in any radio group). */
export function MarkColorPicker({ value, onChange }: ColorPickerProps) {
  const { t } = useTranslation('visits');
  return (
    <Group gap={6} role="radiogroup" aria-label={t('tools.editor.color')}>
      {MARK_COLORS.map((color) => (
        <ColorSwatch
          key={color}
          component="button"
          type="button"
          role="radio"
          aria-checked={value === color}
          aria-label={t(`tools.colors.${color}`)}
          color={color}
          size={24}
          onClick={() => onChange(color)}
          style={{
            cursor: 'pointer',
            outline: value === color ? '2px solid var(--mantine-color-blue-filled)' : undefined,
            outlineOffset: 2,
          }}
        />
      ))}
    </Group>
  );
}

interface FontSizeProps {
  value: number;
  onChange: (size: number) => void;
}

export function FontSizeSlider({ value, onChange }: FontSizeProps) {
  const { t } = useTranslation('visits');
  return (
    <Stack gap={4} miw={160}>
      <Text size="xs" c="dimmed" aria-hidden>
        {t('tools.editor.fontSize', { size: value })}
      </Text>
      <Slider
        thumbLabel={t('tools.editor.fontSizeLabel')}
        min={FONT_SIZE.min}
        max={FONT_SIZE.max}
        step={1}
        value={value}
        onChange={onChange}
        label={null}
      />
    </Stack>
  );
}
