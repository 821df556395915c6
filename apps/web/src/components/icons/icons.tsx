import { icon } from './icon';

export { AlertIcon, InboxIcon, LockIcon, UserOffIcon } from './page-icons';

export const HomeIcon = icon(<path d="M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5" />);
export const CalendarIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M8 3v4M16 3v4M3 10h18" />
  </>,
);
export const ActivityIcon = icon(<path d="M3 12h4l3-8 4 16 3-8h4" />);
export const GatewayIcon = icon(
  <>
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 16.5h.01M11 16.5h.01M12 13V9M8.5 7a5 5 0 0 1 7 0M6 4.5a8.5 8.5 0 0 1 12 0" />
  </>,
);
export const BluetoothIcon = icon(<path d="m7 7 10 10-5 5V2l5 5L7 17" />);
export const HelpIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
  </>,
);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const UsersIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </>,
);
export const ClipboardIcon = icon(
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 11h6M9 15h4" />
  </>,
);
export const ChartIcon = icon(<path d="M3 20h18M6 16v-4M11 16V6M16 16V9M21 16v-2" />);
export const DashboardIcon = icon(
  <>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </>,
);
export const SettingsIcon = icon(
  <>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </>,
);
export const QuestionIcon = icon(
  <>
    <path d="M4 5h16v11H10l-6 4z" />
    <path d="M10 8.5a2 2 0 1 1 2.8 1.8c-.5.2-.8.6-.8 1.2M12 13.5h.01" />
  </>,
);
export const ShieldIcon = icon(<path d="M12 3 20 6v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />);
export const FileIcon = icon(
  <>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </>,
);
export const FeedbackIcon = icon(
  <>
    <path d="M4 5h16v11H10l-6 4z" />
    <path d="M9 10.5h.01M12 10.5h.01M15 10.5h.01" />
  </>,
);
export const LogoutIcon = icon(<path d="M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10" />, { mirrorInRtl: true });
export const ChevronStartIcon = icon(<path d="m15 6-6 6 6 6" />, { mirrorInRtl: true });
export const ChevronEndIcon = icon(<path d="m9 6 6 6-6 6" />, { mirrorInRtl: true });
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
/** Opens elsewhere (a new tab): the arrow leaves the box towards the reading direction's end. */
export const ExternalIcon = icon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  { mirrorInRtl: true },
);
export const SwitchIcon = icon(<path d="M4 8h13l-3-3M20 16H7l3 3" />, { mirrorInRtl: true });
export const ArrowUpIcon = icon(<path d="M12 19V5M6 11l6-6 6 6" />);
export const ArrowDownIcon = icon(<path d="M12 5v14M6 13l6 6 6-6" />);
export const SortIcon = icon(<path d="M8 4v16M4 8l4-4 4 4M16 20V4M12 16l4 4 4-4" />);
export const CheckIcon = icon(<path d="m5 12 5 5 9-10" />);
export const BoxIcon = icon(
  <>
    <path d="M12 3 20 7.5v9L12 21l-8-4.5v-9z" />
    <path d="M4 7.5 12 12l8-4.5M12 12v9" />
  </>,
);
