import { Badge, Paper, Table, Title } from '@mantine/core';
import type { Account } from '@opencare/schemas/entities/account';
import type { RoleName } from '@opencare/schemas/role-table';
import { useTranslation } from 'react-i18next';
import { isAccountType, useListJoin } from './labels';

/** A user's accounts, each with its type, roles and status; the default one is marked. */
export function UserAccounts({ accounts }: { accounts: Account[] }) {
  const { t } = useTranslation('userManagement');
  const join = useListJoin();
  const typeOf = (account: Account) =>
    isAccountType(account.accountType.code)
      ? t(`accountTypes.${account.accountType.code}`)
      : account.accountType.description;
  const rolesOf = (account: Account) =>
    join((Object.keys(account.roles) as RoleName[]).map((role) => t(`roles.${role}`)));
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="user-accounts"
    >
      <Title order={2} size="h4" mb="sm" id="user-accounts">
        {t('user.accounts.title')}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="xs" data-testid="user-accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('user.accounts.number')}</Table.Th>
              <Table.Th>{t('user.accounts.type')}</Table.Th>
              <Table.Th>{t('user.accounts.roles')}</Table.Th>
              <Table.Th>{t('user.accounts.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <bdi dir="ltr">{account.accountNumber}</bdi>
                  {account.accountLabel && <> · {account.accountLabel}</>}
                  {account.isDefault && (
                    <Badge variant="outline" size="sm" tt="none" ms="xs">
                      {t('user.accounts.default')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{typeOf(account)}</Table.Td>
                <Table.Td>{rolesOf(account)}</Table.Td>
                <Table.Td>
                  {account.status.code === 'active' || account.status.code === 'inactive'
                    ? t(`users.status.${account.status.code}`)
                    : account.status.description}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
