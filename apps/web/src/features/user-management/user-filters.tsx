import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_ROLES, isGrantableRole, type GrantableRole } from './labels';

export interface UserFilterValues {
  search: string;
  role: GrantableRole | '';
  locked: boolean;
}

interface UserFiltersProps {
  values: UserFilterValues;
  onChange: (next: UserFilterValues) => void;
}

/** Search by username or e-mail, and narrow by role and by locked. */
export function UserFilters({ values, onChange }: UserFiltersProps) {
  const { t } = useTranslation('userManagement');
  return (
    <Group align="flex-end" gap="md" role="search" aria-label={t('users.filters.label')}>
      <TextInput
        type="search"
        label={t('users.filters.search')}
        placeholder={t('users.filters.searchPlaceholder')}
        value={values.search}
        onChange={(event) => onChange({ ...values, search: event.currentTarget.value })}
        w={{ base: '100%', xs: 280 }}
      />
      <NativeSelect
        label={t('users.filters.role')}
        value={values.role}
        onChange={(event) => {
          const role = event.currentTarget.value;
          onChange({ ...values, role: isGrantableRole(role) ? role : '' });
        }}
        data={[
          { value: '', label: t('users.filters.anyRole') },
          ...GRANTABLE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
        ]}
        w={{ base: '100%', xs: 200 }}
      />
      <Checkbox
        label={t('users.filters.lockedOnly')}
        checked={values.locked}
        onChange={(event) => onChange({ ...values, locked: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
