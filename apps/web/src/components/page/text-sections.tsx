import { Paper, Stack, Text, Title } from '@mantine/core';

export interface TextSection {
  id: string;
  title: string;
  body: string;
}

/** Headed paragraphs: the privacy policy, the terms and the help page. */
export function TextSections({ sections }: { sections: readonly TextSection[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {sections.map((section) => (
          <Stack key={section.id} gap={6} component="section" aria-labelledby={`section-${section.id}`}>
            <Title order={2} size="h4" id={`section-${section.id}`}>
              {section.title}
            </Title>
            <Text>{section.body}</Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
