import { isUuid } from '@opencare/schemas/uuid';
import { Navigate, Outlet, useParams } from 'react-router-dom';

interface RequireUuidParamProps {
  param: string;
  /** Where a malformed id goes: the list it should have come from. */
  fallback: string;
}

/** A route whose parameter must be a UUID (spec §5, patient id); anything else goes back to the list. */
export function RequireUuidParam({ param, fallback }: RequireUuidParamProps) {
  const value = useParams()[param];
  return isUuid(value) ? <Outlet /> : <Navigate to={fallback} replace />;
}
