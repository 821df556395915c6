import { icon } from './icon';

/*
 * The icons of the pages that come with the first screen (errors, no access), apart from the rest:
 * a module comes whole into the first download, and icons.tsx holds every icon of the app.
 */
export const AlertIcon = icon(<path d="M12 3 2 20h20zM12 10v4M12 17h.01" />);
export const InboxIcon = icon(
  <>
    <path d="M4 13 6.5 5h11L20 13v6H4z" />
    <path d="M4 13h4.5l1 2h5l1-2H20" />
  </>,
);
export const LockIcon = icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </>,
);
export const UserOffIcon = icon(
  <>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 21a7 7 0 0 1 11-5.7M16 16l5 5M21 16l-5 5" />
  </>,
);
