import { useCallback } from 'react';
import { ApiError } from '../../api/api-error';
import { getInvitation } from './invitations-api';
import { useReloadable } from '../../components/data/use-reloadable';

/** One invitation by id; null when the server has none by that id (deleted, or a mistyped address). */
export function useInvitation(id: string) {
  const load = useCallback(async () => {
    try {
      return await getInvitation(id);
    } catch (error) {
      if (error instanceof ApiError && (error.key === 'notFound' || error.key === 'validationFailed'))
        return null;
      throw error;
    }
  }, [id]);
  return useReloadable(load);
}
