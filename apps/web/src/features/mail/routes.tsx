import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../components/layouts/lazy-page';

// Each screen loads on its first visit (issue 16).
const MailPage = lazyPage(() => import('./mail-page'), 'MailPage');

/** /mail: physicians and nurses (spec §2); patients read their mail on home's messages tab. */
export const mailRoute: RouteObject = { path: 'mail', element: <MailPage /> };
