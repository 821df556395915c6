import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../api/trpc';
import { homeQueries } from '../../home/home-queries';

export const useEnrolments = (patientId: string) => useQuery(homeQueries.enrolments(trpc.useUtils(), patientId));

/** Any change to an episode: the patient's list is read again. */
function useEnrolmentChanged() {
  const utils = trpc.useUtils();
  return () => utils.enrolments.list.invalidate();
}

export const useEnrolMutation = () => trpc.enrolments.enrol.useMutation({ onSuccess: useEnrolmentChanged() });
export const useSetupMutation = () => trpc.enrolments.setup.useMutation({ onSuccess: useEnrolmentChanged() });
export const useConsentMutation = () => trpc.enrolments.consent.useMutation({ onSuccess: useEnrolmentChanged() });
export const useWithdrawMutation = () => trpc.enrolments.withdraw.useMutation({ onSuccess: useEnrolmentChanged() });
