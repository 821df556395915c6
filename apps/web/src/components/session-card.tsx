import { Avatar, Badge, Button, DataList, Group, Paper, Stack, Title } from '@mantine/core';
import type { Account } from '@opencare/schemas/entities/account';
import type { User } from '@opencare/schemas/entities/user';
import { displayedRole } from '@opencare/schemas/role-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountName } from '../i18n/account-name';
import { roleLabel } from '../i18n/role-label';

interface SessionCardProps {
  user: User;
  account: Account;
  onLogout: () => Promise<void>;
}

/** Who is logged in, as which account, and the way out. */
export function SessionCard({ user, account, onLogout }: SessionCardProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const role = displayedRole(account.roles);

  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Stack gap="lg">
        <Group wrap="nowrap" align="center">
          <Avatar color="teal" variant="filled" radius="xl" size="lg" aria-hidden>
            {user.initials}
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={2} size="h3" data-testid="user-full-name">
              {user.fullName}
            </Title>
            <Group gap="xs">
              {/* tt="none": the displayed role is lower case (spec §6); badges shout by default. */}
              <Badge
                variant="light"
                color="teal"
                size="lg"
                tt="none"
                data-testid="user-role"
                data-role={role}
              >
                {roleLabel(t, role)}
              </Badge>
            </Group>
          </Stack>
        </Group>

        <DataList labelWidth="9rem" withDivider>
          <DataList.Item>
            <DataList.ItemLabel>{t('home.username')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="user-username">{user.username}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('home.account')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="account-label">{accountName(t, account)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('home.accountNumber')}</DataList.ItemLabel>
            {/* Account numbers are Latin digits and letters: keep them left-to-right in Arabic. */}
            <DataList.ItemValue data-testid="account-number">
              <bdi>{account.accountNumber}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>

        <Group justify="flex-end">
          <Button
            variant="default"
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void onLogout().finally(() => setLeaving(false));
            }}
          >
            {t('home.logout')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
