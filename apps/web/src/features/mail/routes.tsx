import type { RouteObject } from 'react-router-dom';
import { EmptyScreenPage } from '../../pages/empty-screen-page';

/** /mail: physicians and nurses (spec §2); patients read their mail on home's messages tab. */
export const mailRoute: RouteObject = { path: 'mail', element: <EmptyScreenPage screen="mail" /> };
