import { Badge, Button, Group, Text } from '@mantine/core';
import type { PatientDetail } from '@opencare/schemas/entities/patients';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Detail, DetailList } from '../shared/detail-list';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';
import { CareProfileForm } from './care-profile-form';
import { useCanEditCare } from './use-can-edit-care';

interface ProfileCardProps {
  patient: PatientDetail;
  openAlerts: number;
}

/** Who the patient is and their care profile (spec §3), editable by their physicians and nurses. */
export function ProfileCard({ patient, openAlerts }: ProfileCardProps) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const canEdit = useCanEditCare();
  const [editing, { open, close }] = useDisclosure(false);
  const none = (
    <Text span c="dimmed" size="sm">
      {t('profile.none')}
    </Text>
  );
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : none);

  return (
    <SectionCard
      title={t('profile.title')}
      testId="profile-card"
      action={
        canEdit && (
          <Button size="xs" variant="light" onClick={open}>
            {t('profile.edit')}
          </Button>
        )
      }
    >
      {openAlerts > 0 && (
        <Badge color="red" variant="light" data-testid="open-alerts">
          {t('profile.openAlerts', { value: format.number(openAlerts, 0) })}
        </Badge>
      )}
      <DetailList>
        <Detail label={t('profile.dateOfBirth')}>
          {patient.dateOfBirth ? <bdi>{format.day(patient.dateOfBirth)}</bdi> : none}
        </Detail>
        <Detail label={t('profile.gender')}>
          {patient.gender ? t(`genders.${patient.gender.code as 'm' | 'f' | 'unk' | 'na'}`) : none}
        </Detail>
        <Detail label={t('profile.phone')}>
          {patient.phone ? <bdi dir="ltr">{patient.phone}</bdi> : none}
        </Detail>
        <Detail label={t('profile.email')}>
          {patient.email ? <bdi dir="ltr">{patient.email}</bdi> : none}
        </Detail>
        <Detail label={t('profile.primaryProvider')} testId="primary-provider">
          {patient.primaryProvider?.fullName ?? none}
        </Detail>
        <Detail label={t('profile.careTeam')} testId="care-team">
          {patient.careTeam.length > 0 ? (
            <Group gap={6} component="span">
              {patient.careTeam.map((member) => (
                <Badge key={member.accountId} variant="default" tt="none" fw={500}>
                  {member.fullName} · {t(`roles.${member.role}`)}
                </Badge>
              ))}
            </Group>
          ) : (
            none
          )}
        </Detail>
        <Detail label={t('profile.medicalHistory')}>{list(patient.medicalHistory)}</Detail>
        <Detail label={t('profile.medications')}>{list(patient.medications)}</Detail>
        <Detail label={t('profile.allergies')} testId="allergies">
          {list(patient.allergies)}
        </Detail>
        <Detail label={t('profile.bloodType')} testId="blood-type">
          {patient.bloodType ? <bdi dir="ltr">{patient.bloodType}</bdi> : none}
        </Detail>
      </DetailList>
      {canEdit && <CareProfileForm patient={patient} opened={editing} onClose={close} onSaved={close} />}
    </SectionCard>
  );
}
