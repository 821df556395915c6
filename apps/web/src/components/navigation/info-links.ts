import type { NavItem } from './nav-items';

export type InfoLink = Pick<NavItem, 'route'> & {
  label: 'faqs' | 'privacyPolicy' | 'termsAndConditions' | 'feedback';
};

/**
 * The information pages, the same for everyone (spec §2, menu labels): at the foot of the sign-in
 * frame and at the end of the menu (nav-items.ts adds their icons there). Apart from the menu, so
 * the sign-in screen's download does not carry the menu and its icons.
 */
export const INFO_LINKS: readonly InfoLink[] = [
  { route: 'faqs', label: 'faqs' },
  { route: 'privacyPolicy', label: 'privacyPolicy' },
  { route: 'termsAndConditions', label: 'termsAndConditions' },
  { route: 'feedback', label: 'feedback' },
];
